import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import type { BookingRules } from '@/server/booking/rules';
import type { LimitOverrides } from '@/server/limits/config';
import type { VenuePlace } from '@/server/venues/schema';
import { now } from '../clock';

/** A timestamp written when the row is inserted: by the server's clock (server/clock.ts), `now()` only for raw SQL. */
const stamp = (name: string) =>
  timestamp(name, { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => now());

/** Text in the five languages, `it` always present. */
export type Texts = { it: string; en?: string; fr?: string; es?: string; de?: string };

export const venues = pgTable(
  'venues',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    timezone: text('timezone').notNull(),
    tagline: jsonb('tagline').$type<Texts>(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email'),
    customHeader: text('custom_header').notNull().default(''),
    customFooter: text('custom_footer').notNull().default(''),
    /** The footer per language when the venue file gives one (issue 29); `customFooter` holds the Italian (default) one. */
    customFooterTexts: jsonb('custom_footer_texts').$type<Texts>(),
    theme: jsonb('theme').$type<{ brandColor: string; logo: string; cover: string }>().notNull(),
    policies: jsonb('policies').$type<{ version: string; privacy: Texts; marketing: Texts }>().notNull(),
    fidelityEnabled: boolean('fidelity_enabled').notNull().default(false),
    /** Table-booking rules (server/booking/rules.ts), validated on import. */
    booking: jsonb('booking').$type<BookingRules>(),
    /** Abuse limits this venue sets over the defaults (server/limits/index.ts, docs/security.md). */
    limits: jsonb('limits').$type<LimitOverrides>(),
    /** Origins allowed to frame the site (the venue file's `embed.origins`, docs/embed.md). */
    embedOrigins: jsonb('embed_origins').$type<string[]>().notNull().default([]),
    /** What search engines are told of the venue (server/venues/schema.ts, placeSchema), validated on import. */
    place: jsonb('place').$type<VenuePlace>(),
    /** The venue's own words in its accessibility statement (issue 26): one text, or one per language. */
    accessibilityText: jsonb('accessibility_text').$type<string | Texts>(),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  // At most one venue answers for localhost.
  (t) => [uniqueIndex('venues_one_default').on(t.isDefault).where(sql`${t.isDefault}`)],
);

export const venueHosts = pgTable('venue_hosts', {
  host: text('host').primaryKey(),
  venueId: integer('venue_id')
    .notNull()
    .references(() => venues.id, { onDelete: 'cascade' }),
});

export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: jsonb('name').$type<Texts>().notNull(),
    capacity: integer('capacity').notNull(),
    selectable: boolean('selectable').notNull().default(true),
  },
  (t) => [uniqueIndex('zones_venue_key').on(t.venueId, t.key)],
);

export const shifts = pgTable(
  'shifts',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: jsonb('name').$type<Texts>().notNull(),
    weekdays: integer('weekdays').array().notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    slotMinutes: integer('slot_minutes').notNull(),
    lastSeating: text('last_seating'),
    capacity: integer('capacity').notNull(),
    slotCapacity: integer('slot_capacity'),
  },
  (t) => [uniqueIndex('shifts_venue_key').on(t.venueId, t.key)],
);

export const experiences = pgTable(
  'experiences',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Public identifier used in routes: random, 128 bits, URL-safe. */
    hash: text('hash').notNull().unique(),
    title: jsonb('title').$type<Texts>().notNull(),
    fileTitle: jsonb('file_title').$type<Texts>(),
    description: jsonb('description').$type<Texts>().notNull(),
    bookingConditions: jsonb('booking_conditions').$type<Texts>(),
    additionalFields: jsonb('additional_fields')
      .$type<{ key: string; label: Texts; required: boolean }[]>()
      .notNull(),
    cancellation: integer('cancellation').notNull().default(0),
    startDate: date('start_date'),
    expiryDate: date('expiry_date'),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    maxBookings: integer('max_bookings').notNull().default(0),
    minGuests: integer('min_guests').notNull().default(1),
    maxGuests: integer('max_guests').notNull().default(10),
    times: jsonb('times').$type<string[]>().notNull(),
    zoneKeys: jsonb('zone_keys').$type<string[]>().notNull(),
    priceCents: integer('price_cents').notNull().default(0),
    guaranteeCents: integer('guarantee_cents').notNull().default(0),
    depositCents: integer('deposit_cents').notNull().default(0),
    guaranteeType: integer('guarantee_type').notNull().default(0),
    purchaseType: integer('purchase_type').notNull().default(0),
    experienceType: integer('experience_type').notNull().default(0),
    photo: text('photo').notNull().default(''),
    file: text('file').notNull().default(''),
    active: boolean('active').notNull().default(true),
    visible: boolean('visible').notNull().default(true),
    calendar: boolean('calendar').notNull().default(true),
    askVisitReason: boolean('ask_visit_reason').notNull().default(false),
    zoneChoice: boolean('zone_choice').notNull().default(false),
    soldOutActive: boolean('sold_out_active').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('experiences_venue_key').on(t.venueId, t.key)],
);

