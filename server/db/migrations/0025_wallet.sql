CREATE TABLE "wallet_changes" (
	"serial" text PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"google_patch" jsonb,
	"pending" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"push_token" text NOT NULL,
	"pass_type_id" text NOT NULL,
	"serial" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_changes" ADD CONSTRAINT "wallet_changes_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_registrations_device_pass" ON "wallet_registrations" USING btree ("device_id","pass_type_id","serial");