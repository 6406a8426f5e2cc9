ALTER TABLE "user_tokens" ADD COLUMN "pending" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
-- Invitations sent before this migration get the lifetime they would have had.
ALTER TABLE "environment_invitations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "environment_invitations" SET "expires_at" = "created_at" + interval '14 days';--> statement-breakpoint
ALTER TABLE "environment_invitations" ALTER COLUMN "expires_at" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "environment_invitations" ADD COLUMN "last_sent_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "environment_invitations" SET "last_sent_at" = "created_at";
