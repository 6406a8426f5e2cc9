-- Cheaper text sort keys: lower case and the German special letters (ä ö ü → a o u, ß → ss,
-- DIN 5007-1; é → e as the most common loan letter) by replace(), about three times faster than
-- translate() over every accent. As a plain SQL function it is inlined into each query; the
-- built-ins it consists of are declared LEAKPROOF (none of them can fail on any text, so none can
-- reveal a row), which keeps keyset and filter conditions index conditions under Row Level
-- Security. (CASE, not coalesce: the planner counts COALESCE as possibly leaky.) Without a
-- superuser the declarations are skipped (correct, only slower lists).
CREATE OR REPLACE FUNCTION sort_key_text(data jsonb, key text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT left(replace(replace(replace(replace(replace(lower(
    CASE WHEN data->>key IS NULL THEN '' ELSE data->>key END
  ), 'ä', 'a'), 'ö', 'o'), 'ü', 'u'), 'ß', 'ss'), 'é', 'e'), 200) $$;
--> statement-breakpoint
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION lower(text) LEAKPROOF;
    ALTER FUNCTION replace(text, text, text) LEAKPROOF;
    ALTER FUNCTION "left"(text, integer) LEAKPROOF;
    ALTER FUNCTION jsonb_object_field_text(jsonb, text) LEAKPROOF;
  END IF;
END
$$;
--> statement-breakpoint
-- The stored keys were computed by the old function; the server rebuilds the indexes on start.
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN SELECT indexname FROM pg_indexes WHERE tablename = 'records' AND indexname LIKE 'records\_sort\_text\_%' LOOP
    EXECUTE format('DROP INDEX %I', name);
  END LOOP;
END
$$;
