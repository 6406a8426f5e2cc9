-- The guard's read (0026) also names the environment's date format (issue 30 item 3): a save's
-- messages format dates the environment's way without reading the environment a second time.
-- A function's result type cannot change in place, so it is dropped and created again (in the
-- migration's transaction).
DROP FUNCTION IF EXISTS kontor.session_opening(text, text, timestamptz);
--> statement-breakpoint
CREATE FUNCTION kontor.session_opening(p_token_hash text, p_slug text, p_now timestamptz)
  RETURNS TABLE (user_id uuid, email text, firstname text, user_name text, user_active boolean,
    password_changed_at timestamptz, user_created_at timestamptz, env_id uuid, url_slug text,
    env_name text, status text, default_language text, default_dateformat text,
    config_updated_at timestamptz, member_active boolean, member_role text, tenant_env_id uuid)
  LANGUAGE plpgsql STABLE
  AS $$
  BEGIN
    RETURN QUERY
      SELECT u.id, u.email, u.firstname, u.name, u.is_active, u.password_changed_at, u.created_at,
             e.id, e.url_slug, e.name, e.status, e.default_language, e.default_dateformat,
             e.config_updated_at, eu.is_active, eu.role, CASE WHEN u.is_active AND eu.is_active THEN e.id END
        FROM public.sessions s
        JOIN public.users u ON u.id = s.user_id
        LEFT JOIN public.environments e ON e.url_slug = p_slug
        LEFT JOIN public.environment_users eu ON eu.env_id = e.id AND eu.user_id = u.id
       WHERE s.token_hash = p_token_hash AND s.expires_at > p_now
       LIMIT 1;
  END
  $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kontor.session_opening(text, text, timestamptz) TO kontor_app;
