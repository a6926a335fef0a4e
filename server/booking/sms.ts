import 'server-only';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { canonicalPhone } from '@/lib/identity';
import type { Db } from '@/server/db/types';
import { reservations, smsChallenges, zones, type ReservationRow, type VenueRow } from '@/server/db/schema';
import { enqueueSms } from '@/server/outbox/enqueue';
import { kickDelivery } from '@/server/outbox/delivery';
import { withinLimit } from '@/server/limits';
import { log } from '@/lib/log';
import { toLocale } from '@/lib/i18n/locales';
import { smsText } from '@/server/outbox/templates';
import { queueReservationEmails } from './emails';
import { now as clockNow } from '@/server/clock';

/** The code is valid 10 minutes (`SMS_CODE_TTL_SECONDS` changes it, e.g. for the end-to-end tests); 5 wrong codes end the booking. */
export const codeTtlMs = () => (Number(process.env.SMS_CODE_TTL_SECONDS) || 600) * 1000;
export const MAX_ATTEMPTS = 5;
/** Resending: not within a minute of the last send, and at most 3 sends in all. */
export const RESEND_INTERVAL_MS = 60_000;
export const MAX_SENDS = 3;

/** Only a keyed hash of the code is stored; the key is the booking's own 128-bit hash. */
const codeHash = (reservationHash: string, code: string) => createHmac('sha256', reservationHash).update(code).digest('hex');

/** The guest's mobile number in E.164 form. */
export function mobileOf(r: Pick<ReservationRow, 'phonePrefix' | 'phone'>): string {
  const raw = `${r.phonePrefix}${r.phone}`.replace(/[^+\d]/g, '');
  // The one canonical form of a phone (lib/identity.ts), the same parsing that validated it.
  return canonicalPhone(raw);
}

/**
 * Issues a new code for a suspended booking and queues its SMS, in the caller's
 * transaction: the seats stay held until the code expires.
 */
export async function issueCode(tx: Db, venue: VenueRow, r: ReservationRow, now: Date, resend = false): Promise<Date> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + codeTtlMs());
  const hash = codeHash(r.hash, code);
  if (resend) {
    const [current] = await tx.select().from(smsChallenges).where(eq(smsChallenges.reservationId, r.id));
    await tx.update(smsChallenges).set({ codeHash: hash, expiresAt, sends: (current?.sends ?? 0) + 1, lastSentAt: now }).where(eq(smsChallenges.reservationId, r.id));
  } else {
    await tx.insert(smsChallenges).values({ reservationId: r.id, codeHash: hash, expiresAt, attempts: 0, sends: 1, lastSentAt: now });
  }
  await tx.update(reservations).set({ suspendedUntil: expiresAt, updatedAt: now }).where(eq(reservations.id, r.id));
  await enqueueSms(tx, { venueId: venue.id, template: 'reservationCode', locale: r.locale, to: mobileOf(r), text: smsText('reservationCode', toLocale(r.locale), { venueName: venue.name, code, minutes: String(Math.max(1, Math.round(codeTtlMs() / 60_000))) }) });
  return expiresAt;
}

export type CodeResult =
  | { outcome: 'confirm' | 'accept' }
  | { outcome: 'suspendedError' }
  | { error: 'codeWrong'; attemptsLeft: number }
  | { error: 'tooManyAttempts' | 'notFound' };

async function findSuspended(tx: Db, venue: VenueRow, hash: string) {
  const [r] = await tx
    .select()
    .from(reservations)
    .where(and(eq(reservations.venueId, venue.id), eq(reservations.hash, hash)))
    .for('update');
  return r;
}

/**
 * Ends suspended bookings that did not get their code (`suspendedError` for the guest): the
 * booking is `failed`, its seats are free, its challenge is gone. `where` picks them, within
 * the caller's transaction: one booking (a fifth wrong code, an expired code at check time)
 * or every expired one (the housekeeping sweep).
 */
export async function endSuspended(tx: Db, where: SQL, now: Date, reason: 'attempts' | 'expired'): Promise<number> {
  const ended = await tx
    .update(reservations)
    .set({ status: 'failed', suspendedUntil: null, updatedAt: now })
    .where(and(eq(reservations.status, 'suspended'), where))
    .returning({ id: reservations.id });
  if (!ended.length) return 0;
  await tx.delete(smsChallenges).where(inArray(smsChallenges.reservationId, ended.map((r) => r.id)));
  for (const r of ended) log.warn('sms_code_refused', { reservationId: r.id, reason, final: true });
  return ended.length;
}

const fail = (tx: Db, r: ReservationRow, now: Date, reason: 'attempts' | 'expired') => endSuspended(tx, eq(reservations.id, r.id), now, reason);

/**
 * Checks the code of a suspended booking (constant-time). Right: the booking is confirmed
 * (or awaits the venue) and the e-mails go out. Wrong: attempts left, until the fifth,
 * which ends it `suspendedError` and frees the seats; so does an expired code.
 */
