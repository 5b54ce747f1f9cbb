DROP INDEX "tasks_project_id_idx";--> statement-breakpoint
CREATE INDEX "tasks_project_category_order_idx" ON "tasks" USING btree ("project_id","category_id","order");