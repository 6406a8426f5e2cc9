-- Stages, frozen documents (GoBD) and the audit chain (issue 8). Tenant tables: env_id leads every
-- key, and forced Row Level Security admits only the scope's environment, as for records.
CREATE TABLE "audit_entries" (
	"env_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"action" text NOT NULL,
	"record_id" uuid,
	"payload" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_entries_env_id_seq_pk" PRIMARY KEY("env_id","seq")
);
--> statement-breakpoint
CREATE TABLE "frozen_documents" (
	"env_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"type" text NOT NULL,
	"export_key" text NOT NULL,
	"number" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	CONSTRAINT "frozen_documents_env_id_id_pk" PRIMARY KEY("env_id","id"),
	CONSTRAINT "frozen_documents_record_export" UNIQUE("env_id","record_id","export_key"),
	CONSTRAINT "frozen_documents_number" UNIQUE("env_id","type","number")
);
--> statement-breakpoint
CREATE TABLE "number_ranges" (
	"env_id" uuid NOT NULL,
	"range_key" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "number_ranges_env_id_range_key_year_pk" PRIMARY KEY("env_id","range_key","year")
);
--> statement-breakpoint
CREATE TABLE "stage_transitions" (
	"env_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"type" text NOT NULL,
	"from_stage" text,
	"to_stage" text NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "stage_transitions_env_id_id_pk" PRIMARY KEY("env_id","id")
);
--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frozen_documents" ADD CONSTRAINT "frozen_documents_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_ranges" ADD CONSTRAINT "number_ranges_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_transitions" ADD CONSTRAINT "stage_transitions_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stage_transitions_record_idx" ON "stage_transitions" USING btree ("env_id","record_id","at");
--> statement-breakpoint
ALTER TABLE stage_transitions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stage_transitions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stage_transitions_tenant ON stage_transitions USING (env_id = app_env_id()) WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
ALTER TABLE number_ranges ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE number_ranges FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY number_ranges_tenant ON number_ranges USING (env_id = app_env_id()) WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
ALTER TABLE frozen_documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE frozen_documents FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY frozen_documents_tenant ON frozen_documents USING (env_id = app_env_id()) WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
ALTER TABLE audit_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_entries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audit_entries_tenant ON audit_entries USING (env_id = app_env_id()) WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
-- Frozen documents and audit entries are written once. The application role may not change or
-- delete them, and a trigger refuses it to everyone else too; only removing the whole environment
-- (an operator's act; its cascade runs after the environment row is gone) takes them along.
REVOKE UPDATE, DELETE ON frozen_documents, audit_entries FROM kontor_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refuse_change_of_written_once() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM environments WHERE id = OLD.env_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% rows are written once and never changed', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER frozen_documents_written_once BEFORE UPDATE OR DELETE ON frozen_documents
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_written_once();
--> statement-breakpoint
CREATE TRIGGER audit_entries_written_once BEFORE UPDATE OR DELETE ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_written_once();
