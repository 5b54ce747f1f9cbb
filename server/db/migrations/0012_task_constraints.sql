ALTER TABLE "tasks" ADD COLUMN "constraint_type" text DEFAULT 'ASAP' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "constraint_date" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "deadline" text;--> statement-breakpoint
-- A stored start-no-earlier-than is the task's SNET constraint.
UPDATE "tasks" SET "constraint_type" = 'SNET', "constraint_date" = "start_no_earlier_than"
  WHERE "start_no_earlier_than" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_constraint_type_check" CHECK ("tasks"."constraint_type" in ('ASAP', 'ALAP', 'SNET', 'SNLT', 'FNET', 'FNLT', 'MSO', 'MFO'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_constraint_date_check" CHECK (("tasks"."constraint_type" in ('ASAP', 'ALAP')) = ("tasks"."constraint_date" is null));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_constraint_snet_check" CHECK ("tasks"."start_no_earlier_than" is not distinct from (case when "tasks"."constraint_type" = 'SNET' then "tasks"."constraint_date" end));--> statement-breakpoint
-- A change of a task's constraint or deadline reschedules its project (a deadline moves late dates
-- and float only, a summary's binds its subtree), whatever the task's own duration: the computed
-- schedule an answer carries is never one from before it. The rest is as 0011 wrote it.
CREATE OR REPLACE FUNCTION "bump_project_task_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
  rescheduled integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "project_task_versions" SET "version" = "version" + 1, "schedule_version" = "schedule_version" + 1;
    RETURN NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT "project_id") INTO touched
      FROM (SELECT "project_id" FROM "changed_rows" UNION ALL SELECT "project_id" FROM "previous_rows") AS both_sides;
    SELECT array_agg(DISTINCT "side") INTO rescheduled FROM (
      SELECT unnest(ARRAY["after"."project_id", "before"."project_id"]) AS "side"
        FROM "changed_rows" AS "after" JOIN "previous_rows" AS "before" ON "before"."id" = "after"."id"
        WHERE (("after"."duration" IS NOT NULL OR "before"."duration" IS NOT NULL)
          AND ("after"."duration", "after"."scheduling_mode", "after"."start_no_earlier_than",
               "after"."start_date", "after"."due_date", "after"."project_id")
            IS DISTINCT FROM
              ("before"."duration", "before"."scheduling_mode", "before"."start_no_earlier_than",
               "before"."start_date", "before"."due_date", "before"."project_id"))
          -- A move in the outline changes what holds a subtree and what a summary spans, whatever
          -- the moved task's own duration; so does a summary's start-no-earlier-than.
          OR "after"."parent_id" IS DISTINCT FROM "before"."parent_id"
          OR "after"."start_no_earlier_than" IS DISTINCT FROM "before"."start_no_earlier_than"
          OR ("after"."constraint_type", "after"."constraint_date", "after"."deadline")
            IS DISTINCT FROM ("before"."constraint_type", "before"."constraint_date", "before"."deadline")
    ) AS "sides";
  ELSE
    SELECT array_agg(DISTINCT "project_id") INTO touched FROM "changed_rows";
    SELECT array_agg(DISTINCT "project_id") INTO rescheduled FROM "changed_rows"
      WHERE "duration" IS NOT NULL OR "parent_id" IS NOT NULL;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "project_task_versions" WHERE "project_id" = ANY (touched)
    ORDER BY "project_id" FOR NO KEY UPDATE;
  UPDATE "project_task_versions"
    SET "version" = "version" + 1,
        "schedule_version" = "schedule_version"
          + CASE WHEN "project_id" = ANY (coalesce(rescheduled, '{}'::integer[])) THEN 1 ELSE 0 END
    WHERE "project_id" = ANY (touched);
  RETURN NULL;
END
$$;