export const giftCards = pgTable(
  'gift_cards',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    title: jsonb('title').$type<Texts>().notNull(),
    description: jsonb('description').$type<Texts>().notNull(),
    regulations: jsonb('regulations').$type<Texts>().notNull(),
    valueCents: integer('value_cents').notNull(),
    priceCents: integer('price_cents').notNull(),
    customMinCents: integer('custom_min_cents'),
    customMaxCents: integer('custom_max_cents'),
    maxQuantity: integer('max_quantity').notNull().default(10),
    image: text('image').notNull().default(''),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('gift_cards_venue_key').on(t.venueId, t.key)],
);

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
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

/**
 * Loyalty programme members: one membership per e-mail and venue, enforced here so that
 * concurrent sign-ups cannot both succeed. Consents keep their time and policy version.
 */
export const fidelityMembers = pgTable(
  'fidelity_members',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    /** As the guest typed it (trimmed): where the programme's e-mails go. */
    email: text('email').notNull(),
    /** The inbox (lib/identity.ts canonicalEmail), so `Anna@X.it` and `anna+1@x.it` are one member. */
    emailKey: text('email_key').notNull(),
    /** The phone in E.164 with the venue's country as default region (lib/identity.ts canonicalPhone). */
    phoneKey: text('phone_key').notNull().default(''),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phonePrefix: text('phone_prefix').notNull(),
    phone: text('phone').notNull(),
    birthDay: integer('birth_day').notNull(),
    birthMonth: integer('birth_month').notNull(),
    locale: text('locale').notNull(),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }).notNull(),
    marketingAcceptedAt: timestamp('marketing_accepted_at', { withTimezone: true }).notNull(),
    /** When the member used the unsubscribe link of the loyalty e-mails (issue 29): no more offers. */
    marketingWithdrawnAt: timestamp('marketing_withdrawn_at', { withTimezone: true }),
    policyVersion: text('policy_version').notNull(),
    partner: boolean('partner').notNull().default(false),
    createdAt: stamp('created_at'),
  },
  (t) => [uniqueIndex('fidelity_members_venue_email_key').on(t.venueId, t.emailKey)],
);

/** An e-mail's attachment; `cid` makes it an inline part the HTML shows by `cid:` (images that webmail clients display, unlike `data:`). */
export type OutboxAttachment = { filename: string; contentType: string; content: string /* base64 */; cid?: string };

