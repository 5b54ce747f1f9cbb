ALTER TABLE "projects" ADD COLUMN "graph_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- projects.graph_version follows every change to a project's dependencies, whoever makes it (a
-- route, another instance, a cascade from a deleted task or project), so the server's in-memory
-- copy of a project's edges can tell it is stale (server/routes/dependencies/project-edges.ts).
CREATE FUNCTION "bump_project_graph_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "projects" SET "graph_version" = "graph_version" + 1;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE "projects" SET "graph_version" = "graph_version" + 1
      WHERE "id" IN (SELECT DISTINCT "project_id" FROM "changed_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "projects" SET "graph_version" = "graph_version" + 1
      WHERE "id" IN (SELECT DISTINCT "project_id" FROM "changed_rows");
  ELSE
    UPDATE "projects" SET "graph_version" = "graph_version" + 1
      WHERE "id" IN (SELECT "project_id" FROM "changed_rows" UNION SELECT "project_id" FROM "previous_rows");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "dependencies_insert_bumps_graph_version" AFTER INSERT ON "dependencies"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_project_graph_version"();--> statement-breakpoint
CREATE TRIGGER "dependencies_delete_bumps_graph_version" AFTER DELETE ON "dependencies"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_project_graph_version"();--> statement-breakpoint
CREATE TRIGGER "dependencies_update_bumps_graph_version" AFTER UPDATE ON "dependencies"
  REFERENCING NEW TABLE AS "changed_rows" OLD TABLE AS "previous_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_project_graph_version"();--> statement-breakpoint
CREATE TRIGGER "dependencies_truncate_bumps_graph_version" AFTER TRUNCATE ON "dependencies"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_project_graph_version"();
