-- The search index takes new entries into GIN's pending list again (issue 16 item 3). With
-- fastupdate off (migration 0003), every row wrote each of its trigrams into the index tree one by
-- one: 100,000 imported customers spent about 28 of their 36 s there. The pending list collects
-- them and merges them sorted, in one pass, once it outgrows gin_pending_list_limit (4 MB): the
-- same import spends under 4 s. A search also reads the pending list; measured at its full 4 MB,
-- that is about 1.3 ms more per search. A bulk import merges the list when it is done
-- (kontor.merge_search_pending), so the searches after it do not pay for it.
ALTER INDEX "records_search_trgm_idx" SET (fastupdate = on);
--> statement-breakpoint
-- gin_clean_pending_list asks for the index's owner; the app role may merge, nothing else.
CREATE OR REPLACE FUNCTION kontor.merge_search_pending() RETURNS bigint
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog
  AS $$ SELECT gin_clean_pending_list('public.records_search_trgm_idx'::regclass) $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION kontor.merge_search_pending() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION kontor.merge_search_pending() TO kontor_app;
