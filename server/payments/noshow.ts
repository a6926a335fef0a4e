import 'server-only';
import { linkOrigin } from '@/server/venues/queries';
import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { cardSetups, experienceBookings, noshowCharges, reservations, venues, type GuaranteeTerms, type NoShowChargeRow, type VenueRow } from '@/server/db/schema';
import { PermanentPaymentError, type ChargeEvent, type GuaranteeProvider } from '@/lib/payments/types';
import { enqueueEmail } from '@/server/outbox/enqueue';
import { kickDelivery } from '@/server/outbox/delivery';
import { renderEmailTexts } from '@/server/outbox/templates';
import { formatLongDate } from '@/lib/i18n/format';
import { formatMoney } from '@/lib/currency';
import { toLocale } from '@/lib/i18n/locales';
import { isTestMoney } from './test-money';
import { venuePageUrl } from '@/lib/venue/origin';
import { errorMessage, log } from '@/lib/log';
import { now as clockNow } from '@/server/clock';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';
import { guaranteeProvider } from './provider';
import { feeLinkPath } from './fee-link';
import { totalFeeCents } from './fee-amount';
import { dueAfterClaim, errorCode, isPermanent, keyExpired, nextRetryAt } from './retry';
import { queueMoneyFailedEmail, type FailedMoney } from './flag';
import { colon } from '@/lib/i18n/colon';

/**
 * The no-show fee (issue 24; docs/payments.md, "No-show fee"). When staff mark a guaranteed
 * booking as a no-show, the fee the guest accepted (the terms stored with the booking) is
 * charged off-session to the card saved with it:
 * - claimed first: one `noshow_charges` row per booking (a unique key), written in the
 *   transaction that marks the no-show, so ten clicks or a replayed webhook charge once;
 * - then charged with an idempotency key per booking: a call lost on the way (network, crash)
 *   is retried by the sweep with the same key, and the provider makes one payment;
 * - declined: shown on the sheet; the bank wants the guest: they get a link to authenticate,
 *   and the webhook settles it; paid: the guest gets a receipt;
 * - a charge made by mistake is refunded from the sheet, once (failed refunds retried).
 */

const catalogues = { it, en, fr, es, de };
const texts = (locale: string) => catalogues[toLocale(locale)].noshow;

/** A booking a fee can be charged for: a table booking or an experience booked on its own. */
export type FeeBooking = {
  kind: 'table' | 'experience';
  id: number;
  hash: string;
  date: string;
  time: string;
  covers: number;
  firstName: string;
  email: string;
  locale: string;
  guaranteeProvider: 'stripe' | 'local' | null;
  guaranteeReference: string | null;
  guaranteePaymentMethod: string | null;
  guaranteeTerms: GuaranteeTerms | null;
};

/** The fee as the sheet shows it. */
export const feeView = (c: Pick<NoShowChargeRow, 'status' | 'amountCents' | 'currency' | 'lastError'>) => ({ status: c.status, amountCents: c.amountCents, currency: c.currency, error: c.lastError ?? '' });
export type FeeView = ReturnType<typeof feeView>;

const bookingColumn = (kind: FeeBooking['kind']) => (kind === 'table' ? noshowCharges.reservationId : noshowCharges.experienceBookingId);

/** The charges of a day's table bookings and experience bookings, in one statement (the sheet, issue 42). */
export async function feesOfDay(db: Db, ids: { table: number[]; experience: number[] }): Promise<{ table: Map<number, FeeView>; experience: Map<number, FeeView> }> {
  const fees = { table: new Map<number, FeeView>(), experience: new Map<number, FeeView>() };
  if (!ids.table.length && !ids.experience.length) return fees;
  const rows = await db
    .select()
    .from(noshowCharges)
    .where(or(ids.table.length ? inArray(noshowCharges.reservationId, ids.table) : undefined, ids.experience.length ? inArray(noshowCharges.experienceBookingId, ids.experience) : undefined));
  for (const c of rows) {
    if (c.reservationId !== null && ids.table.includes(c.reservationId)) fees.table.set(c.reservationId, feeView(c));
    if (c.experienceBookingId !== null && ids.experience.includes(c.experienceBookingId)) fees.experience.set(c.experienceBookingId, feeView(c));
  }
  return fees;
}

/** The charges of some bookings, by booking id (for the sheet). */
export async function feesOf(db: Db, kind: FeeBooking['kind'], ids: number[]): Promise<Map<number, FeeView>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(noshowCharges).where(inArray(bookingColumn(kind), ids));
  return new Map(rows.map((c) => [(kind === 'table' ? c.reservationId : c.experienceBookingId)!, feeView(c)]));
}

