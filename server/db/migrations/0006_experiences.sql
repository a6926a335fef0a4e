CREATE TABLE "deposit_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"client_secret" text,
	"status" text NOT NULL,
	"last_error" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_payments_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "experience_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"experience_id" integer NOT NULL,
	"reservation_id" integer,
	"hash" text NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"zone_key" text DEFAULT '' NOT NULL,
	"covers" integer NOT NULL,
	"status" text NOT NULL,
	"additional_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"payment_reference" text,
	"guarantee_provider" text,
	"guarantee_reference" text,
	"guarantee_payment_method" text,
	"guarantee_terms" jsonb,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_prefix" text NOT NULL,
	"phone" text NOT NULL,
	"visit_reason" text,
	"birth_day" integer,
	"birth_month" integer,
	"notes" text DEFAULT '' NOT NULL,
	"locale" text NOT NULL,
	"partner" boolean DEFAULT false NOT NULL,
	"privacy_accepted_at" timestamp with time zone NOT NULL,
	"marketing_accepted_at" timestamp with time zone,
	"policy_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experience_bookings_hash_unique" UNIQUE("hash"),
	CONSTRAINT "experience_bookings_payment_reference_unique" UNIQUE("payment_reference"),
	CONSTRAINT "experience_bookings_guarantee_reference_unique" UNIQUE("guarantee_reference")
);
--> statement-breakpoint
ALTER TABLE "deposit_payments" ADD CONSTRAINT "deposit_payments_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_bookings" ADD CONSTRAINT "experience_bookings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_bookings" ADD CONSTRAINT "experience_bookings_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_bookings" ADD CONSTRAINT "experience_bookings_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "experience_bookings_capacity" ON "experience_bookings" USING btree ("venue_id","experience_id","date","status");