CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "record_types" (
	"env_id" uuid NOT NULL,
	"key" text NOT NULL,
	"parent" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_types_env_id_key_pk" PRIMARY KEY("env_id","key")
);
--> statement-breakpoint
ALTER TABLE "environments" ADD COLUMN "setup_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "record_types" ADD CONSTRAINT "record_types_env_id_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "records_search_trgm_idx" ON "records" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
ALTER TABLE record_types ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE record_types FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY record_types_tenant ON record_types
  USING (env_id = app_env_id())
  WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
-- A JSON number as numeric, anything else as NULL: sort keys of number fields never fail a query.
CREATE OR REPLACE FUNCTION jsonb_num(value jsonb) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN jsonb_typeof(value) = 'number' THEN value::text::numeric END $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION jsonb_num(jsonb) TO kontor_app;
--> statement-breakpoint
-- Expression indexes for sortable record fields, led by env_id (the tenant key). Empty values fold
-- into '' (text) or a very small number, so keyset pagination compares plain rows without NULL cases.
-- The list query builds the same expression text (records/sort-keys.ts). Runs as the table owner
-- so the application role can ask for an index without owning the table.
CREATE OR REPLACE FUNCTION ensure_record_sort_index(field text, kind text) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  index_name text := 'records_sort_' || kind || '_' || field || '_idx';
  expression text;
BEGIN
  IF field !~ '^[A-Za-z][A-Za-z0-9_]{0,39}$' THEN
    RAISE EXCEPTION 'invalid field key %', field;
  END IF;
  IF kind = 'text' THEN
    expression := format('lower(coalesce(data->>%L, %L))', field, '');
  ELSIF kind = 'num' THEN
    expression := format('coalesce(jsonb_num(data->%L), %s)', field, '-1000000000000000000');
  ELSE
    RAISE EXCEPTION 'invalid index kind %', kind;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_class WHERE relname = index_name) THEN
    EXECUTE format('CREATE INDEX %I ON records (env_id, type, (%s), id)', index_name, expression);
  END IF;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION ensure_record_sort_index(text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ensure_record_sort_index(text, text) TO kontor_app;
