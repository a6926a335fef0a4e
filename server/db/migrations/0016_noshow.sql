CREATE TABLE "noshow_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"reservation_id" integer,
	"experience_booking_id" integer,
	"provider" text NOT NULL,
	"reference" text,
	"client_secret" text,
	"payment_method" text NOT NULL,
	"customer" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"charged_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "noshow_charges_reservation_id_unique" UNIQUE("reservation_id"),
	CONSTRAINT "noshow_charges_experience_booking_id_unique" UNIQUE("experience_booking_id"),
	CONSTRAINT "noshow_charges_reference_unique" UNIQUE("reference"),
	CONSTRAINT "noshow_charges_one_booking" CHECK ((reservation_id is null) <> (experience_booking_id is null))
);
--> statement-breakpoint
ALTER TABLE "card_setups" ADD COLUMN "customer" text;--> statement-breakpoint
ALTER TABLE "card_setups" ADD COLUMN "off_session" text;--> statement-breakpoint
ALTER TABLE "noshow_charges" ADD CONSTRAINT "noshow_charges_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noshow_charges" ADD CONSTRAINT "noshow_charges_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noshow_charges" ADD CONSTRAINT "noshow_charges_experience_booking_id_experience_bookings_id_fk" FOREIGN KEY ("experience_booking_id") REFERENCES "public"."experience_bookings"("id") ON DELETE cascade ON UPDATE no action;