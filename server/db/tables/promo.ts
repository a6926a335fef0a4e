import { boolean, date, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamp, type Texts } from './columns';
import { venueRef } from './venues';

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    venueId: venueRef(),
    urlName: text('url_name').notNull(),
    title: jsonb('title').$type<Texts>().notNull(),
    description: jsonb('description').$type<Texts>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    validUntil: date('valid_until').notNull(),
    quantity: integer('quantity').notNull(),
    image: text('image').notNull().default(''),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('promotions_venue_url_name').on(t.venueId, t.urlName)],
);

/**
 * Promo codes (issue 16). At most `promotions.quantity` rows per promotion: a request locks
 * its promotion row (`FOR UPDATE`), counts, then inserts, so concurrent requests queue on
 * that lock. One code per guest: unique on (promotion, e-mail) and (promotion, phone).
 * `publicId` is the 128-bit `id` of the route; `code` the short code read at the till.
 * A code goes from requested to used once: `used_at` is set by a conditional update.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull().unique(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** As the guest typed it (trimmed): where the code is sent. */
    email: text('email').notNull(),
    /** Prefix and digits as typed, e.g. `+393471234567`. */
    phone: text('phone').notNull(),
    /** The inbox, for the one code per guest (lib/identity.ts canonicalEmail): `vx@gmail.com` for `V.x+1@gmail.com`. */
    emailKey: text('email_key').notNull(),
    /** The phone in E.164 with the venue's country as default region (lib/identity.ts canonicalPhone). */
    phoneKey: text('phone_key').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    locale: text('locale').notNull(),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }).notNull(),
    marketingAcceptedAt: timestamp('marketing_accepted_at', { withTimezone: true }),
    policyVersion: text('policy_version').notNull(),
    partner: boolean('partner').notNull().default(false),
    requestedAt: stamp('requested_at'),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('promo_codes_promotion_email_key').on(t.promotionId, t.emailKey),
    uniqueIndex('promo_codes_promotion_phone_key').on(t.promotionId, t.phoneKey),
    uniqueIndex('promo_codes_promotion_code').on(t.promotionId, t.code),
  ],
);

export type PromoCodeRow = typeof promoCodes.$inferSelect;

export type PromotionRow = typeof promotions.$inferSelect;
