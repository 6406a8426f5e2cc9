-- Sort indexes become partial, per type (issue 16 item 3; engine/sort-indexes.ts): a row is
-- written only into the indexes of its own type, not into one index per field of every type.
-- The indexes of the old shape go; the server builds the shipped types' indexes on start, and the
-- housekeeping (also run once after start) those of user-made lists. The function that built the
-- old shape for the app role is no longer called: the server builds as the table owner.
DO $$
DECLARE
  found record;
BEGIN
  FOR found IN
    SELECT indexname FROM pg_indexes
     WHERE schemaname = 'public' AND tablename = 'records' AND indexname LIKE 'records\_sort\_%'
  LOOP
    EXECUTE format('DROP INDEX %I', found.indexname);
  END LOOP;
END
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS ensure_record_sort_index(text, text);
