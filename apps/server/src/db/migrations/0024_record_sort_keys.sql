-- One tenant's structure design costs that tenant alone (issue 28 item 2). Until now every sortable
-- cell of a user-made list became an expression index on the shared records table, and every
-- record of every tenant was written into all of them: one account with 950 sortable fields made
-- every other company's inserts eight times slower, for good. Now only the product's shipped
-- lists have expression indexes (a fixed set, built on start); every other sortable cell keeps its
-- sort keys in record_sort_keys, one row per record and field, behind two indexes whose size grows
-- with data, never with the number of fields anybody declares. A tenant's rows enter no index
-- because of another tenant's fields.
--
-- record_sort_fields names, per environment and type, the fields kept there (written by the
-- server when a structure is saved: engine/sort-fields.ts). The keys follow the records by
-- statement-level triggers, so no writer of records can forget them; the keys are computed by the
-- same kontor.sort_key_* functions the expression indexes use, so both sort alike.
CREATE TABLE "record_sort_fields" (
	"env_id" uuid NOT NULL REFERENCES "public"."environments"("id") ON DELETE cascade,
	"type" text NOT NULL,
	"field" text NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "record_sort_fields_pk" PRIMARY KEY("env_id","type","field"),
	CONSTRAINT "record_sort_fields_kind_check" CHECK ("kind" IN ('text', 'num'))
);
--> statement-breakpoint
CREATE TABLE "record_sort_keys" (
	"env_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"field" text NOT NULL,
	"type" text NOT NULL,
	"text_key" text,
	"num_key" numeric,
	CONSTRAINT "record_sort_keys_pk" PRIMARY KEY("env_id","record_id","field"),
	CONSTRAINT "record_sort_keys_record_fk" FOREIGN KEY ("env_id","record_id") REFERENCES "public"."records"("env_id","id") ON DELETE cascade
);
--> statement-breakpoint
-- A row carries one of the two keys (its field's kind), so it enters one of the two indexes.
CREATE INDEX "record_sort_keys_text_idx" ON "record_sort_keys" ("env_id","type","field","text_key","record_id") WHERE "text_key" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "record_sort_keys_num_idx" ON "record_sort_keys" ("env_id","type","field","num_key","record_id") WHERE "num_key" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE record_sort_fields ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE record_sort_fields FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY record_sort_fields_tenant ON record_sort_fields
  USING (env_id = app_env_id())
  WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
ALTER TABLE record_sort_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE record_sort_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY record_sort_keys_tenant ON record_sort_keys
  USING (env_id = app_env_id())
  WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON record_sort_fields, record_sort_keys TO kontor_app;
--> statement-breakpoint
-- The keys of the records a statement wrote, for the fields their type keeps in the table. Runs as
-- the writer (Row Level Security holds: the rows written and the fields read are the scope's own).
-- A type without such fields costs one empty join per statement.
CREATE OR REPLACE FUNCTION kontor.record_sort_keys_written() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO public.record_sort_keys AS k (env_id, record_id, field, type, text_key, num_key)
    SELECT w.env_id, w.id, f.field, w.type,
           CASE WHEN f.kind = 'text' THEN kontor.sort_key_text(w.data, f.field) END,
           CASE WHEN f.kind = 'num' THEN kontor.sort_key_num(w.data, f.field) END
      FROM written w
      JOIN public.record_sort_fields f ON f.env_id = w.env_id AND f.type = w.type
    ON CONFLICT (env_id, record_id, field) DO UPDATE
       SET text_key = excluded.text_key, num_key = excluded.num_key, type = excluded.type
     WHERE k.text_key IS DISTINCT FROM excluded.text_key OR k.num_key IS DISTINCT FROM excluded.num_key
        OR k.type IS DISTINCT FROM excluded.type;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER records_sort_keys_inserted AFTER INSERT ON records
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION kontor.record_sort_keys_written();
--> statement-breakpoint
CREATE TRIGGER records_sort_keys_updated AFTER UPDATE ON records
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION kontor.record_sort_keys_written();
--> statement-breakpoint
-- The one-time tasks a start runs after the migrations, under their lock (bootstrap.ts): here the
-- filling of record_sort_fields and record_sort_keys for the structures that exist already.
CREATE TABLE IF NOT EXISTS "kontor_start_tasks" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
REVOKE ALL ON kontor_start_tasks FROM kontor_app;
