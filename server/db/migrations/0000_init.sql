CREATE TABLE "experiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"key" text NOT NULL,
	"hash" text NOT NULL,
	"title" jsonb NOT NULL,
	"file_title" jsonb,
	"description" jsonb NOT NULL,
	"booking_conditions" jsonb,
	"additional_fields" jsonb NOT NULL,
	"cancellation" integer DEFAULT 0 NOT NULL,
	"start_date" date,
	"expiry_date" date,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	"max_bookings" integer DEFAULT 0 NOT NULL,
	"min_guests" integer DEFAULT 1 NOT NULL,
	"max_guests" integer DEFAULT 10 NOT NULL,
	"times" jsonb NOT NULL,
	"zone_keys" jsonb NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"guarantee_cents" integer DEFAULT 0 NOT NULL,
	"deposit_cents" integer DEFAULT 0 NOT NULL,
	"guarantee_type" integer DEFAULT 0 NOT NULL,
	"purchase_type" integer DEFAULT 0 NOT NULL,
	"experience_type" integer DEFAULT 0 NOT NULL,
	"photo" text DEFAULT '' NOT NULL,
	"file" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"calendar" boolean DEFAULT true NOT NULL,
	"ask_visit_reason" boolean DEFAULT false NOT NULL,
	"zone_choice" boolean DEFAULT false NOT NULL,
	"sold_out_active" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "experiences_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"key" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"regulations" jsonb NOT NULL,
	"value_cents" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"custom_min_cents" integer,
	"custom_max_cents" integer,
	"max_quantity" integer DEFAULT 10 NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"url_name" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"valid_until" date NOT NULL,
	"quantity" integer NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"weekdays" integer[] NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"slot_minutes" integer NOT NULL,
	"last_seating" text,
	"capacity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"timezone" text NOT NULL,
	"tagline" jsonb,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text,
	"custom_header" text DEFAULT '' NOT NULL,
	"custom_footer" text DEFAULT '' NOT NULL,
	"theme" jsonb NOT NULL,
	"policies" jsonb NOT NULL,
	"fidelity_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venues_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"capacity" integer NOT NULL,
	"selectable" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_hosts" ADD CONSTRAINT "venue_hosts_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "experiences_venue_key" ON "experiences" USING btree ("venue_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_venue_key" ON "gift_cards" USING btree ("venue_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_venue_url_name" ON "promotions" USING btree ("venue_id","url_name");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_venue_key" ON "shifts" USING btree ("venue_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "venues_one_default" ON "venues" USING btree ("is_default") WHERE "venues"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "zones_venue_key" ON "zones" USING btree ("venue_id","key");