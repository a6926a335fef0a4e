import 'server-only';
import type { Db } from '@/server/db/types';
import type { VenueRow } from '@/server/db/schema';
import { refundDeposit } from '@/server/payments/deposit';
import { log } from '@/lib/log';
import { changeable, inLockOrder } from './lifecycle';

/**
 * The guest's move and cancel of a booking, one lifecycle for tables and experiences (issue 42):
 * the booking found by its link hash, the standing rule, the locks taken in one order, the row
 * read again under them, the capacity checked again, the writes, and after the commit the
 * payment given back and the deliveries woken. What differs is data, a `BookingLife` per kind
 * (server/booking/changes.ts `TABLE_LIFE`, server/experiences/changes.ts `EXPERIENCE_LIFE`):
 * what is booked and its lock, its capacity re-check, its payment consequence, its e-mails.
 */

/** What every kind of booking row has for the lifecycle's rules. */
export type LifeRow = { id: number; status: string; date: string; time: string | null };

/** One lock of a change: its name (locks are taken sorted by it, each once) and how it is taken. */
export type LifeLock = {
  name: string;
  take: (tx: Db) => Promise<void>;
  /** Once the transaction that took it has ended (committed or not): what is kept of the capacity dropped (a table's month, server/booking/month-cache.ts). */
  after?: () => void;
};

/** Runs a transaction that takes `locks`, then each lock's `after`, whether it committed or not. */
export async function holding<T>(locks: LifeLock[], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } finally {
    for (const lock of locks) lock.after?.();
  }
}

/** A kind of booking, as the move and the cancel see it. */
export type BookingLife<F extends { row: R }, R extends LifeRow> = {
  /** The booking by its link hash, with what it books (none for a malformed or unknown hash). */
  find: (db: Db, venue: VenueRow, hash: string) => Promise<F | null>;
  /** The lock of what the booking holds now (the evening's shift, the experience's date). */
  lockOf: (venue: VenueRow, found: F, row: R) => LifeLock;
  /** The booking's row again, under its lock, for update. */
  lockRow: (tx: Db, id: number) => Promise<R | undefined>;
  /** Wakes the deliveries a change queued (its e-mails; an experience's wallet pass). */
  kick: () => void;
  /** Its log lines: the events, and what names the booking in them. */
  events: { changed: string; editRefused: string; cancelled: string };
  logged: (venue: VenueRow, row: R) => Record<string, unknown>;
};

/** A guest's call on a booking: the database, the venue, the booking's link hash, the time. */
export type LifeCall = { db: Db; venue: VenueRow; hash: string; now: Date };

/** A move, checked before its transaction: the new choice's lock, its capacity re-check under the locks, its writes. */
export type MovePlan<R, O extends string, Done> = {
  lock: LifeLock;
  /** The new choice no longer fits: the refusal's outcome (null: it fits, and what moves with it has moved). */
  recheck: (tx: Db, row: R) => Promise<O | null>;
  /** The moved row, its e-mails and what follows from it; the answer's own fields. */
  write: (tx: Db, row: R) => Promise<Done>;
};

/** Standing, not yet begun, and not on the waiting list: a booking the guest can move. */
const movable = (venue: VenueRow, row: LifeRow, now: Date) => changeable(venue.timezone, row, now) && row.status !== 'waitinglist';

/**
 * Moves a booking to a new choice in one transaction holding the locks of what it holds and of
 * what it asks (in one order, so two moves crossing each other cannot deadlock): its own seats
 * or places do not count against the new choice, which is never oversold. `plan` checks the
 * choice (it may throw BookingError: bad input) and refuses what the booking's payment cannot
 * cover, before any lock.
 */
export async function moveBooking<F extends { row: R }, R extends LifeRow, O extends string, Done extends object>(
  life: BookingLife<F, R>,
  { db, venue, hash, now }: LifeCall,
  plan: (found: F) => Promise<MovePlan<R, O, Done> | O>,
): Promise<({ outcome: 'changed' } & Done) | { outcome: O | 'notChangeable' | 'notFound' }> {
  const found = await life.find(db, venue, hash);
  if (!found) return { outcome: 'notFound' };
  if (!movable(venue, found.row, now)) return { outcome: 'notChangeable' };
  const move = await plan(found);
  if (typeof move === 'string') return { outcome: move };
  const locks = inLockOrder([life.lockOf(venue, found, found.row), move.lock], (l) => l.name);
  const result = await holding(locks, () => db.transaction(async (tx): Promise<({ outcome: 'changed' } & Done) | { outcome: O | 'notChangeable' }> => {
    for (const lock of locks) await lock.take(tx);
    const row = await life.lockRow(tx, found.row.id);
    if (!row || !movable(venue, row, now)) return { outcome: 'notChangeable' };
    const refusal = await move.recheck(tx, row);
    if (refusal) return { outcome: refusal };
    return { outcome: 'changed', ...(await move.write(tx, row)) };
  }));
  if (result.outcome === 'changed') life.kick();
  log.info(result.outcome === 'changed' ? life.events.changed : life.events.editRefused, { ...life.logged(venue, found.row), reason: result.outcome });
  return result;
}

/** A cancel's writes: the answer's own fields, and the payment to give back after the commit (its reference), if any. */
export type Cancelled<A> = { answer: A; refund: string | null };

/**
 * Cancels a booking by its guest: the lock of what it holds, then its row; a booking already
 * cancelled answers as it was (its fee, nothing given back again); one that has begun or ended
 * is refused. `cancel` writes the row, its e-mails and what follows (the seats offered, the
 * pass voided) and claims the payment to give back, refunded here after the commit.
 */
export async function cancelBooking<F extends { row: R }, R extends LifeRow, A extends object>(
  life: BookingLife<F, R>,
  { db, venue, hash, now }: LifeCall,
  steps: { already: (row: R) => A; cancel: (tx: Db, found: F, row: R) => Promise<Cancelled<A>> },
): Promise<({ outcome: 'cancelled' } & A) | { outcome: 'notChangeable' | 'notFound' }> {
  const found = await life.find(db, venue, hash);
  if (!found) return { outcome: 'notFound' };
  const lock = life.lockOf(venue, found, found.row);
  const result = await holding([lock], () => db.transaction(async (tx): Promise<({ outcome: 'cancelled' } & Cancelled<A>) | { outcome: 'notChangeable' }> => {
    // What it holds is locked first (as every booking, move and answer takes it), then the row.
    await lock.take(tx);
    const row = (await life.lockRow(tx, found.row.id))!;
    if (row.status === 'cancelled') return { outcome: 'cancelled', answer: steps.already(row), refund: null };
    if (!changeable(venue.timezone, row, now)) return { outcome: 'notChangeable' };
    return { outcome: 'cancelled', ...(await steps.cancel(tx, found, row)) };
  }));
  if (result.outcome !== 'cancelled') {
    log.info(life.events.cancelled, { ...life.logged(venue, found.row), outcome: result.outcome });
    return result;
  }
  if (result.refund) await refundDeposit(db, venue, result.refund);
  life.kick();
  log.info(life.events.cancelled, { ...life.logged(venue, found.row), outcome: result.outcome });
  return { outcome: 'cancelled', ...result.answer };
}
