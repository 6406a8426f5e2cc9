-- Row Level Security lets the planner use a condition as an index condition only if every function
-- in it is LEAKPROOF. Migrations 0005 and 0007 therefore declared pg_catalog built-ins LEAKPROOF
-- (textlike, lower, replace, left, jsonb_object_field_text), a promise that held for every query
-- of every role in the database. This migration takes it back and keeps LEAKPROOF to the
-- product's own functions in its own schema `kontor`:
--   * kontor.sort_key_text and kontor.sort_key_num, PL/pgSQL, so the planner never inlines them
--     and sees one LEAKPROOF function in each index expression and condition;
--   * kontor.text_like, LIKE under a product name (the same C code, LANGUAGE internal), and the
--     operator kontor.~~ on it with a GIN operator class built from pg_trgm's support functions
--     (strategy 3 = LIKE), so the trigram index serves the search.
-- None of them can fail on any text, jsonb or key, so none can reveal a row it is shown; LIKE's one
-- error (a pattern ending in the escape character) depends on the pattern alone, which the product
-- always passes as a parameter, never takes from a row.
-- LEAKPROOF, LANGUAGE internal and operator classes need a superuser. Without one the functions
-- are created plain, LIKE is an SQL function the planner inlines back into pg_catalog's, and the
-- search index keeps gin_trgm_ops: every query stays correct, lists are only slower under RLS.
CREATE SCHEMA IF NOT EXISTS kontor;
--> statement-breakpoint
GRANT USAGE ON SCHEMA kontor TO kontor_app;
--> statement-breakpoint
DO $$
DECLARE
  super boolean := (SELECT rolsuper FROM pg_roles WHERE rolname = current_user);
  leakproof text := CASE WHEN super THEN 'LEAKPROOF' ELSE '' END;
  trgm text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm');
BEGIN
  -- Case folded, the German special letters as their base letters (DIN 5007-1; é as the common
  -- loan letter), the first 200 characters (as 0007). CASE, not coalesce, as there.
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION kontor.sort_key_text(data jsonb, key text) RETURNS text
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE %s
      AS $body$
      BEGIN
        RETURN pg_catalog.left(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
          pg_catalog.replace(pg_catalog.lower(CASE WHEN data->>key IS NULL THEN '' ELSE data->>key END),
          'ä', 'a'), 'ö', 'o'), 'ü', 'u'), 'ß', 'ss'), 'é', 'e'), 200);
      END
      $body$
  $f$, leakproof);
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION kontor.sort_key_num(data jsonb, key text) RETURNS numeric
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE %s
      AS $body$
      BEGIN
        RETURN coalesce(CASE WHEN pg_catalog.jsonb_typeof(data->key) = 'number' THEN (data->>key)::numeric END, -1000000000000000000);
      END
      $body$
  $f$, leakproof);

  IF super THEN
    CREATE OR REPLACE FUNCTION kontor.text_like(text, text) RETURNS boolean
      LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF AS 'textlike';
  ELSE
    CREATE OR REPLACE FUNCTION kontor.text_like(text, text) RETURNS boolean
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT $1 OPERATOR(pg_catalog.~~) $2';
  END IF;
  CREATE OPERATOR kontor.~~ (LEFTARG = text, RIGHTARG = text, FUNCTION = kontor.text_like,
    RESTRICT = likesel, JOIN = likejoinsel);

  IF super THEN
    EXECUTE format($f$
      CREATE OPERATOR CLASS kontor.gin_trgm_like_ops FOR TYPE text USING gin AS
        OPERATOR 3 kontor.~~ (text, text),
        FUNCTION 1 pg_catalog.btint4cmp(integer, integer),
        FUNCTION 2 %1$s.gin_extract_value_trgm(text, internal),
        FUNCTION 3 %1$s.gin_extract_query_trgm(text, internal, smallint, internal, internal, internal, internal),
        FUNCTION 4 %1$s.gin_trgm_consistent(internal, smallint, text, integer, internal, internal, internal, internal),
        FUNCTION 6 %1$s.gin_trgm_triconsistent(internal, smallint, text, integer, internal, internal, internal),
        STORAGE integer
    $f$, trgm);
    DROP INDEX IF EXISTS records_search_trgm_idx;
    CREATE INDEX records_search_trgm_idx ON records USING gin (search_text kontor.gin_trgm_like_ops) WITH (fastupdate = off);

    ALTER FUNCTION pg_catalog.textlike(text, text) NOT LEAKPROOF;
    ALTER FUNCTION pg_catalog.lower(text) NOT LEAKPROOF;
    ALTER FUNCTION pg_catalog.replace(text, text, text) NOT LEAKPROOF;
    ALTER FUNCTION pg_catalog."left"(text, integer) NOT LEAKPROOF;
    ALTER FUNCTION pg_catalog.jsonb_object_field_text(jsonb, text) NOT LEAKPROOF;
  ELSIF EXISTS (SELECT 1 FROM pg_proc WHERE oid = 'pg_catalog.textlike(text, text)'::regprocedure AND proleakproof) THEN
    RAISE WARNING 'pg_catalog built-ins are still LEAKPROOF (0005, 0007); a superuser should run migration 0009''s ALTER FUNCTION ... NOT LEAKPROOF';
  END IF;
END
$$;
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
    EXECUTE format('CREATE INDEX %I ON records (env_id, type, kontor.sort_key_%s(data, %L), id)', index_name, kind, field);
  END IF;
END
$$;
--> statement-breakpoint
-- Every sort index (of base and child types) moves to the new functions under its old name.
DO $$
DECLARE
  found record;
BEGIN
  FOR found IN
    SELECT indexname, (regexp_match(indexname, '^records_sort_(text|num)_(.+)_idx$'))[1] AS kind,
      (regexp_match(indexname, '^records_sort_(text|num)_(.+)_idx$'))[2] AS field
    FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'records' AND indexname LIKE 'records\_sort\_%'
  LOOP
    EXECUTE format('DROP INDEX %I', found.indexname);
    IF found.field ~ '^[A-Za-z][A-Za-z0-9_]{0,39}$' THEN
      PERFORM ensure_record_sort_index(found.field, found.kind);
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS public.sort_key_text(jsonb, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS public.sort_key_num(jsonb, text);
