ALTER TABLE "experience_bookings" ADD COLUMN "answered_by" text;--> statement-breakpoint
ALTER TABLE "experience_bookings" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "experience_bookings" ADD COLUMN "venue_note" text;--> statement-breakpoint
ALTER TABLE "experience_bookings" ADD COLUMN "attendance" text;--> statement-breakpoint
ALTER TABLE "experience_bookings" ADD COLUMN "attendance_at" timestamp with time zone;