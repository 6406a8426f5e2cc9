-- A website's own host is served only after its owner proved control of it (issue 30 item 2,
-- 'Website host squatting'): a DNS TXT record _kontor-verify.<host> = kontor-verify=<token>.
-- Every host saved before this migration gets a token and starts unverified: it must be verified
-- once before it is served again (README 'Public pages'). A pending claim no longer blocks the
-- real owner: only a verified host is unique. Written so it can run again on migrated data.
ALTER TABLE website_hosts ADD COLUMN IF NOT EXISTS token text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
--> statement-breakpoint
ALTER TABLE website_hosts ALTER COLUMN token DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE website_hosts ADD COLUMN IF NOT EXISTS verified_at timestamp with time zone;
--> statement-breakpoint
DROP INDEX IF EXISTS website_hosts_host_key;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS website_hosts_host_idx ON website_hosts USING btree (host);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS website_hosts_verified_host_key ON website_hosts USING btree (host) WHERE verified_at IS NOT NULL;
--> statement-breakpoint
COMMENT ON COLUMN website_hosts.token IS 'the value of the TXT record _kontor-verify.<host> = kontor-verify=<token> (issue 30)';
--> statement-breakpoint
COMMENT ON COLUMN website_hosts.verified_at IS 'when the TXT record was found; null: the host is not served (issue 30)';