export async function verifyCode(db: Db, venue: VenueRow, input: { hash: string; code: string; ip: string; host: string }, now = clockNow()): Promise<CodeResult> {
  // Wrong or right, code checks from one address across the venue's bookings: limit smsCodeAddress.
  if (!(await withinLimit(db, venue, 'smsCodeAddress', input.ip, now))) {
    log.warn('sms_code_refused', { reason: 'ipLimit', venueId: venue.id });
    return { error: 'tooManyAttempts' };
  }
  const result = await db.transaction(async (tx) => {
    const r = await findSuspended(tx, venue, input.hash);
    if (!r) return { error: 'notFound' as const };
    if (r.status === 'confirmed') return { outcome: 'confirm' as const };
    if (r.status === 'pending') return { outcome: 'accept' as const };
    if (r.status !== 'suspended') return { outcome: 'suspendedError' as const };
    const [challenge] = await tx.select().from(smsChallenges).where(eq(smsChallenges.reservationId, r.id));
    if (!challenge || challenge.expiresAt.getTime() <= now.getTime()) {
      await fail(tx, r, now, 'expired');
      return { outcome: 'suspendedError' as const };
    }
    const given = Buffer.from(codeHash(r.hash, input.code.replace(/\s/g, '')), 'hex');
    const right = timingSafeEqual(given, Buffer.from(challenge.codeHash, 'hex'));
    if (!right) {
      const attempts = challenge.attempts + 1;
      if (attempts >= MAX_ATTEMPTS) {
        await fail(tx, r, now, 'attempts');
        return { outcome: 'suspendedError' as const };
      }
      await tx.update(smsChallenges).set({ attempts }).where(eq(smsChallenges.reservationId, r.id));
      log.warn('sms_code_refused', { reservationId: r.id, reason: 'wrong', attempts });
      return { error: 'codeWrong' as const, attemptsLeft: MAX_ATTEMPTS - attempts };
    }
    const status = r.confirmsAs ?? 'confirmed';
    const [confirmed] = await tx.update(reservations).set({ status, suspendedUntil: null, confirmsAs: null, updatedAt: now }).where(eq(reservations.id, r.id)).returning();
    await tx.delete(smsChallenges).where(eq(smsChallenges.reservationId, r.id));
    const [zone] = await tx.select({ name: zones.name }).from(zones).where(and(eq(zones.venueId, venue.id), eq(zones.key, r.zoneKey)));
    const news = status === 'confirmed' ? 'confirm' : 'accept';
    await queueReservationEmails(tx, venue, confirmed, news, { host: input.host, zoneName: zone?.name ?? { it: r.zoneKey }, now });
    log.info('sms_code_accepted', { reservationId: r.id });
    return { outcome: news };
  });
  if ('outcome' in result && result.outcome !== 'suspendedError') kickDelivery();
  return result as CodeResult;
}

/** Sends a new code (rate-limited): the old one stops working, the attempts already made still count. */
export async function resendCode(db: Db, venue: VenueRow, hash: string, now = clockNow()): Promise<{ expiresAt: Date } | { error: 'resendTooSoon' | 'resendLimit' | 'notFound' | 'notSuspended' }> {
  const result = await db.transaction(async (tx) => {
    const r = await findSuspended(tx, venue, hash);
    if (!r) return { error: 'notFound' as const };
    if (r.status !== 'suspended') return { error: 'notSuspended' as const };
    const [challenge] = await tx.select().from(smsChallenges).where(eq(smsChallenges.reservationId, r.id));
    if (!challenge) return { error: 'notSuspended' as const };
    if (challenge.expiresAt.getTime() <= now.getTime()) {
      await fail(tx, r, now, 'expired');
      return { error: 'notSuspended' as const };
    }
    if (challenge.sends >= MAX_SENDS) return { error: 'resendLimit' as const };
    if (now.getTime() - challenge.lastSentAt.getTime() < RESEND_INTERVAL_MS) return { error: 'resendTooSoon' as const };
    return { expiresAt: await issueCode(tx, venue, r, now, true) };
  });
  if ('expiresAt' in result) kickDelivery();
  else log.warn('sms_resend_refused', { venueId: venue.id, reason: result.error });
  return result;
}

/** The state of a booking's SMS step, for the confirmation page. */
export async function codeStatus(db: Db, venue: VenueRow, hash: string, now = clockNow()) {
  const [r] = await db.select().from(reservations).where(and(eq(reservations.venueId, venue.id), eq(reservations.hash, hash)));
  if (!r) return null;
  const [challenge] = r.status === 'suspended' ? await db.select().from(smsChallenges).where(eq(smsChallenges.reservationId, r.id)) : [];
  const live = challenge && challenge.expiresAt.getTime() > now.getTime();
  return {
    status: r.status === 'suspended' && !live ? ('failed' as const) : r.status,
    phoneEnding: mobileOf(r).slice(-3),
    expiresAt: live ? challenge.expiresAt.toISOString() : null,
    attemptsLeft: live ? MAX_ATTEMPTS - challenge.attempts : 0,
    canResendAt: live && challenge.sends < MAX_SENDS ? new Date(challenge.lastSentAt.getTime() + RESEND_INTERVAL_MS).toISOString() : null,
  };
}