/**
 * Messages to guests and venues (e-mail, later SMS), written in the same transaction as
 * the change that causes them and sent by the delivery loop, with retry and backoff.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    /** What the message is, e.g. `fidelityWelcome`: for logs and tests, never the content. */
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    recipient: text('recipient').notNull(),
    sender: text('sender').notNull().default(''),
    subject: text('subject').notNull().default(''),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    /** Extra mail headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on marketing and loyalty e-mails. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** A message that must exist once at most (e.g. `reminder:email:table:42`): a second insert is a no-op. */
    dedupeKey: text('dedupe_key').unique(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: stamp('next_attempt_at'),
    lastError: text('last_error'),
    createdAt: stamp('created_at'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_due').on(t.status, t.nextAttemptAt)],
);

/** What the guest accepted with a card guarantee (server/booking/guarantee.ts). */
export type GuaranteeTerms = {
  refundable: 'never' | 'always' | 'until';
  hoursBefore: number;
  feeCents: number;
  per: 'reservation' | 'guest';
  currency: string;
  /** The policy as the guest read it when booking, in their language (bookings made since issue 24). */
  text?: string;
};

export type ReservationStatus = 'confirmed' | 'pending' | 'waitinglist' | 'suspended' | 'failed' | 'cancelled' | 'declined';

/**
 * Table reservations. `covers` count against the capacity of their date, shift, slot and
 * zone while the status is `confirmed` or `pending` (awaiting the venue), or `suspended`
 * (awaiting the SMS code) until `suspendedUntil`; `waitinglist`, `failed` (the SMS code was
 * never given) and `cancelled` do not. `hash` is the guest's 128-bit key to the booking.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull().unique(),
    date: date('date').notNull(),
    time: text('time').notNull(),
    shiftKey: text('shift_key').notNull(),
    zoneKey: text('zone_key').notNull(),
    covers: integer('covers').notNull(),
    status: text('status').$type<ReservationStatus>().notNull(),
    /** While `suspended`: the seats are held until then, and the status it gets once the code is given. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    confirmsAs: text('confirms_as').$type<'confirmed' | 'pending'>(),
    /** The card guarantee: the provider's setup reference (one reservation per card setup). */
    guaranteeProvider: text('guarantee_provider').$type<'stripe' | 'local'>(),
    guaranteeReference: text('guarantee_reference').unique(),
    guaranteePaymentMethod: text('guarantee_payment_method'),
    guaranteeTerms: jsonb('guarantee_terms').$type<GuaranteeTerms>(),
    /** The bot check's verdict on the submit (`pass`, or `unsure` when the SMS code stood in for the v2 challenge). */
    botVerdict: text('bot_verdict'),
    moduleKey: text('module_key'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phonePrefix: text('phone_prefix').notNull(),
    phone: text('phone').notNull(),
    visitReason: text('visit_reason'),
    birthDay: integer('birth_day'),
    birthMonth: integer('birth_month'),
    notes: text('notes').notNull().default(''),
    locale: text('locale').notNull(),
    partner: boolean('partner').notNull().default(false),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }).notNull(),
    marketingAcceptedAt: timestamp('marketing_accepted_at', { withTimezone: true }),
    policyVersion: text('policy_version').notNull(),
    /** Bumped on every change the guest makes: the `.ics` SEQUENCE. */
    revision: integer('revision').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The late-cancellation fee that applied when the guest cancelled past the policy's limit. */
    cancellationFeeCents: integer('cancellation_fee_cents'),
    /** The venue's answer (issue 23): who acted (`staff`, `link`, `deadline`), when, and its note to the guest (decline, cancel). */
    answeredBy: text('answered_by').$type<'staff' | 'link' | 'deadline'>(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    venueNote: text('venue_note'),
    /** At the table: the guest came (`arrived`) or did not (`noshow`), marked by staff. */
    attendance: text('attendance').$type<'arrived' | 'noshow'>(),
    attendanceAt: timestamp('attendance_at', { withTimezone: true }),
    /** The reminder the day before (issue 24): when it was sent, and the guest's answer to it. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    reminderAnswer: text('reminder_answer').$type<'coming' | 'cancelled'>(),
    reminderAnsweredAt: timestamp('reminder_answered_at', { withTimezone: true }),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [index('reservations_capacity').on(t.venueId, t.date, t.shiftKey, t.status)],
);

/**
 * Freed seats offered to a waiting-list entry (issue 24, server/booking/waitlist.ts): while
 * `open` and before `expiresAt` the entry's seats are held for that guest (availability counts
 * them as it counts holds); then `claimed` (the booking is seated), `expired` (passed on to the
 * next entry), or `lapsed` (the entry was cancelled or seated otherwise). One open offer per entry.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    status: text('status').$type<'open' | 'claimed' | 'expired' | 'lapsed'>().notNull(),
    offeredBy: text('offered_by').$type<'auto' | 'staff'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: stamp('created_at'),
  },
  (t) => [
    uniqueIndex('waitlist_offers_one_open').on(t.reservationId).where(sql`status = 'open'`),
    index('waitlist_offers_venue').on(t.venueId, t.status, t.expiresAt),
  ],
);

/** Seats held for a guest who picked a time, until `expiresAt` (or until they book or change time). */
export const slotHolds = pgTable(
  'slot_holds',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    date: date('date').notNull(),
    time: text('time').notNull(),
    shiftKey: text('shift_key').notNull(),
    zoneKey: text('zone_key').notNull(),
    covers: integer('covers').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The guest's address (server/http/client-address.ts), for the live holds and held covers per address. */
    clientAddress: text('client_address'),
  },
  (t) => [index('slot_holds_capacity').on(t.venueId, t.date, t.shiftKey, t.expiresAt), index('slot_holds_client').on(t.venueId, t.clientAddress, t.expiresAt)],
);

