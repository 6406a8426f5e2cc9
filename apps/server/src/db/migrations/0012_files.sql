CREATE TABLE "file_directories" (
	"env_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "file_directories_env_id_id_pk" PRIMARY KEY("env_id","id")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"env_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"directory_id" uuid NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text DEFAULT 'application/octet-stream' NOT NULL,
	"status" text NOT NULL,
	"upload_id" text,
	"multipart" jsonb,
	"etag" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "files_env_id_id_pk" PRIMARY KEY("env_id","id")
);
--> statement-breakpoint
ALTER TABLE "file_directories" ADD CONSTRAINT "file_directories_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_directories_name_idx" ON "file_directories" USING btree ("env_id","parent_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "file_directories_main_idx" ON "file_directories" USING btree ("env_id") WHERE "file_directories"."parent_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "files_name_idx" ON "files" USING btree ("env_id","directory_id",lower("name"));--> statement-breakpoint
CREATE INDEX "files_status_idx" ON "files" USING btree ("env_id","status","updated_at");--> statement-breakpoint
-- Tenant tables: only rows of the transaction's environment (withEnv), for the owner too.
ALTER TABLE file_directories ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE file_directories FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY file_directories_tenant ON file_directories
  USING (env_id = app_env_id())
  WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
ALTER TABLE files ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE files FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY files_tenant ON files
  USING (env_id = app_env_id())
  WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON file_directories, files TO kontor_app;
--> statement-breakpoint
-- Every existing environment gets its main directory (new ones get it when they are created).
-- Forced RLS binds the migrating owner too: each insert runs with app.env_id set to its row.
DO $$
DECLARE
  e record;
BEGIN
  FOR e IN SELECT id FROM environments LOOP
    PERFORM set_config('app.env_id', e.id::text, true);
    INSERT INTO file_directories (env_id, id, parent_id, name)
      VALUES (e.id, gen_random_uuid(), NULL, 'Hauptverzeichnis')
      ON CONFLICT DO NOTHING;
  END LOOP;
  PERFORM set_config('app.env_id', '', true);
END
$$;
