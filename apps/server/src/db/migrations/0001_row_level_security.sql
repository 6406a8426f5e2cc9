-- Tenant isolation. The application runs as the non-owner role kontor_app; every tenant table
-- admits only rows whose env_id equals the transaction's app.env_id (set by withEnv). A query
-- outside a tenant scope therefore sees and changes nothing.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'kontor_app') THEN
    CREATE ROLE kontor_app NOLOGIN;
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO kontor_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO kontor_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO kontor_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_env_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.env_id', true), '')::uuid $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_env_id() TO kontor_app;
--> statement-breakpoint
ALTER TABLE records ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE records FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY records_tenant ON records
  USING (env_id = app_env_id())
  WITH CHECK (env_id = app_env_id());