/**
 * The 6-digit SMS code of a suspended reservation: only its keyed hash is stored; wrong
 * attempts and sends are counted here so the limits hold across processes.
 */
export const smsChallenges = pgTable('sms_challenges', {
  reservationId: integer('reservation_id')
    .primaryKey()
    .references(() => reservations.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  sends: integer('sends').notNull().default(1),
  lastSentAt: stamp('last_sent_at'),
});

/**
 * Card setups (a card saved for a guarantee). For the local provider this is the provider's
 * own state; for Stripe a mirror updated by signed webhooks.
 */
export const cardSetups = pgTable('card_setups', {
  id: serial('id').primaryKey(),
  venueId: integer('venue_id')
    .notNull()
    .references(() => venues.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<'stripe' | 'local'>().notNull(),
  reference: text('reference').notNull().unique(),
  /** Local provider only: the secret the browser shows to confirm the setup. */
  clientSecret: text('client_secret'),
  status: text('status').notNull(),
  paymentMethod: text('payment_method'),
  /** Stripe's Customer the card is saved to (off-session charges need one); null for the local provider. */
  customer: text('customer'),
  /** Local provider only: what an off-session charge to this test card does (docs/payments.md). */
  offSession: text('off_session').$type<'succeed' | 'decline' | 'authenticate'>(),
  lastError: text('last_error'),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  /** When a verified webhook last told us about it. */
  webhookAt: timestamp('webhook_at', { withTimezone: true }),
  createdAt: stamp('created_at'),
  updatedAt: stamp('updated_at'),
});

/** Webhook events already handled: a replayed delivery is acknowledged and not applied twice. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: stamp('received_at'),
});

/** Fixed-window counters shared by every process (rate limits on codes and resends). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

// ---- Gift cards sold (issue 15): orders, the cards they create, redemptions, local checkout sessions.

/**
 * A gift card purchase. `fingerprint` (128 random bits) is the buyer's key to this order;
 * `paymentReference` (the Checkout Session id) is unique, so one payment is one order; the
 * switch from `pending` to `paid` is one conditional UPDATE, so the cards are created once.
 */
export const giftCardOrders = pgTable('gift_card_orders', {
  id: serial('id').primaryKey(),
  venueId: integer('venue_id')
    .notNull()
    .references(() => venues.id, { onDelete: 'cascade' }),
  fingerprint: text('fingerprint').notNull().unique(),
  orderNumber: text('order_number').notNull().unique(),
  giftCardId: integer('gift_card_id')
    .notNull()
    .references(() => giftCards.id),
  productTitle: jsonb('product_title').$type<Texts>().notNull(),
  unitValueCents: integer('unit_value_cents').notNull(),
  unitPriceCents: integer('unit_price_cents').notNull(),
  quantity: integer('quantity').notNull(),
  totalCents: integer('total_cents').notNull(),
  currency: text('currency').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phonePrefix: text('phone_prefix').notNull(),
  phone: text('phone').notNull(),
  /** Optional at checkout (issue 29): null when the buyer leaves it empty. */
  birthDate: date('birth_date'),
  city: text('city').notNull(),
  country: text('country').notNull(),
  province: text('province').notNull(),
  cap: text('cap').notNull(),
  toMe: boolean('to_me').notNull(),
  recipientFirstName: text('recipient_first_name'),
  recipientLastName: text('recipient_last_name'),
  recipientEmail: text('recipient_email'),
  recipientPhonePrefix: text('recipient_phone_prefix'),
  recipientPhone: text('recipient_phone'),
  message: text('message').notNull().default(''),
  /** The day the recipient's e-mail is sent (a birthday), in the venue's time zone; null: at once. */
  deliverOn: date('deliver_on'),
  paymentMethod: text('payment_method').$type<'card' | 'wallet'>().notNull(),
  locale: text('locale').notNull(),
  partner: boolean('partner').notNull().default(false),
  privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }).notNull(),
  marketingAcceptedAt: timestamp('marketing_accepted_at', { withTimezone: true }),
  policyVersion: text('policy_version').notNull(),
  provider: text('provider').$type<'stripe' | 'local'>().notNull(),
  paymentReference: text('payment_reference').unique(),
  paymentUrl: text('payment_url'),
  /** The site's address the guest bought on (`https://host/en`), for links in the e-mails. */
  siteBase: text('site_base').notNull().default(''),
  /** `expired`: left unpaid past its session's expiry (the housekeeping sweep); a late payment still counts. */
  status: text('status').$type<'pending' | 'paid' | 'failed' | 'expired'>().notNull().default('pending'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** Paid with test money: the local provider, or a Stripe session with `livemode: false` (docs/payments.md, "Test money"). */
  test: boolean('test').notNull().default(false),
  createdAt: stamp('created_at'),
});

/**
 * A card a paid order created. `code` is what the holder shows (>= 80 random bits, unique
 * per venue); `(orderId, position)` is unique, a second guard against creating twice; the
 * balance can never go below zero (CHECK), whatever redemptions run at once.
 */
export const issuedGiftCards = pgTable(
  'issued_gift_cards',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => giftCardOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    code: text('code').notNull(),
    /** The printable page's key (128 random bits): the card can be shown without its code in the URL being guessable. */
    printToken: text('print_token').notNull().unique(),
    valueCents: integer('value_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    validUntil: date('valid_until').notNull(),
    /** A card paid with test money: "Test – no value"; redemption refuses it unless the call says it is a test. */
    test: boolean('test').notNull().default(false),
    createdAt: stamp('created_at'),
  },
  (t) => [
    uniqueIndex('issued_gift_cards_venue_code').on(t.venueId, t.code),
    uniqueIndex('issued_gift_cards_order_position').on(t.orderId, t.position),
    check('issued_gift_cards_balance_nonnegative', sql`${t.balanceCents} >= 0 and ${t.balanceCents} <= ${t.valueCents}`),
  ],
);

/** Amounts taken off a card by the venue (partial redemptions allowed). */
export const giftCardRedemptions = pgTable('gift_card_redemptions', {
  id: serial('id').primaryKey(),
  cardId: integer('card_id')
    .notNull()
    .references(() => issuedGiftCards.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  reference: text('reference').notNull().default(''),
  /** The balance this redemption left: a retry with the same reference answers it again. */
  balanceAfterCents: integer('balance_after_cents'),
  createdAt: stamp('created_at'),
}, (t) => [
  // A till's retry (same reference) is the same redemption: the second insert conflicts and takes nothing.
  uniqueIndex('gift_card_redemptions_reference').on(t.cardId, t.reference).where(sql`${t.reference} <> ''`),
]);

/** The local test provider's Checkout Sessions (Stripe keeps its own). */
export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  id: text('id').primaryKey(),
  venueId: integer('venue_id')
    .notNull()
    .references(() => venues.id, { onDelete: 'cascade' }),
  amountTotal: integer('amount_total').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  locale: text('locale').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
  paymentStatus: text('payment_status').$type<'unpaid' | 'paid'>().notNull().default('unpaid'),
  lastError: text('last_error'),
  createdAt: stamp('created_at'),
});

