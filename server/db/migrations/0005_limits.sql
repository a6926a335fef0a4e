ALTER TABLE "slot_holds" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "limits" jsonb;--> statement-breakpoint
CREATE INDEX "slot_holds_client" ON "slot_holds" USING btree ("venue_id","client_address","expires_at");