-- Requests are served through a LOGIN role that is neither superuser nor owner: kontor_app_login,
-- a member of kontor_app, so kontor_app's grants and the tenant policies bind it, and RESET ROLE
-- leads nowhere. It has no password: with trust authentication (development) the server logs in
-- as it without one; in production give it one once (psql: \password kontor_app_login) and name
-- it in DATABASE_APP_URL. Roles belong to the whole server, so another database's migration may
-- have created it already. Without the right to create roles this step is skipped and
-- DATABASE_APP_URL must name such a login role (the server checks it on start).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'kontor_app_login')
    AND (SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user) THEN
    CREATE ROLE kontor_app_login LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT
      IN ROLE kontor_app;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- created at this very moment by the migration of another database on the same server
END
$$;
