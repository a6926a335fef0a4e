ALTER TABLE "experience_bookings" ADD COLUMN "attendance_before" jsonb;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "attendance_before" jsonb;