export type GiftCardRow = typeof giftCards.$inferSelect;
export type GiftCardOrderRow = typeof giftCardOrders.$inferSelect;
export type IssuedGiftCardRow = typeof issuedGiftCards.$inferSelect;
// ---- end of gift cards sold

export type VenueRow = typeof venues.$inferSelect;
export type ExperienceRow = typeof experiences.$inferSelect;
export type FidelityMemberRow = typeof fidelityMembers.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;
export type ShiftRow = typeof shifts.$inferSelect;
export type ZoneRow = typeof zones.$inferSelect;
export type CardSetupRow = typeof cardSetups.$inferSelect;

// ---- Experience bookings and deposits (issue 14; docs/experiences.md) ----

export type ExperienceBookingStatus = 'confirmed' | 'pending' | 'waitinglist' | 'cancelled' | 'declined';

/**
 * Bookings of an experience, on its own (`experience/createexperiencereserve`) or added to a
 * table booking (`reservationId`). `covers` of `confirmed` and `pending` rows count against
 * the experience's `maxBookings` places for the date; `waitinglist` and `cancelled` do not.
 */
export const experienceBookings = pgTable(
  'experience_bookings',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    experienceId: integer('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
    /** The table booking this experience was added to, if any. */
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull().unique(),
    date: date('date').notNull(),
    /** `HH:mm`, or '' when the experience has no times to choose (`flagOrari` 0). */
    time: text('time').notNull(),
    /** The zone chosen (`flagSceltaZona` 1), else ''. */
    zoneKey: text('zone_key').notNull().default(''),
    covers: integer('covers').notNull(),
    status: text('status').$type<ExperienceBookingStatus>().notNull(),
    additionalFields: jsonb('additional_fields').$type<Record<string, string>>().notNull().default({}),
    priceCents: integer('price_cents').notNull().default(0),
    /** Charged at booking (deposit or prepayment): amount and the provider's PaymentIntent. */
    paidCents: integer('paid_cents').notNull().default(0),
    paymentReference: text('payment_reference').unique(),
    guaranteeProvider: text('guarantee_provider').$type<'stripe' | 'local'>(),
    guaranteeReference: text('guarantee_reference').unique(),
    guaranteePaymentMethod: text('guarantee_payment_method'),
    guaranteeTerms: jsonb('guarantee_terms').$type<GuaranteeTerms>(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phonePrefix: text('phone_prefix').notNull(),
    phone: text('phone').notNull(),
    visitReason: text('visit_reason'),
    birthDay: integer('birth_day'),
    birthMonth: integer('birth_month'),
    notes: text('notes').notNull().default(''),
    locale: text('locale').notNull(),
    partner: boolean('partner').notNull().default(false),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }).notNull(),
    marketingAcceptedAt: timestamp('marketing_accepted_at', { withTimezone: true }),
    policyVersion: text('policy_version').notNull(),
    /** Raised by each change the guest makes (the `.ics` SEQUENCE). */
    revision: integer('revision').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The no-show fee recorded for the venue when cancelled past the policy's limit. */
    cancellationFeeCents: integer('cancellation_fee_cents'),
    /** The venue's answer and the attendance, as for table bookings (issue 23: the service sheet). */
    answeredBy: text('answered_by').$type<'staff' | 'link' | 'deadline'>(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    venueNote: text('venue_note'),
    attendance: text('attendance').$type<'arrived' | 'noshow'>(),
    attendanceAt: timestamp('attendance_at', { withTimezone: true }),
    createdAt: stamp('created_at'),
  },
  (t) => [index('experience_bookings_capacity').on(t.venueId, t.experienceId, t.date, t.status)],
);

