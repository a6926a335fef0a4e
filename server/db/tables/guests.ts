import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamp } from './columns';
import { venueRef } from './venues';

/**
 * A guest's profile at a venue (issue 44, server/guests/profiles.ts): the notes and tags staff
 * keep (allergies, VIP, high chair…), keyed by the guest's canonical identity (lib/identity.ts):
 * the inbox (`canonicalEmail`) and the phone (`canonicalPhone`, E.164), either of which finds
 * it ('' when the guest gave none). The counts (visits, no-shows, cancellations) are read from
 * the bookings, never stored. Exported and erased with the guest (`guest:export`, `guest:erase`).
 */
export const guestProfiles = pgTable(
  'guest_profiles',
  {
    id: serial('id').primaryKey(),
    venueId: venueRef(),
    emailKey: text('email_key').notNull().default(''),
    phoneKey: text('phone_key').notNull().default(''),
    notes: text('notes').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    revision: integer('revision').notNull().default(0),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [
    uniqueIndex('guest_profiles_email').on(t.venueId, t.emailKey).where(sql`email_key <> ''`),
    uniqueIndex('guest_profiles_phone').on(t.venueId, t.phoneKey).where(sql`phone_key <> ''`),
  ],
);

export type GuestProfileRow = typeof guestProfiles.$inferSelect;