/**
 * Claims the fee of a booking just marked as a no-show, in that transaction: the charge row,
 * or null when there is nothing to charge (no guarantee, no saved card, no fee) or it was
 * claimed already. The provider is called after the commit (`chargeNoShow`).
 */
export async function claimNoShowFee(tx: Db, venue: VenueRow, b: FeeBooking, now = clockNow()): Promise<number | null> {
  const terms = b.guaranteeTerms;
  if (!terms || !b.guaranteePaymentMethod || !b.guaranteeProvider) return null;
  const amountCents = totalFeeCents(terms, b.covers);
  if (amountCents <= 0) return null;
  const [card] = b.guaranteeReference ? await tx.select({ customer: cardSetups.customer }).from(cardSetups).where(eq(cardSetups.reference, b.guaranteeReference)) : [];
  const [row] = await tx
    .insert(noshowCharges)
    .values({
      venueId: venue.id,
      ...(b.kind === 'table' ? { reservationId: b.id } : { experienceBookingId: b.id }),
      provider: b.guaranteeProvider,
      paymentMethod: b.guaranteePaymentMethod,
      customer: card?.customer ?? null,
      amountCents,
      currency: terms.currency || venue.currency,
      status: 'charging',
      // Should this process die before the provider answers, the sweep charges it (same key) from then on.
      nextAttemptAt: dueAfterClaim(now),
      claimedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: noshowCharges.id });
  return row?.id ?? null;
}

/** The booking a fee was charged for, a table's or an experience's. */
export async function bookingOf(db: Db, charge: NoShowChargeRow): Promise<FeeBooking | null> {
  if (charge.reservationId) {
    const [r] = await db.select().from(reservations).where(eq(reservations.id, charge.reservationId));
    return r ? { kind: 'table', ...r } : null;
  }
  const [b] = await db.select().from(experienceBookings).where(eq(experienceBookings.id, charge.experienceBookingId!));
  return b ? { kind: 'experience', ...b, time: b.time || '00:00' } : null;
}

type FeeMail = 'receipt' | 'authenticate' | 'refunded';

/** The guest's e-mail about their fee, in their language, queued in the transaction that changes the charge. */
async function queueFeeEmail(tx: Db, venue: VenueRow, charge: NoShowChargeRow, b: FeeBooking, mail: FeeMail, host: string) {
  const t = texts(b.locale);
  const amount = formatMoney(charge.amountCents, charge.currency, b.locale);
  const date = formatLongDate(b.date, b.locale);
  const link = mail === 'authenticate' ? venuePageUrl(host, toLocale(b.locale), feeLinkPath(venue.id, charge.id)) : '';
  const rendered = renderEmailTexts(t.emails[mail], b.locale, { venueName: venue.name, firstName: b.firstName, amount, date, time: b.time, link }, [
    [t.emails.labels.amount, amount],
    [t.emails.labels.booking, `${date}, ${b.time} (${b.covers})`],
    ...(charge.reference ? [[t.emails.labels.reference, charge.reference] as [string, string]] : []),
  ], { notes: b.guaranteeTerms?.text ? [`${t.emails.labels.policy}${colon(b.locale)}${b.guaranteeTerms.text}`] : [] });
  await enqueueEmail(tx, { venueId: venue.id, template: `noshowFee${mail[0].toUpperCase()}${mail.slice(1)}`, locale: b.locale, to: b.email, ...rendered, testMoney: isTestMoney(charge.provider) });
}

/** The idempotency key of a booking's fee: one charge per booking, whoever calls. */
const chargeKey = (venue: VenueRow, b: FeeBooking) => `noshow-${venue.id}-${b.kind}-${b.id}`;

/**
 * Ends a charge or its refund failed (`failed`, `refund_failed`) and tells the venue once, in one
 * transaction moving the row only from the state it was claimed in (server/payments/retry.ts).
 */
async function endFailed(db: Db, charge: NoShowChargeRow, why: FailedMoney['why'], error: string, attempts: number, now: Date): Promise<void> {
  const from = charge.status === 'refunding' ? 'refunding' : 'charging';
  const flagged = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(noshowCharges)
      .set({ status: from === 'refunding' ? 'refund_failed' : 'failed', lastError: error, attempts, nextAttemptAt: null, flaggedAt: now, updatedAt: now })
      .where(and(eq(noshowCharges.id, charge.id), eq(noshowCharges.status, from)))
      .returning();
    if (row) await queueMoneyFailedEmail(tx, row.venueId, { what: from === 'refunding' ? 'feeRefund' : 'feeCharge', why, reference: row.reference ?? `#${row.id}`, amountCents: row.amountCents, currency: row.currency, attempts, error, provider: row.provider, of: { reservationId: row.reservationId, experienceBookingId: row.experienceBookingId } });
    return Boolean(row);
  });
  if (flagged) {
    kickDelivery();
    log.error('noshow_flagged', { chargeId: charge.id, status: from, why, attempts, error });
  }
}

