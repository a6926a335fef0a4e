import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '@/server/db/types';
import { consentRecords, consentTexts, type ConsentPurpose, type ConsentSubject, type VenueRow } from '@/server/db/schema';
import { pickText } from '@/lib/i18n/texts';
import { toLocale, type Locale } from '@/lib/i18n/locales';
import { now as clockNow } from '@/server/clock';
import { canonicalEmail } from '@/lib/identity';
import { sameInbox } from './identity-sql';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';

/**
 * Consent records (issue 26; docs/privacy.md): every consent a guest gives or refuses, with
 * the exact text shown (its SHA-256, and the text itself once in `consent_texts`), the
 * language, the time, the form and, for marketing, the channel. Written in the transaction
 * that creates the booking, order, code or membership it belongs to, so one never exists
 * without the other; a withdrawal adds a row, nothing is overwritten.
 */

/** The forms that ask, and the label of each box in them (the words shown beside the box). */
export type ConsentForm = 'reservation' | 'experience' | 'giftcard' | 'promo' | 'fidelity';
type Catalogue = { forms: { labels: Record<string, string> }; reserve: { details: Record<string, string> }; giftcards: { checkout: Record<string, string> } };
const catalogues = { it, en, fr, es, de } as unknown as Record<Locale, Catalogue>;

