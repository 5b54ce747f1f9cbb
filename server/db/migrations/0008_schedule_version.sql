ALTER TABLE "project_task_versions" ADD COLUMN "schedule_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- project_task_versions.schedule_version follows every statement that changes a scheduling input
-- of a scheduled task (one with a duration before or after): its duration, mode, start-no-earlier
-- constraint, dates, or project; a scheduled task inserted or deleted. Tasks without a duration are
-- not scheduled and carry no constraint, so their writes leave it. With the dependencies' graph
-- version and the calendar it keys a project's computed schedule (server/scheduling/project-schedules.ts),
-- so a title edit in a 5,000-task plan takes every task's schedule from memory.
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
        WHERE ("after"."duration" IS NOT NULL OR "before"."duration" IS NOT NULL)
          AND ("after"."duration", "after"."scheduling_mode", "after"."start_no_earlier_than",
               "after"."start_date", "after"."due_date", "after"."project_id")
            IS DISTINCT FROM
              ("before"."duration", "before"."scheduling_mode", "before"."start_no_earlier_than",
               "before"."start_date", "before"."due_date", "before"."project_id")
    ) AS "sides";
  ELSE
    SELECT array_agg(DISTINCT "project_id") INTO touched FROM "changed_rows";
    SELECT array_agg(DISTINCT "project_id") INTO rescheduled FROM "changed_rows" WHERE "duration" IS NOT NULL;
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
