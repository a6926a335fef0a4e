import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { venues } from '@/server/db/schema';
import { enqueueEmail } from '@/server/outbox/enqueue';
import { isTestMoney } from './test-money';
import { renderEmailTexts } from '@/server/outbox/templates';
import { formatMoney } from '@/lib/currency';
import { fill } from '@/lib/i18n/fill';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';
import { venueLanguage } from '@/server/venues/language';

const catalogues = { it, en, fr, es, de };



export type FailedMoney = {
  what: 'depositRefund' | 'feeCharge' | 'feeRefund';
  /** Why it ended failed: retries exhausted, refused by the provider, or the key's time over with nothing found. */
  why: 'exhausted' | 'refused' | 'expired';
  reference: string;
  amountCents: number;
  currency: string;
  attempts: number;
  error: string;
  /** The provider that holds the money: test money is marked as such (server/payments/test-money.ts). */
  provider: string;
};

/**
 * Tells the venue, once (the caller's conditional update of the row's flag decides it), that a money
 * row ended failed and must be settled by hand: through the outbox, in the venue's language, in the
 * transaction that ended the row.
 */
export async function queueMoneyFailedEmail(tx: Db, venueId: number, row: FailedMoney): Promise<boolean> {
  const [venue] = await tx.select().from(venues).where(eq(venues.id, venueId));
  if (!venue?.email) return false;
  // The venue's own language (its `language`, Italian by default; issue 44).
  const locale = venueLanguage(venue);
  const t = catalogues[locale].payments.moneyFailedEmail;
  const amount = formatMoney(row.amountCents, row.currency, locale);
  const vars = { venueName: venue.name, reference: row.reference, amount, attempts: String(row.attempts), error: row.error };
  const what = t[row.what];
  const mail = renderEmailTexts(t, locale, { ...vars, what, reason: fill(t[row.why], vars) });
  await enqueueEmail(tx, { venueId: venue.id, template: 'moneyFailed', locale, to: venue.email, subject: mail.subject, text: mail.text, html: mail.html, testMoney: isTestMoney(row.provider) });
  return true;
}
