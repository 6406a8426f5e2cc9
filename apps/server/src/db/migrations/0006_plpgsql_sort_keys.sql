-- The sort keys of 0005 as PL/pgSQL: same results, same LEAKPROOF promise, but cheaper per call
-- than an SQL function with a SET clause (which is never inlined and saves/restores a setting on
-- every call). Indexes keep working: the functions keep their names and signatures.
DO $$
DECLARE
  leakproof text := CASE WHEN (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN 'LEAKPROOF' ELSE '' END;
BEGIN
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION sort_key_text(data jsonb, key text) RETURNS text
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE %s
      AS $body$
      BEGIN
        RETURN pg_catalog.left(pg_catalog.replace(pg_catalog.translate(pg_catalog.lower(coalesce(data->>key, '')),
          'äöüàáâãåéèêëíìîïóòôõúùûçñ', 'aouaaaaaeeeeiiiioooouuucn'), 'ß', 'ss'), 200);
      END
      $body$
  $f$, leakproof);
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION sort_key_num(data jsonb, key text) RETURNS numeric
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE %s
      AS $body$
      BEGIN
        RETURN coalesce(CASE WHEN pg_catalog.jsonb_typeof(data->key) = 'number' THEN (data->>key)::numeric END, -1000000000000000000);
      END
      $body$
  $f$, leakproof);
END
$$;
