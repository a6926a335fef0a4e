import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BookingRules } from '@/server/booking/rules';
import type { LimitOverrides } from '@/server/limits/config';
import type { VenuePlace } from '@/server/venues/schema';
import { stamp, type Texts } from './columns';

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
    /** The venue's own language (issue 44): its e-mails are written in it. */
    language: text('language').$type<'it' | 'en' | 'fr' | 'es' | 'de'>().notNull().default('it'),
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

/** The venue a row belongs to: every venue's data goes with it when it is deleted. */
export const venueRef = () =>
  integer('venue_id')
    .notNull()
    .references(() => venues.id, { onDelete: 'cascade' });

export const venueHosts = pgTable('venue_hosts', {
  host: text('host').primaryKey(),
  venueId: venueRef(),
});

export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    venueId: venueRef(),
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
    venueId: venueRef(),
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

export type VenueRow = typeof venues.$inferSelect;

export type ShiftRow = typeof shifts.$inferSelect;

export type ZoneRow = typeof zones.$inferSelect;
