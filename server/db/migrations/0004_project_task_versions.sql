CREATE TABLE "project_task_versions" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_task_versions" ADD CONSTRAINT "project_task_versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- project_task_versions.version follows every statement that writes a project's tasks, whoever
-- runs it (a route, another instance, a cascade from a deleted category or account), so a
-- serialised copy of the project's tasks held in memory can tell it is stale
-- (server/routes/projects/project-content-cache.ts). The rows are locked in project order: a
-- statement that touches two projects (a task moved between them) cannot deadlock with another.
INSERT INTO "project_task_versions" ("project_id") SELECT "id" FROM "projects";--> statement-breakpoint
CREATE FUNCTION "add_project_task_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "project_task_versions" ("project_id") SELECT "id" FROM "changed_rows";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "projects_insert_adds_task_version" AFTER INSERT ON "projects"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "add_project_task_version"();--> statement-breakpoint
CREATE FUNCTION "bump_project_task_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "project_task_versions" SET "version" = "version" + 1;
    RETURN NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT "project_id") INTO touched
      FROM (SELECT "project_id" FROM "changed_rows" UNION ALL SELECT "project_id" FROM "previous_rows") AS both_sides;
  ELSE
    SELECT array_agg(DISTINCT "project_id") INTO touched FROM "changed_rows";
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "project_task_versions" WHERE "project_id" = ANY (touched)
    ORDER BY "project_id" FOR NO KEY UPDATE;
  UPDATE "project_task_versions" SET "version" = "version" + 1 WHERE "project_id" = ANY (touched);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tasks_insert_bumps_task_version" AFTER INSERT ON "tasks"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_project_task_version"();--> statement-breakpoint
CREATE TRIGGER "tasks_delete_bumps_task_version" AFTER DELETE ON "tasks"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_project_task_version"();--> statement-breakpoint
CREATE TRIGGER "tasks_update_bumps_task_version" AFTER UPDATE ON "tasks"
  REFERENCING NEW TABLE AS "changed_rows" OLD TABLE AS "previous_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_project_task_version"();--> statement-breakpoint
CREATE TRIGGER "tasks_truncate_bumps_task_version" AFTER TRUNCATE ON "tasks"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_project_task_version"();
