-- E-invoices (issue 15): the XRechnung XML and the ZUGFeRD PDF of a frozen document, frozen in the
-- same transaction as its PDF, with their SHA-256. Tenant table: env_id leads every key, forced
-- row-level security, written once like frozen_documents.
CREATE TABLE "einvoice_documents" (
	"env_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"frozen_id" uuid NOT NULL,
	"format" text NOT NULL,
	"filename" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	CONSTRAINT "einvoice_documents_env_id_id_pk" PRIMARY KEY("env_id","id"),
	CONSTRAINT "einvoice_documents_record_format" UNIQUE("env_id","record_id","format")
);
--> statement-breakpoint
ALTER TABLE "einvoice_documents" ADD CONSTRAINT "einvoice_documents_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE einvoice_documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE einvoice_documents FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY einvoice_documents_tenant ON einvoice_documents USING (env_id = app_env_id()) WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
GRANT SELECT, INSERT ON einvoice_documents TO kontor_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE ON einvoice_documents FROM kontor_app;
--> statement-breakpoint
CREATE TRIGGER einvoice_documents_written_once BEFORE UPDATE OR DELETE ON einvoice_documents
  FOR EACH ROW EXECUTE FUNCTION refuse_change_of_written_once();
