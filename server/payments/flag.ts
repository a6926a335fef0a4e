import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { experienceBookings, reservations, venues } from '@/server/db/schema';
import { enqueueEmail } from '@/server/outbox/enqueue';
import { isTestMoney } from './test-money';
import { renderEmailTexts, summaryLabels } from '@/server/outbox/templates';
import { formatLongDate } from '@/lib/i18n/format';
import { formatMoney } from '@/lib/currency';
import { fill } from '@/lib/i18n/fill';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';
import { venueLanguage } from '@/server/venues/language';

const catalogues = { it, en, fr, es, de };

/**
 * Whose money it is: the table booking or the experience booking it belongs to (a no-show fee), or
 * the experience booking its payment paid for (a deposit, by its reference; the guest's address when
 * the booking was never made).
 */
export type FailedMoneyOf = { reservationId?: number | null; experienceBookingId?: number | null; paymentReference?: string | null; guestEmail?: string | null };

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
  of: FailedMoneyOf;
};

type BookingFacts = { firstName: string; lastName: string; email: string; date: string; time: string; covers: number };

/** The booking the money belongs to, if there is one. */
async function bookingOf(tx: Db, of: FailedMoneyOf): Promise<BookingFacts | null> {
  const columns = { firstName: reservations.firstName, lastName: reservations.lastName, email: reservations.email, date: reservations.date, time: reservations.time, covers: reservations.covers };
  if (of.reservationId) return (await tx.select(columns).from(reservations).where(eq(reservations.id, of.reservationId)))[0] ?? null;
  const e = experienceBookings;
  const experience = { firstName: e.firstName, lastName: e.lastName, email: e.email, date: e.date, time: e.time, covers: e.covers };
  if (of.experienceBookingId) return (await tx.select(experience).from(e).where(eq(e.id, of.experienceBookingId)))[0] ?? null;
  if (of.paymentReference) return (await tx.select(experience).from(e).where(eq(e.paymentReference, of.paymentReference)))[0] ?? null;
  return null;
}

/**
 * Tells the venue, once (the caller's conditional update of the row's flag decides it), that a money
 * row ended failed and must be settled by hand: through the outbox, in the venue's language, in the
 * transaction that ended the row; the guest named, the booking's day in words.
 */
export async function queueMoneyFailedEmail(tx: Db, venueId: number, row: FailedMoney): Promise<boolean> {
  const [venue] = await tx.select().from(venues).where(eq(venues.id, venueId));
  if (!venue?.email) return false;
  // The venue's own language (its `language`, Italian by default; issue 44).
  const locale = venueLanguage(venue);
  const t = catalogues[locale].payments.moneyFailedEmail;
  const amount = formatMoney(row.amountCents, row.currency, locale);
  // The guest named and the booking's day in words, as in the venue's other e-mails (issue 44); the
  // provider's reference last, for finding the payment in the provider's dashboard.
  const booking = await bookingOf(tx, row.of);
  const named = (booking ? `${booking.firstName} ${booking.lastName}`.trim() || booking.email : '') || row.of.guestEmail || '';
  const guest = named || t.aGuest;
  const labels = summaryLabels(locale);
  const details: [string, string][] = [
    ...(named ? ([[labels.name, named]] as [string, string][]) : []),
    ...(booking
      ? ([
          [labels.date, formatLongDate(booking.date, locale)],
          [labels.time, booking.time],
          [labels.people, String(booking.covers)],
        ] as [string, string][])
      : []),
    [t.reference, row.reference],
  ];
  const vars = { venueName: venue.name, guest, amount, attempts: String(row.attempts), error: row.error, date: booking ? formatLongDate(booking.date, locale) : '' };
  const what = t[row.what];
  const mail = renderEmailTexts(t, locale, { ...vars, what, reason: fill(t[row.why], vars), booking: booking ? fill(t.ofBooking, { ...vars, time: booking.time }) : '' }, details);
  await enqueueEmail(tx, { venueId: venue.id, template: 'moneyFailed', locale, to: venue.email, subject: mail.subject, text: mail.text, html: mail.html, testMoney: isTestMoney(row.provider) });
  return true;
}
