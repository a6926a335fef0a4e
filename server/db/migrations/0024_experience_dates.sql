ALTER TABLE "experiences" ADD COLUMN "dates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "weekdays" integer[] DEFAULT '{}'::integer[] NOT NULL;