/**
 * Deposits and prepayments of experience bookings: the provider's PaymentIntent (Stripe, or
 * the local test provider's equivalent), charged when the guest confirms the card.
 */
export const depositPayments = pgTable('deposit_payments', {
  id: serial('id').primaryKey(),
  venueId: integer('venue_id')
    .notNull()
    .references(() => venues.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<'stripe' | 'local'>().notNull(),
  reference: text('reference').notNull().unique(),
  /** Local provider only: the secret the browser shows to confirm the payment. */
  clientSecret: text('client_secret'),
  status: text('status').notNull(),
  lastError: text('last_error'),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  /** Failed refund attempts of a `refunding` payment, and when the sweep tries again (issue 21). */
  refundAttempts: integer('refund_attempts').notNull().default(0),
  nextRefundAt: timestamp('next_refund_at', { withTimezone: true }),
  /** When the venue was told that this refund keeps failing (once). */
  refundFlaggedAt: timestamp('refund_flagged_at', { withTimezone: true }),
  createdAt: stamp('created_at'),
  updatedAt: stamp('updated_at'),
});

export type ExperienceBookingRow = typeof experienceBookings.$inferSelect;

/**
 * The no-show fee charged to a guarantee's saved card (issue 24, server/payments/noshow.ts):
 * at most one per booking, claimed in the transaction that marks the no-show, before the
 * provider is called. `charging` → `succeeded` | `requires_action` (the guest must
 * authenticate) | `failed` (declined); a succeeded charge made by mistake → `refunding` →
 * `refunded`.
 */
export const noshowCharges = pgTable(
  'noshow_charges',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    reservationId: integer('reservation_id')
      .unique()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    experienceBookingId: integer('experience_booking_id')
      .unique()
      .references(() => experienceBookings.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'stripe' | 'local'>().notNull(),
    /** The provider's PaymentIntent (`pi_...`, `lnpi_...`), once it answered. */
    reference: text('reference').unique(),
    /** Stripe's client secret of an intent that needs the guest's authentication. */
    clientSecret: text('client_secret'),
    paymentMethod: text('payment_method').notNull(),
    customer: text('customer'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<NoShowChargeStatus>().notNull(),
    lastError: text('last_error'),
    /** Provider calls that failed before an answer (network, 5xx): retried by the sweep with backoff. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  () => [check('noshow_charges_one_booking', sql`(reservation_id is null) <> (experience_booking_id is null)`)],
);
export type NoShowChargeStatus = 'charging' | 'succeeded' | 'requires_action' | 'failed' | 'refunding' | 'refunded';
export type NoShowChargeRow = typeof noshowCharges.$inferSelect;
export type DepositPaymentRow = typeof depositPayments.$inferSelect;

// ---- Venue credentials and staff sessions (issue 21).

/**
 * The venue's own credential (one per venue scope, server/staff/credentials.ts): the bearer
 * token of its venue-side contract calls and what its staff sign in with. Only its SHA-256
 * is kept; `npm run venue:token -- {host}` makes a new one (the old one stops at once).
 */
export const venueCredentials = pgTable('venue_credentials', {
  scope: text('scope').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  rotatedAt: stamp('rotated_at'),
});

/**
 * A staff device signed in to a venue (server/staff/sessions.ts). The cookie holds a random
 * id; the row is keyed by its SHA-256, so a copy of this table signs nobody in.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    scope: text('scope').notNull(),
    createdAt: stamp('created_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('staff_sessions_scope').on(t.scope)],
);

// ---- Consent records (issue 26; docs/privacy.md).

/**
 * The exact words a guest was shown when asked for a consent, once per venue and text: its
 * SHA-256 names it, `version` is the venue's policy version it belonged to.
 */
export const consentTexts = pgTable(
  'consent_texts',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<ConsentPurpose>().notNull(),
    version: text('version').notNull(),
    locale: text('locale').notNull(),
    hash: text('hash').notNull(),
    text: text('text').notNull(),
    createdAt: stamp('created_at'),
  },
  (t) => [uniqueIndex('consent_texts_venue_hash').on(t.venueId, t.purpose, t.hash)],
);

export type ConsentPurpose = 'privacy' | 'marketing' | 'policy';
export type ConsentSubject = 'reservation' | 'experienceBooking' | 'giftcardOrder' | 'promoCode' | 'fidelityMember';

/**
 * Every consent a guest gave or refused, and every withdrawal: with what it belongs to (a
 * booking, an order, a code, a membership), the text shown, the language, the time, the form,
 * and for marketing the channel. Rows are only added; a withdrawal is a row with `given` false.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    subjectType: text('subject_type').$type<ConsentSubject>().notNull(),
    subjectId: integer('subject_id').notNull(),
    purpose: text('purpose').$type<ConsentPurpose>().notNull(),
    channel: text('channel').$type<'email' | 'sms'>(),
    given: boolean('given').notNull(),
    textId: integer('text_id').references(() => consentTexts.id),
    textHash: text('text_hash').notNull(),
    textVersion: text('text_version').notNull(),
    locale: text('locale').notNull(),
    /** Where: the form (`reservation`, `experience`, `giftcard`, `promo`, `fidelity`), or `unsubscribe`/`oneClickUnsubscribe` for a withdrawal. */
    form: text('form').notNull(),
    createdAt: stamp('created_at'),
  },
  (t) => [index('consent_records_email').on(t.venueId, t.email), index('consent_records_subject').on(t.subjectType, t.subjectId)],
);
export type ConsentRecordRow = typeof consentRecords.$inferSelect;
