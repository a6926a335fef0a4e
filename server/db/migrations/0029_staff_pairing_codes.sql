CREATE TABLE "staff_pairing_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "staff_pairing_codes_scope" ON "staff_pairing_codes" USING btree ("scope");