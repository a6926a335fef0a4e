CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"promotion_id" integer NOT NULL,
	"code" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"locale" text NOT NULL,
	"privacy_accepted_at" timestamp with time zone NOT NULL,
	"marketing_accepted_at" timestamp with time zone,
	"policy_version" text NOT NULL,
	"partner" boolean DEFAULT false NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "promo_codes_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_promotion_email" ON "promo_codes" USING btree ("promotion_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_promotion_phone" ON "promo_codes" USING btree ("promotion_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_promotion_code" ON "promo_codes" USING btree ("promotion_id","code");