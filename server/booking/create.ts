import 'server-only';
import type { Db } from '@/server/db/types';
import type { PreparedConsents } from '@/server/consent/records';
import type { EmailFrame, EmailMessage, OutboxInsert } from '@/server/outbox/enqueue';
import { kickDelivery } from '@/server/outbox/delivery';
import { countBooking } from '@/server/observability/observe';
import type { BookingSource } from '@/lib/booking/source';
import { log } from '@/lib/log';
import { BookingError } from './errors';
import { writeBookingLast, type BookingKind, type Keeping } from './lifecycle';
import { holding, type LifeLock } from './moves';

/**
 * The creation of a booking, one lifecycle for tables and experiences (issue 42): an answer
 * read without the lock when it can be (a table's evening already full), the capacity's lock,
 * the capacity counted again under it, the status it gives (or a refusal, nothing stored), the
 * payment checked for that status, the row, then the lifecycle's last writes (consents,
 * e-mails, the idempotency key); after the commit, what the refusal gives back, the log line,
 * the count and the deliveries woken. What differs is data, a `CreatePlan` per kind and call
 * (server/booking/service.ts `createReservation`, server/experiences/service.ts
 * `createExperienceBooking`): what is booked and its lock, its capacity rule, its payment, its
 * row and its e-mails. The choice, the bot check and what is read before the lock (the
 * consents' texts, the payment verified with its provider) are each kind's, before the plan.
 */

/** A created booking's last writes: its answer, its consents, its e-mails in their frame, and what follows them under the lock. */
export type CreateLast<Made extends string = string> = {
  answer: { outcome: Made; hash: string };
  consents: PreparedConsents;
  /** `rows`: the outbox rows, framed before the lock (else framed here). */
  mails: { mails: EmailMessage[]; frame: EmailFrame; rows?: OutboxInsert[] };
  /** Written after the last writes, in the transaction (a table's SMS code). */
  after?: (tx: Db) => Promise<void>;
};

/** A new booking of one kind, checked before its transaction. */
export type CreatePlan<Count, Status, Row extends { id: number; email: string }, Made extends string, Refused extends { outcome: string }> = {
  /** The count read without the lock when it already answers (a full evening, no hold): no lock is taken then; null counts under the lock. */
  early?: () => Promise<Count | null>;
  /** After the unlocked read did not answer, before the lock: what can be worked out ahead of it (a table's e-mails, rendered for the status it expects). */
  before?: () => Promise<void>;
  /** The capacity's lock: the evening's shift, the experience's date. */
  lock: LifeLock;
  /** The capacity counted again under the lock. */
  count: (tx: Db) => Promise<Count>;
  /** The status the count gives, or the refusal's answer (nothing stored; what it held is let go here). */
  decide: (tx: Db, count: Count) => Promise<{ status: Status } | { refused: Refused }>;
  /** The payment for this status (throws BookingError when missing or refused), and what the booking takes before its row (a hold, a deposit). */
  pay: (tx: Db, status: Status) => Promise<void>;
  /** The booking's row (none when a racing submit took its card or payment: refused). */
  insert: (tx: Db, status: Status, count: Count) => Promise<Row | undefined>;
  /** Its answer, consents and e-mails, written last. */
  last: (tx: Db, row: Row, status: Status) => Promise<CreateLast<Made>>;
  /** After the commit, for a refusal: what is given back (an experience's deposit). */
  settle?: (refused: Refused) => Promise<void>;
  /** The log line's fields beside the outcome. */
  logged: Record<string, unknown>;
};

/** What a create call brings beside its plan: the database, how it keeps its idempotency key, the source, the time. */
export type CreateCall = { db: Db; keeping: Keeping; source: BookingSource | undefined; now: Date };

const CREATED: Record<BookingKind['kind'], string> = { table: 'reservation_created', experience: 'experience_booked' };

/**
 * Creates a booking in one transaction holding its capacity's lock (taken once, before the
 * count), so concurrent bookings can never take more than the capacity allows; a count read
 * without the lock that already answers takes none. Answers the last writes' answer, or the refusal.
 */
export async function createBooking<Count, Status, Row extends { id: number; email: string }, Made extends string, Refused extends { outcome: string }>(
  kind: BookingKind,
  { db, keeping, source, now }: CreateCall,
  plan: CreatePlan<Count, Status, Row, Made, Refused>,
): Promise<{ made: { outcome: Made; hash: string } } | { refused: Refused }> {
  const early = plan.early ? await plan.early() : null;
  if (early === null) await plan.before?.();
  // A count read without the lock that answers takes none and changes nothing.
  const result = await holding(early === null ? [plan.lock] : [], () => db.transaction(async (tx): Promise<{ made: { outcome: Made; hash: string } } | { refused: Refused }> => {
    if (early === null) await plan.lock.take(tx);
    const count = early ?? (await plan.count(tx));
    const decided = await plan.decide(tx, count);
    if ('refused' in decided) return decided;
    await plan.pay(tx, decided.status);
    const row = await plan.insert(tx, decided.status, count);
    if (!row) throw new BookingError('paymentNotFound');
    const last = await plan.last(tx, row, decided.status);
    await writeBookingLast(tx, kind, { id: row.id, email: row.email, answer: last.answer }, last.consents, last.mails, keeping, now);
    await last.after?.(tx);
    return { made: last.answer };
  }));
  if ('refused' in result) await plan.settle?.(result.refused);
  const outcome = 'made' in result ? result.made.outcome : result.refused.outcome;
  log.info(CREATED[kind.kind], { ...plan.logged, outcome });
  countBooking(kind.kind, outcome, source ?? 'web');
  if ('made' in result && result.made.hash) kickDelivery();
  return result;
}
