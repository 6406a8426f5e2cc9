-- Data-structure editor (issue 11): a version per record type for optimistic concurrency (two
-- admins editing: the second save is refused), and an audit trail of every structure change.
ALTER TABLE "record_types" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TABLE "record_type_changes" (
	"env_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type_key" text NOT NULL,
	"action" text NOT NULL,
	"version" integer NOT NULL,
	"user_id" uuid,
	"definition" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_type_changes_env_id_id_pk" PRIMARY KEY("env_id","id")
);
--> statement-breakpoint
ALTER TABLE "record_type_changes" ADD CONSTRAINT "record_type_changes_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "record_type_changes_env_type_idx" ON "record_type_changes" ("env_id","type_key","created_at");
--> statement-breakpoint
ALTER TABLE record_type_changes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE record_type_changes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY record_type_changes_tenant ON record_type_changes
  USING (env_id = app_env_id())
  WITH CHECK (env_id = app_env_id());
