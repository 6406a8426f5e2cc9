-- One row per background job that must run once across all server processes (hourly
-- housekeeping): whoever takes the lease runs it; the others skip until the lease ends.
CREATE TABLE maintenance_leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  until timestamptz NOT NULL
);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON maintenance_leases TO kontor_app;
