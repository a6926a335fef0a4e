import { boolean, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamp } from './columns';
import { venueRef } from './venues';

/**
 * Wallet passes that changed (docs/wallet.md): one row per pass serial (`g.<print token>`,
 * `p.<promo id>`, `e.<booking hash>`), written in the transaction of the change (a redemption,
 * a cancellation). `updatedAt` answers Apple's "passes updated since"; `pending` is set until
 * the registered devices were pushed and the Google object patched with `googlePatch`.
 */
export const walletChanges = pgTable('wallet_changes', {
  serial: text('serial').primaryKey(),
  venueId: venueRef(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  /** The Google Wallet object's class (`giftCardObject`, `offerObject`, `eventTicketObject`) and the fields to patch. */
  googlePatch: jsonb('google_patch').$type<{ resource: string; body: Record<string, unknown> } | null>(),
  pending: boolean('pending').notNull().default(true),
});

/** A device that added a pass to Apple Wallet (PassKit web service "register"), with the token to push it. */
export const walletRegistrations = pgTable(
  'wallet_registrations',
  {
    id: serial('id').primaryKey(),
    deviceId: text('device_id').notNull(),
    pushToken: text('push_token').notNull(),
    passTypeId: text('pass_type_id').notNull(),
    serial: text('serial').notNull(),
    createdAt: stamp('created_at'),
  },
  (t) => [uniqueIndex('wallet_registrations_device_pass').on(t.deviceId, t.passTypeId, t.serial)],
);
