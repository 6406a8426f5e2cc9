-- Bookings: a projection of booking records, one row per booked room, kept in the save's
-- transaction (bookings.record-hooks.ts). The exclusion constraint makes a double booking of a
-- room impossible for confirmed bookings, whatever the application does. btree_gist is a trusted
-- extension (PostgreSQL 13+), so the database owner may create it; PGlite loads it from its contrib.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE TABLE "booking_slots" (
	"env_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"slot" tstzrange NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "booking_slots_pk" PRIMARY KEY("env_id","booking_id","room_id"),
	CONSTRAINT "booking_slots_booking_fk" FOREIGN KEY ("env_id","booking_id") REFERENCES "public"."records"("env_id","id") ON DELETE cascade,
	CONSTRAINT "booking_slots_status_check" CHECK ("status" IN ('requested', 'confirmed', 'cancelled')),
	CONSTRAINT "booking_slots_not_empty" CHECK (NOT isempty("slot")),
	CONSTRAINT "booking_slots_no_overlap" EXCLUDE USING gist ("env_id" WITH =, "room_id" WITH =, "slot" WITH &&) WHERE ("status" = 'confirmed')
);
--> statement-breakpoint
-- The overview's question: every booking of the environment overlapping a week.
CREATE INDEX "booking_slots_range_idx" ON "booking_slots" USING gist ("env_id", "slot");
--> statement-breakpoint
ALTER TABLE booking_slots ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE booking_slots FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY booking_slots_tenant ON booking_slots
  USING (env_id = app_env_id())
  WITH CHECK (env_id = app_env_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON booking_slots TO kontor_app;
--> statement-breakpoint
-- Mails may carry files (a booking's calendar entry, .ics); existing rows have none.
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS attachments jsonb DEFAULT '[]'::jsonb NOT NULL;
