CREATE TABLE "baseline_tasks" (
	"baseline_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"start" text,
	"finish" text,
	"duration" integer,
	CONSTRAINT "baseline_tasks_baseline_id_task_id_pk" PRIMARY KEY("baseline_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "baselines" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" integer,
	"finish" text
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "status_date" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "percent_complete" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "actual_start" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "actual_finish" text;--> statement-breakpoint
-- 100 % and completed are the same fact.
UPDATE "tasks" SET "percent_complete" = 100 WHERE "completed";--> statement-breakpoint
ALTER TABLE "baseline_tasks" ADD CONSTRAINT "baseline_tasks_baseline_id_baselines_id_fk" FOREIGN KEY ("baseline_id") REFERENCES "public"."baselines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baselines" ADD CONSTRAINT "baselines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baselines" ADD CONSTRAINT "baselines_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "baselines_project_id_idx" ON "baselines" USING btree ("project_id","id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_status_date_check" CHECK ("projects"."status_date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_percent_complete_check" CHECK ("tasks"."percent_complete" between 0 and 100);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_actuals_check" CHECK ("tasks"."actual_finish" is null or ("tasks"."actual_start" is not null and "tasks"."actual_start" <= "tasks"."actual_finish"));--> statement-breakpoint
-- Actual dates move the schedule, and progress decides whether a task is late: a change of either
-- reschedules its project, whatever the task's duration. The rest is as 0012 wrote it.
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
          OR ("after"."constraint_type", "after"."constraint_date", "after"."deadline",
              "after"."percent_complete", "after"."actual_start", "after"."actual_finish")
            IS DISTINCT FROM ("before"."constraint_type", "before"."constraint_date", "before"."deadline",
              "before"."percent_complete", "before"."actual_start", "before"."actual_finish")
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