/** A failed call: tried again on the schedule, or ended failed (refused, or the retries exhausted). */
async function callFailed(db: Db, charge: NoShowChargeRow, error: unknown, now: Date): Promise<number> {
  const attempts = charge.attempts + 1;
  const claimedAt = charge.claimedAt ?? charge.updatedAt;
  const next = isPermanent(error) ? null : nextRetryAt(attempts, claimedAt, now);
  log.error(charge.status === 'refunding' ? 'noshow_refund_failed' : 'noshow_charge_unreachable', { chargeId: charge.id, attempts, error: errorMessage(error) });
  if (!next) await endFailed(db, charge, isPermanent(error) ? 'refused' : 'exhausted', errorCode(error), attempts, now);
  else await db.update(noshowCharges).set({ attempts, nextAttemptAt: next, lastError: errorCode(error), updatedAt: now }).where(and(eq(noshowCharges.id, charge.id), eq(noshowCharges.status, charge.status)));
  return attempts;
}

/**
 * Charges a claimed fee (status `charging`) with the provider, then records what came of it
 * and tells the guest, in one transaction that moves the charge only from `charging`: a
 * second caller (the sweep, a retry) finds it settled and changes nothing. A provider that
 * cannot be reached leaves it `charging`, tried again by the sweep on the schedule of
 * server/payments/retry.ts; past the key's window the charge is looked up, never made again.
 */
export async function chargeNoShow(db: Db, chargeId: number, options: { host?: string; provider?: GuaranteeProvider } = {}, now = clockNow()): Promise<NoShowChargeRow | null> {
  const [charge] = await db.select().from(noshowCharges).where(eq(noshowCharges.id, chargeId));
  if (!charge || charge.status !== 'charging') return charge ?? null;
  const [venue] = await db.select().from(venues).where(eq(venues.id, charge.venueId));
  const b = await bookingOf(db, charge);
  if (!venue || !b) return charge;
  const provider = options.provider ?? guaranteeProvider();
  if (provider.kind !== charge.provider) {
    await endFailed(db, charge, 'refused', 'provider_changed', charge.attempts, now);
    return { ...charge, status: 'failed', lastError: 'provider_changed' };
  }
  let outcome;
  try {
    if (!keyExpired(charge.claimedAt ?? charge.createdAt, now))
      outcome = await provider.chargeOffSession({
        paymentMethod: charge.paymentMethod,
        customer: charge.customer,
        amountCents: charge.amountCents,
        currency: charge.currency,
        description: `${venue.name}: no-show ${b.date} ${b.time} (${b.covers})`,
        metadata: { venue: venue.slug, booking: b.hash },
        idempotencyKey: chargeKey(venue, b),
      });
    else {
      // The key may be forgotten: a second call could charge twice. The first one is looked up instead.
      outcome = await provider.findCharge(chargeKey(venue, b));
      if (!outcome) {
        await endFailed(db, charge, 'expired', 'key_expired', charge.attempts, now);
        return (await db.select().from(noshowCharges).where(eq(noshowCharges.id, charge.id)))[0] ?? null;
      }
    }
  } catch (error) {
    const attempts = await callFailed(db, charge, error, now);
    return (await db.select().from(noshowCharges).where(eq(noshowCharges.id, charge.id)))[0] ?? { ...charge, attempts };
  }
  const host = await linkOrigin(db, venue.id, options.host);
  const settled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(noshowCharges)
      .set({
        status: outcome.status,
        reference: outcome.reference,
        clientSecret: outcome.status === 'requires_action' ? outcome.clientSecret : null,
        lastError: outcome.error,
        chargedAt: outcome.status === 'succeeded' ? now : null,
        nextAttemptAt: null,
        updatedAt: now,
      })
      .where(and(eq(noshowCharges.id, charge.id), eq(noshowCharges.status, 'charging')))
      .returning();
    if (row && outcome.status !== 'failed') await queueFeeEmail(tx, venue, row, b, outcome.status === 'succeeded' ? 'receipt' : 'authenticate', host);
    return row;
  });
  if (settled) {
    kickDelivery();
    log.info('noshow_charged', { chargeId: charge.id, status: settled.status, error: settled.lastError });
  }
  const [now_] = await db.select().from(noshowCharges).where(eq(noshowCharges.id, charge.id));
  return now_ ?? null;
}

/**
 * A verified webhook about a fee's PaymentIntent (the guest authenticated it, or it failed),
 * in the webhook's transaction: it settles a charge still `charging` or `requires_action`,
 * and a settled one stays as it is (replays, late events).
 */
