import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
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

/** The text's row (added the first time it is shown): what a record names by id and hash. */
async function textOf(tx: Db, venueId: number, purpose: ConsentPurpose, version: string, locale: Locale, text: string) {
  const hash = sha256(text);
  const find = async () =>
    (
      await tx
        .select({ id: consentTexts.id })
        .from(consentTexts)
        .where(and(eq(consentTexts.venueId, venueId), eq(consentTexts.purpose, purpose), eq(consentTexts.hash, hash)))
    )[0];
  // Read first: an insert of a key another open transaction has just inserted waits for it to end,
  // which would line every booking up behind the others (issue 27); only a text's first use inserts.
  const known = await find();
  if (known) return { id: known.id, hash };
  await tx.insert(consentTexts).values({ venueId, purpose, version, locale, hash, text }).onConflictDoNothing();
  return { id: (await find())!.id, hash };
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
};

/** Records a form's consents: privacy, marketing by e-mail and by SMS (given or refused), and the policy where there is one. */
export async function recordConsents(tx: Db, venue: Pick<VenueRow, 'id' | 'policies'>, answers: ConsentAnswers, at: Date = clockNow()) {
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
  for (const row of rows) {
    const text = await textOf(tx, venue.id, row.purpose, version, locale, row.text);
    await tx.insert(consentRecords).values({
      venueId: venue.id,
      email: answers.email.trim().toLowerCase(),
      subjectType: answers.subject.type,
      subjectId: answers.subject.id,
      purpose: row.purpose,
      channel: row.channel,
      given: row.given,
      textId: text.id,
      textHash: text.hash,
      textVersion: version,
      locale,
      form: answers.form,
      createdAt: at,
    });
  }
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
