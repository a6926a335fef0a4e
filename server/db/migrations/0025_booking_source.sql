ALTER TABLE "reservations" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "experience_bookings" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;