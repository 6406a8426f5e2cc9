-- Roles per environment (issue 29 item 1). Until now every member could do everything, so nobody
-- loses what they can do today: the creator of an environment becomes its owner (Inhaber), every
-- other member an administrator. An environment whose creator is gone gets its earliest active
-- member (else its earliest member) as owner: an environment always keeps an owner. Written so
-- it can run again on migrated data (the migration test does).
ALTER TABLE environment_users ADD COLUMN IF NOT EXISTS role text NOT NULL DEFAULT 'admin';
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'environment_users_role_check') THEN
    ALTER TABLE environment_users ADD CONSTRAINT environment_users_role_check
      CHECK (role IN ('owner', 'admin', 'staff', 'readonly', 'advisor'));
  END IF;
END
$$;
--> statement-breakpoint
UPDATE environment_users eu SET role = 'owner'
  FROM environments e
 WHERE e.id = eu.env_id AND e.created_by = eu.user_id AND eu.role <> 'owner';
--> statement-breakpoint
UPDATE environment_users eu SET role = 'owner'
 WHERE (eu.env_id, eu.user_id) IN (
   SELECT DISTINCT ON (m.env_id) m.env_id, m.user_id
     FROM environment_users m
    WHERE NOT EXISTS (SELECT 1 FROM environment_users o WHERE o.env_id = m.env_id AND o.role = 'owner')
    ORDER BY m.env_id, m.is_active DESC, m.created_at, m.user_id
 );
--> statement-breakpoint
-- Members (the roles' own column is new) stay a control-plane table: the guard reads them across
-- environments before any tenant scope exists.
COMMENT ON COLUMN environment_users.role IS 'owner | admin | staff | readonly | advisor (issue 29)';
