import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamp } from './columns';
import { venueRef } from './venues';

/**
 * The exact words a guest was shown when asked for a consent, once per venue and text: its
 * SHA-256 names it, `version` is the venue's policy version it belonged to.
 */
export const consentTexts = pgTable(
  'consent_texts',
  {
    id: serial('id').primaryKey(),
    venueId: venueRef(),
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
    venueId: venueRef(),
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