function boxLabel(form: ConsentForm, purpose: Exclude<ConsentPurpose, 'policy'>, channel: 'email' | 'sms' | null, locale: Locale): string {
  const c = catalogues[locale];
  if (purpose === 'privacy') return c.forms.labels.privacy;
  if (channel === 'sms') return c.forms.labels.marketingSms;
  if (form === 'reservation' || form === 'experience') return c.reserve.details.marketingOptional;
  if (form === 'giftcard') return c.giftcards.checkout.marketing;
  return c.forms.labels.marketing;
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The texts' ids read outside a transaction, per database, by venue, purpose and hash (`textsOf`). */
const keptTexts = new WeakMap<Db, Map<string, number>>();

type ShownText = { purpose: ConsentPurpose; version: string; locale: Locale; text: string };

/**
 * The rows of the texts shown (each added the first time it is shown): what a record names by id
 * and hash. One read for them all; an insert only for a text never shown before.
 */
async function textsOf(db: Db, venueId: number, shown: ShownText[]): Promise<{ id: number; hash: string }[]> {
  const hashes = shown.map((s) => sha256(s.text));
  // A text's row never changes once added: its id, read outside any transaction (committed), is kept (issue 43: a statement per booking).
  const committed = !(db instanceof PgTransaction);
  let kept = committed ? keptTexts.get(db) : undefined;
  if (committed && !kept) keptTexts.set(db, (kept = new Map()));
  const cached = new Map(shown.map((s, i) => [`${s.purpose}:${hashes[i]}`, kept?.get(`${venueId}:${s.purpose}:${hashes[i]}`)]));
  if ([...cached.values()].every((id) => id !== undefined)) return shown.map((s, i) => ({ id: cached.get(`${s.purpose}:${hashes[i]}`)!, hash: hashes[i] }));
  const find = async () => {
    const rows = await db
      .select({ id: consentTexts.id, purpose: consentTexts.purpose, hash: consentTexts.hash })
      .from(consentTexts)
      .where(and(eq(consentTexts.venueId, venueId), inArray(consentTexts.hash, [...new Set(hashes)])));
    for (const r of rows) kept?.set(`${venueId}:${r.purpose}:${r.hash}`, r.id);
    return new Map(rows.map((r) => [`${r.purpose}:${r.hash}`, r.id]));
  };
  // Read first: an insert of a key another open transaction has just inserted waits for it to end,
  // which would line every booking up behind the others (issue 27); only a text's first use inserts.
  let known = await find();
  const missing = shown.filter((s, i) => !known.has(`${s.purpose}:${hashes[i]}`) && shown.findIndex((t, j) => t.purpose === s.purpose && hashes[j] === hashes[i]) === i);
  if (missing.length) {
    await db
      .insert(consentTexts)
      .values(missing.map((s) => ({ venueId, purpose: s.purpose, version: s.version, locale: s.locale, hash: sha256(s.text), text: s.text })))
      .onConflictDoNothing();
    known = await find();
  }
  return shown.map((s, i) => ({ id: known.get(`${s.purpose}:${hashes[i]}`)!, hash: hashes[i] }));
}

export type ConsentAnswers = {
  email: string;
  subject: { type: ConsentSubject; id: number };
  locale: string;
  form: ConsentForm;
  /** The privacy policy: always accepted (the forms refuse without it). */
  privacy: boolean;
  /** Marketing, one answer per channel: ticked or not. */
  marketing: { email: boolean; sms: boolean };
  /** The cancellation and no-show policy the guest accepted, in their words, when the booking has one. */
  policy?: string | null;
  /** Given through another door than the site's form (issue 46): `mcp` (an assistant showed the texts), `channel:{name}`; recorded as `{form}/{via}`. */
  via?: string;
};

/** A form's consents with their texts' rows, ready to record once the subject exists (`insertConsents`). */
export type PreparedConsents = { venueId: number; email: string; locale: Locale; version: string; form: ConsentForm; via?: string; rows: { purpose: ConsentPurpose; channel: 'email' | 'sms' | null; given: boolean; textId: number; textHash: string }[] };

/**
 * Reads (and adds on their first use) the texts of a form's consents: privacy, marketing by
 * e-mail and by SMS (given or refused), and the policy where there is one. Needs no transaction:
 * a booking reads them before it takes the evening's lock (issue 42).
 */
export async function prepareConsents(db: Db, venue: Pick<VenueRow, 'id' | 'policies'>, answers: Omit<ConsentAnswers, 'subject'>): Promise<PreparedConsents> {
  const locale = toLocale(answers.locale);
  const version = venue.policies.version || '1';
  const shown = (purpose: Exclude<ConsentPurpose, 'policy'>, channel: 'email' | 'sms' | null, policyText: string) =>
    [boxLabel(answers.form, purpose, channel, locale), policyText].filter(Boolean).join('\n\n');
  const rows: { purpose: ConsentPurpose; channel: 'email' | 'sms' | null; given: boolean; text: string }[] = [
    { purpose: 'privacy', channel: null, given: answers.privacy, text: shown('privacy', null, pickText(venue.policies.privacy as Parameters<typeof pickText>[0], locale)) },
    { purpose: 'marketing', channel: 'email', given: answers.marketing.email, text: shown('marketing', 'email', pickText(venue.policies.marketing as Parameters<typeof pickText>[0], locale)) },
    { purpose: 'marketing', channel: 'sms', given: answers.marketing.sms, text: shown('marketing', 'sms', pickText(venue.policies.marketing as Parameters<typeof pickText>[0], locale)) },
  ];
  if (answers.policy) rows.push({ purpose: 'policy', channel: null, given: true, text: answers.policy });
  const texts = await textsOf(db, venue.id, rows.map((r) => ({ purpose: r.purpose, version, locale, text: r.text })));
  return {
    venueId: venue.id,
    email: answers.email.trim().toLowerCase(),
    locale,
    version,
    form: answers.form,
    via: answers.via,
    rows: rows.map((r, i) => ({ purpose: r.purpose, channel: r.channel, given: r.given, textId: texts[i].id, textHash: texts[i].hash })),
  };
}

/** The insert of prepared consents for their subject, one row per answer: a statement to run in the subject's transaction. */
export function consentsInsert(tx: Db, prepared: PreparedConsents, subject: ConsentAnswers['subject'], at: Date = clockNow()) {
  return tx.insert(consentRecords).values(consentRows(prepared, subject, at));
}

/** The consent records' rows of `consentsInsert`, as values (a booking inserts them with its other last writes, server/booking/lifecycle.ts). */
export function consentRows(prepared: PreparedConsents, subject: ConsentAnswers['subject'], at: Date): (typeof consentRecords.$inferInsert)[] {
  return prepared.rows.map((row) => ({
    venueId: prepared.venueId,
    email: prepared.email,
    subjectType: subject.type,
    subjectId: subject.id,
    purpose: row.purpose,
    channel: row.channel,
    given: row.given,
    textId: row.textId,
    textHash: row.textHash,
    textVersion: prepared.version,
    locale: prepared.locale,
    form: prepared.via ? `${prepared.form}/${prepared.via}` : prepared.form,
    createdAt: at,
  }));
}

/** Records a form's consents: privacy, marketing by e-mail and by SMS (given or refused), and the policy where there is one. */
export async function recordConsents(tx: Db, venue: Pick<VenueRow, 'id' | 'policies'>, answers: ConsentAnswers, at: Date = clockNow()) {
  await consentsInsert(tx, await prepareConsents(tx, venue, answers), answers.subject, at);
}

/**
 * Records the withdrawal of marketing consent on a channel for every subject of this guest at
 * the venue that has it given and not yet withdrawn (an unsubscribe link, the one-click
 * unsubscribe of RFC 8058). The guest is one inbox (lib/identity.ts): unsubscribing
 * `Anna.Rossi+p@gmail.com` withdraws what `annarossi@gmail.com` gave too. Returns how many
 * consents it withdrew.
 */
export async function withdrawMarketingConsent(tx: Db, venueId: number, email: string, channel: 'email' | 'sms', form: string, at: Date = clockNow()): Promise<number> {
  const history = await tx
    .select()
    .from(consentRecords)
    .where(and(eq(consentRecords.venueId, venueId), sameInbox(consentRecords.email, canonicalEmail(email)), eq(consentRecords.purpose, 'marketing'), eq(consentRecords.channel, channel)))
    .orderBy(consentRecords.id);
  // The latest answer per subject decides whether there is anything to withdraw.
  const latest = new Map<string, (typeof history)[number]>();
  for (const row of history) latest.set(`${row.subjectType}:${row.subjectId}`, row);
  let withdrawn = 0;
  for (const row of latest.values()) {
    if (!row.given) continue;
    await tx.insert(consentRecords).values({
      venueId,
      email: row.email,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      purpose: 'marketing',
      channel,
      given: false,
      textId: row.textId,
      textHash: row.textHash,
      textVersion: row.textVersion,
      locale: row.locale,
      form,
      createdAt: at,
    });
    withdrawn++;
  }
  return withdrawn;
}
