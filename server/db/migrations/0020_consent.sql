CREATE TABLE "consent_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"email" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"channel" text,
	"given" boolean NOT NULL,
	"text_id" integer,
	"text_hash" text NOT NULL,
	"text_version" text NOT NULL,
	"locale" text NOT NULL,
	"form" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"version" text NOT NULL,
	"locale" text NOT NULL,
	"hash" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_text_id_consent_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."consent_texts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_email" ON "consent_records" USING btree ("venue_id","email");--> statement-breakpoint
CREATE INDEX "consent_records_subject" ON "consent_records" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_texts_venue_hash" ON "consent_texts" USING btree ("venue_id","purpose","hash");