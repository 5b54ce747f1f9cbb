CREATE TABLE "activity_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"task_id" integer,
	"dependency_id" integer,
	"subject" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"moved" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"restore" jsonb,
	"undo_of" bigint,
	"undone_by" bigint,
	"is_undo" boolean DEFAULT false NOT NULL,
	"undoable" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_entries" ADD CONSTRAINT "activity_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_entries_project_id_idx" ON "activity_entries" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "activity_entries_task_idx" ON "activity_entries" USING btree ("task_id","project_id","id");--> statement-breakpoint
CREATE INDEX "activity_entries_actor_idx" ON "activity_entries" USING btree ("actor_id","project_id","id");