CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"hash" text NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"shift_key" text NOT NULL,
	"zone_key" text NOT NULL,
	"covers" integer NOT NULL,
	"status" text NOT NULL,
	"module_key" text,
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
	CONSTRAINT "reservations_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "slot_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"token" text NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"shift_key" text NOT NULL,
	"zone_key" text NOT NULL,
	"covers" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "slot_holds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "slot_capacity" integer;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "booking" jsonb;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_capacity" ON "reservations" USING btree ("venue_id","date","shift_key","status");--> statement-breakpoint
CREATE INDEX "slot_holds_capacity" ON "slot_holds" USING btree ("venue_id","date","shift_key","expires_at");