DROP INDEX "records_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "records_search_trgm_idx" ON "records" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=off);