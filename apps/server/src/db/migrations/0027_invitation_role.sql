-- Invitations carry the role the invitee gets (issue 29 item 4). Until now accepting made everyone
-- an administrator, so every invitation already sent keeps that: nobody loses what an invitation
-- promised. The default serves only those existing rows and is dropped afterwards, so a new
-- invitation always names its role. Written so it can run again on migrated data (the test does).
ALTER TABLE environment_invitations ADD COLUMN IF NOT EXISTS role text NOT NULL DEFAULT 'admin';
--> statement-breakpoint
ALTER TABLE environment_invitations ALTER COLUMN role DROP DEFAULT;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'environment_invitations_role_check') THEN
    ALTER TABLE environment_invitations ADD CONSTRAINT environment_invitations_role_check
      CHECK (role IN ('owner', 'admin', 'staff', 'readonly', 'advisor'));
  END IF;
END
$$;
--> statement-breakpoint
COMMENT ON COLUMN environment_invitations.role IS 'the invitee''s role on accepting: owner | admin | staff | readonly | advisor (issue 29)';
