CREATE TABLE "local_ledger" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_payments" ADD COLUMN "refund_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_payments" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "deposit_payments" ADD COLUMN "guest_locale" text;--> statement-breakpoint
ALTER TABLE "noshow_charges" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "noshow_charges" ADD COLUMN "flagged_at" timestamp with time zone;