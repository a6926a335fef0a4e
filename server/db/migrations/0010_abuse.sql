-- One identity per phone and inbox (issue 22): the canonical forms the one-per-guest rules compare.
-- Rows from before keep the identity they were checked by (the lower-cased address, the typed phone),
-- which was unique already; new rows get lib/identity.ts's forms.
DROP INDEX "fidelity_members_venue_email";--> statement-breakpoint
DROP INDEX "promo_codes_promotion_email";--> statement-breakpoint
DROP INDEX "promo_codes_promotion_phone";--> statement-breakpoint
ALTER TABLE "fidelity_members" ADD COLUMN "email_key" text;--> statement-breakpoint
UPDATE "fidelity_members" SET "email_key" = lower(trim("email"));--> statement-breakpoint
ALTER TABLE "fidelity_members" ALTER COLUMN "email_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fidelity_members" ADD COLUMN "phone_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "fidelity_members" SET "phone_key" = "phone_prefix" || "phone";--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "phone_key" text;--> statement-breakpoint
UPDATE "promo_codes" SET "email_key" = lower(trim("email")), "phone_key" = "phone";--> statement-breakpoint
ALTER TABLE "promo_codes" ALTER COLUMN "email_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ALTER COLUMN "phone_key" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fidelity_members_venue_email_key" ON "fidelity_members" USING btree ("venue_id","email_key");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_promotion_email_key" ON "promo_codes" USING btree ("promotion_id","email_key");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_promotion_phone_key" ON "promo_codes" USING btree ("promotion_id","phone_key");