export async function applyChargeEvent(tx: Db, event: ChargeEvent, now = clockNow()): Promise<boolean> {
  if (event.status === 'requires_action') return false;
  const [row] = await tx
    .update(noshowCharges)
    .set({ status: event.status, lastError: event.error, chargedAt: event.status === 'succeeded' ? now : null, clientSecret: null, updatedAt: now })
    .where(and(eq(noshowCharges.reference, event.reference), inArray(noshowCharges.status, ['charging', 'requires_action'])))
    .returning();
  if (!row) return false;
  if (row.status === 'succeeded') {
    const [venue] = await tx.select().from(venues).where(eq(venues.id, row.venueId));
    const b = await bookingOf(tx, row);
    if (venue && b) await queueFeeEmail(tx, venue, row, b, 'receipt', await linkOrigin(tx, venue.id));
  }
  log.info('noshow_charge_settled', { chargeId: row.id, status: row.status });
  return true;
}

/** What a refund from the sheet came to. */
export type FeeRefund = 'refunded' | 'retrying' | 'notAllowed';

async function giveBack(db: Db, charge: NoShowChargeRow, provider: GuaranteeProvider, now: Date): Promise<FeeRefund> {
  try {
    if (!charge.reference) throw new PermanentPaymentError('resource_missing', 'a charge without its reference');
    if (!keyExpired(charge.claimedAt ?? charge.updatedAt, now)) await provider.refundCharge(charge.reference);
    else if (!(await provider.findRefund(charge.reference))) {
      // The key may be forgotten: no second refund call, and none was found made.
      await endFailed(db, charge, 'expired', 'key_expired', charge.attempts, now);
      return 'retrying';
    }
  } catch (error) {
    await callFailed(db, charge, error, now);
    return 'retrying';
  }
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(noshowCharges)
      .set({ status: 'refunded', refundedAt: now, nextAttemptAt: null, updatedAt: now })
      .where(and(eq(noshowCharges.id, charge.id), eq(noshowCharges.status, 'refunding')))
      .returning();
    if (!row) return false;
    const [venue] = await tx.select().from(venues).where(eq(venues.id, row.venueId));
    const b = await bookingOf(tx, row);
    if (venue && b) await queueFeeEmail(tx, venue, row, b, 'refunded', await linkOrigin(tx, venue.id));
    return true;
  });
  if (done) kickDelivery();
  log.info('noshow_refunded', { chargeId: charge.id });
  return 'refunded';
}

/**
 * Claims the refund of a fee charged by mistake, in the staff answer's transaction: one
 * conditional move `succeeded` → `refunding`, so of two clicks one refunds. Null when there
 * is no charged fee to give back.
 */
export async function claimFeeRefund(tx: Db, kind: FeeBooking['kind'], bookingId: number, now = clockNow()): Promise<number | null> {
  const [row] = await tx
    .update(noshowCharges)
    .set({ status: 'refunding', attempts: 0, nextAttemptAt: dueAfterClaim(now), claimedAt: now, lastError: null, updatedAt: now })
    .where(and(eq(bookingColumn(kind), bookingId), eq(noshowCharges.status, 'succeeded')))
    .returning({ id: noshowCharges.id });
  return row?.id ?? null;
}

/** Refunds a claimed fee (after the claim's commit). */
export async function refundNoShow(db: Db, chargeId: number, provider = guaranteeProvider(), now = clockNow()): Promise<FeeRefund> {
  const [charge] = await db.select().from(noshowCharges).where(eq(noshowCharges.id, chargeId));
  if (!charge || charge.status !== 'refunding') return 'notAllowed';
  return giveBack(db, charge, provider, now);
}

/**
 * The housekeeping sweep's part: fees left `charging` (the provider did not answer, or the
 * process died after the claim) are charged again with the same idempotency key once their
 * time comes; refunds likewise (server/payments/retry.ts). `venueId`: one venue's only.
 */
export async function sweepNoShowCharges(db: Db, now = clockNow(), provider = guaranteeProvider(), venueId?: number) {
  const due = await db
    .select()
    .from(noshowCharges)
    .where(
      and(
        inArray(noshowCharges.status, ['charging', 'refunding']),
        eq(noshowCharges.provider, provider.kind),
        or(lte(noshowCharges.nextAttemptAt, now), isNull(noshowCharges.nextAttemptAt)),
        venueId === undefined ? undefined : eq(noshowCharges.venueId, venueId),
      ),
    )
    .limit(100);
  let charged = 0;
  let refunded = 0;
  for (const charge of due) {
    if (charge.status === 'charging') {
      const after = await chargeNoShow(db, charge.id, { provider }, now);
      if (after && after.status !== 'charging') charged++;
    } else if ((await giveBack(db, charge, provider, now)) === 'refunded') refunded++;
  }
  return { noshowFeesSettled: charged, noshowFeesRefunded: refunded };
}
