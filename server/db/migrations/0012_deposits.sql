ALTER TABLE "deposit_payments" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_payments" ADD COLUMN "next_refund_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_payments" ADD COLUMN "refund_flagged_at" timestamp with time zone;