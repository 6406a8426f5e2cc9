-- Number ranges visible and configurable per type (issue 31): an environment's pattern for a
-- type's numbers and whether they are drawn by themselves. The counters stay in number_ranges.
CREATE TABLE IF NOT EXISTS "number_range_settings" (
	"env_id" uuid NOT NULL,
	"range_key" text NOT NULL,
	"format" text NOT NULL,
	"auto" boolean NOT NULL,
	CONSTRAINT "number_range_settings_env_id_range_key_pk" PRIMARY KEY("env_id","range_key")
);
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'number_range_settings_env_id_environments_id_fk') THEN
    ALTER TABLE "number_range_settings" ADD CONSTRAINT "number_range_settings_env_id_environments_id_fk"
      FOREIGN KEY ("env_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;
  END IF;
END
$$;
--> statement-breakpoint
ALTER TABLE number_range_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE number_range_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP POLICY IF EXISTS number_range_settings_tenant ON number_range_settings;
--> statement-breakpoint
CREATE POLICY number_range_settings_tenant ON number_range_settings USING (env_id = app_env_id()) WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON number_range_settings TO kontor_app;
