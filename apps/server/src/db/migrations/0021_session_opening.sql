-- The guard's read (live session, its user, the environment of a slug, the membership) as one
-- function, for the opening of a request's tenant transaction (issue 16, db/env-opening.ts): BEGIN,
-- this call and the tenant setting travel in one round trip. The same query sent as text would be
-- planned again on every request; PL/pgSQL keeps its plan for the session. It names the
-- environment to enter (tenant_env_id) only for an active user who is an active member; the
-- server decides the rest (a blocked environment, the call's mode).
CREATE OR REPLACE FUNCTION kontor.session_opening(p_token_hash text, p_slug text, p_now timestamptz)
  RETURNS TABLE (user_id uuid, email text, firstname text, user_name text, user_active boolean,
    password_changed_at timestamptz, user_created_at timestamptz, env_id uuid, url_slug text,
    env_name text, status text, default_language text, config_updated_at timestamptz,
    member_active boolean, tenant_env_id uuid)
  LANGUAGE plpgsql STABLE
  AS $$
  BEGIN
    RETURN QUERY
      SELECT u.id, u.email, u.firstname, u.name, u.is_active, u.password_changed_at, u.created_at,
             e.id, e.url_slug, e.name, e.status, e.default_language, e.config_updated_at,
             eu.is_active, CASE WHEN u.is_active AND eu.is_active THEN e.id END
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
