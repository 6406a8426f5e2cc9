-- Row Level Security lets the planner use a condition as an index condition only if every function
-- in it is LEAKPROOF (else it must wait behind the tenant policy, and a keyset page or a search
-- scans the whole environment). So: sort keys are functions of (data, key) that cannot fail on any
-- input, declared LEAKPROOF, and LIKE (the trigram search) is declared LEAKPROOF: its only error
-- depends on the pattern, never on a row. Declaring LEAKPROOF needs a superuser; without one the
-- same functions are created plain (correct, only slower lists).
DO $$
DECLARE
  leakproof text := CASE WHEN (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN 'LEAKPROOF' ELSE '' END;
BEGIN
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION sort_key_text(data jsonb, key text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE %s SET search_path = pg_catalog
      AS 'SELECT left(replace(translate(lower(coalesce(data->>key, '''')), ''äöüàáâãåéèêëíìîïóòôõúùûçñ'', ''aouaaaaaeeeeiiiioooouuucn''), ''ß'', ''ss''), 200)'
  $f$, leakproof);
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION sort_key_num(data jsonb, key text) RETURNS numeric
      LANGUAGE sql IMMUTABLE PARALLEL SAFE %s SET search_path = pg_catalog
      AS 'SELECT coalesce(CASE WHEN jsonb_typeof(data->key) = ''number'' THEN (data->>key)::numeric END, -1000000000000000000)'
  $f$, leakproof);
  IF leakproof <> '' THEN
    ALTER FUNCTION textlike(text, text) LEAKPROOF;
  END IF;
END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION sort_key_text(jsonb, text), sort_key_num(jsonb, text) TO kontor_app;
--> statement-breakpoint
-- The sort indexes of 0002/0004 used other expressions; the server recreates them on start.
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN SELECT indexname FROM pg_indexes WHERE tablename = 'records' AND indexname LIKE 'records\_sort\_%' LOOP
    EXECUTE format('DROP INDEX %I', name);
  END LOOP;
END
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS sort_text(text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS jsonb_num(jsonb);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ensure_record_sort_index(field text, kind text) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  index_name text := 'records_sort_' || kind || '_' || field || '_idx';
BEGIN
  IF field !~ '^[A-Za-z][A-Za-z0-9_]{0,39}$' THEN
    RAISE EXCEPTION 'invalid field key %', field;
  END IF;
  IF kind NOT IN ('text', 'num') THEN
    RAISE EXCEPTION 'invalid index kind %', kind;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_class WHERE relname = index_name) THEN
    EXECUTE format('CREATE INDEX %I ON records (env_id, type, sort_key_%s(data, %L), id)', index_name, kind, field);
  END IF;
END
$$;
