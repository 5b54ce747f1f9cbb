ALTER TABLE "dependencies" ADD COLUMN "type" text DEFAULT 'FS' NOT NULL;--> statement-breakpoint
ALTER TABLE "dependencies" ADD COLUMN "lag" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "start_date" text DEFAULT to_char(now() at time zone 'UTC', 'YYYY-MM-DD') NOT NULL;--> statement-breakpoint
-- Existing projects start on the day they were created, so nothing moves (durations are null).
UPDATE "projects" SET "start_date" = to_char("created_at" at time zone 'UTC', 'YYYY-MM-DD');--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "working_days" integer[] DEFAULT '{1,2,3,4,5}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "holidays" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "duration" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "scheduling_mode" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "start_no_earlier_than" text;--> statement-breakpoint
ALTER TABLE "dependencies" ADD CONSTRAINT "dependencies_type_check" CHECK ("dependencies"."type" in ('FS', 'SS', 'FF', 'SF'));--> statement-breakpoint
ALTER TABLE "dependencies" ADD CONSTRAINT "dependencies_lag_check" CHECK ("dependencies"."lag" between -1000 and 1000);--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_start_date_check" CHECK ("projects"."start_date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_duration_check" CHECK ("tasks"."duration" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_scheduling_mode_check" CHECK ("tasks"."scheduling_mode" in ('auto', 'manual'));