CREATE TABLE "gift_card_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"order_number" text NOT NULL,
	"gift_card_id" integer NOT NULL,
	"product_title" jsonb NOT NULL,
	"unit_value_cents" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_prefix" text NOT NULL,
	"phone" text NOT NULL,
	"birth_date" date NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"province" text NOT NULL,
	"cap" text NOT NULL,
	"to_me" boolean NOT NULL,
	"recipient_first_name" text,
	"recipient_last_name" text,
	"recipient_email" text,
	"recipient_phone_prefix" text,
	"recipient_phone" text,
	"message" text DEFAULT '' NOT NULL,
	"deliver_on" date,
	"payment_method" text NOT NULL,
	"locale" text NOT NULL,
	"partner" boolean DEFAULT false NOT NULL,
	"privacy_accepted_at" timestamp with time zone NOT NULL,
	"marketing_accepted_at" timestamp with time zone,
	"policy_version" text NOT NULL,
	"provider" text NOT NULL,
	"payment_reference" text,
	"payment_url" text,
	"site_base" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_orders_fingerprint_unique" UNIQUE("fingerprint"),
	CONSTRAINT "gift_card_orders_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "gift_card_orders_payment_reference_unique" UNIQUE("payment_reference")
);
--> statement-breakpoint
CREATE TABLE "gift_card_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"print_token" text NOT NULL,
	"value_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"valid_until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_gift_cards_print_token_unique" UNIQUE("print_token"),
	CONSTRAINT "issued_gift_cards_balance_nonnegative" CHECK ("issued_gift_cards"."balance_cents" >= 0 and "issued_gift_cards"."balance_cents" <= "issued_gift_cards"."value_cents")
);
--> statement-breakpoint
CREATE TABLE "local_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"amount_total" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"locale" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gift_card_orders" ADD CONSTRAINT "gift_card_orders_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_orders" ADD CONSTRAINT "gift_card_orders_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD CONSTRAINT "gift_card_redemptions_card_id_issued_gift_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."issued_gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_gift_cards" ADD CONSTRAINT "issued_gift_cards_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_gift_cards" ADD CONSTRAINT "issued_gift_cards_order_id_gift_card_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."gift_card_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ADD CONSTRAINT "local_checkout_sessions_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_gift_cards_venue_code" ON "issued_gift_cards" USING btree ("venue_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_gift_cards_order_position" ON "issued_gift_cards" USING btree ("order_id","position");