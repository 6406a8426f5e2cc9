-- Text sort keys in German order (DIN 5007-1: ä = a, ö = o, ü = u, ß = ss), case-insensitive,
-- bounded to 200 characters so an index entry never outgrows a page and cursors stay short.
CREATE OR REPLACE FUNCTION sort_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT left(replace(translate(lower(coalesce(value, '')), 'äöüàáâãåéèêëíìîïóòôõúùûçñ', 'aouaaaaaeeeeiiiioooouuucn'), 'ß', 'ss'), 200) $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION sort_text(text) TO kontor_app;
--> statement-breakpoint
-- The text indexes of migration 0002 sorted by the plain lower-cased value; the server recreates
-- them with the new expression on its next start (ensure_record_sort_index).
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN SELECT indexname FROM pg_indexes WHERE tablename = 'records' AND indexname LIKE 'records\_sort\_text\_%' LOOP
    EXECUTE format('DROP INDEX %I', name);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ensure_record_sort_index(field text, kind text) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  index_name text := 'records_sort_' || kind || '_' || field || '_idx';
  expression text;
BEGIN
  IF field !~ '^[A-Za-z][A-Za-z0-9_]{0,39}$' THEN
    RAISE EXCEPTION 'invalid field key %', field;
  END IF;
  IF kind = 'text' THEN
    expression := format('sort_text(data->>%L)', field);
  ELSIF kind = 'num' THEN
    expression := format('coalesce(jsonb_num(data->%L), %s)', field, '-1000000000000000000');
  ELSE
    RAISE EXCEPTION 'invalid index kind %', kind;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_class WHERE relname = index_name) THEN
    EXECUTE format('CREATE INDEX %I ON records (env_id, type, (%s), id)', index_name, expression);
  END IF;
END
$$;
