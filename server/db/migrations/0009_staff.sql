CREATE TABLE "staff_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_credentials" (
	"scope" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_credentials_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD COLUMN "balance_after_cents" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "answered_by" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "venue_note" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "attendance" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "attendance_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "staff_sessions_scope" ON "staff_sessions" USING btree ("scope");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_redemptions_reference" ON "gift_card_redemptions" USING btree ("card_id","reference") WHERE "gift_card_redemptions"."reference" <> '';