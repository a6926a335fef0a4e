ALTER TABLE "deposit_payments" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_payments" ADD COLUMN "next_refund_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_payments" ADD COLUMN "refund_flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_card_orders" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "issued_gift_cards" ADD COLUMN "test" boolean DEFAULT false NOT NULL;