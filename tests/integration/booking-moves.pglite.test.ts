import type { Db } from '@/server/db/types';
import type { VenueRow } from '@/server/db/schema';
import type { BookingLife, LifeRow } from '@/server/booking/moves';
import { useSiteDatabase } from '../helpers/databases';

/**
 * Issue 42, one lifecycle: the guest's move and cancel of either kind of booking on one path
 * (server/booking/moves.ts), the kind's differences given as data. Here with a kind made up
 * for the test, which records what the path asks of it, so that the steps the path owns (their
 * order, the locks, the standing rule under the lock) are what is checked.
 */
const moves = () => import('@/server/booking/moves');
const database = async () => (await import('@/server/db/client')).getDb();

const NOW = new Date('2030-01-10T12:00:00Z');
const venue = { id: 7, timezone: 'Europe/Rome' } as VenueRow;
type Row = LifeRow & { holds: string };
type Found = { row: Row };

async function kindOf(rows: { found: Row | null; locked: Row }) {
  const steps: string[] = [];
  const kicks: number[] = [];
  const life: BookingLife<Found, Row> = {
    find: async () => (rows.found ? { row: rows.found } : null),
    lockOf: (_venue, _found, row) => ({ name: row.holds, take: async () => void steps.push(`lock ${row.holds}`) }),
    lockRow: async () => {
      steps.push('row');
      return rows.locked;
    },
    kick: () => void kicks.push(1),
    events: { changed: 'test_changed', editRefused: 'test_refused', cancelled: 'test_cancelled' },
    logged: (_venue, row) => ({ testId: row.id }),
  };
  return { life, db: await database(), steps, kicks };
}

const standing = (holds: string, extra: Partial<Row> = {}): Row => ({ id: 1, status: 'confirmed', date: '2030-02-01', time: '20:00', holds, ...extra });
const call = (db: Db) => ({ db, venue, hash: 'H', now: NOW });

describe('one lifecycle on pglite', () => {
  useSiteDatabase('pglite');

  describe('moveBooking', () => {
    let moveBooking: Awaited<ReturnType<typeof moves>>['moveBooking'];
    beforeAll(async () => void ({ moveBooking } = await moves()));

    it('takes the lock of what the booking holds and of what it asks once each, in name order, then the row, the re-check and the writes', async () => {
      const { life, db, steps, kicks } = await kindOf({ found: standing('b'), locked: standing('b') });
      const result = await moveBooking(life, call(db), async () => ({
        lock: { name: 'a', take: async () => void steps.push('lock a') },
        recheck: async () => (steps.push('recheck'), null),
        write: async () => (steps.push('write'), { status: 'confirmed' }),
      }));
      expect(result).toEqual({ outcome: 'changed', status: 'confirmed' });
      expect(steps).toEqual(['lock a', 'lock b', 'row', 'recheck', 'write']);
      expect(kicks).toHaveLength(1);

      const same = await kindOf({ found: standing('a'), locked: standing('a') });
      await moveBooking(same.life, call(same.db), async () => ({ lock: { name: 'a', take: async () => void same.steps.push('lock a again') }, recheck: async () => null, write: async () => ({}) }));
      expect(same.steps.filter((s) => s.startsWith('lock'))).toHaveLength(1);
    });

    it('refuses before any lock what the booking cannot become (the plan), and what no longer fits under the lock (the re-check), writing nothing', async () => {
      const early = await kindOf({ found: standing('b'), locked: standing('b') });
      expect(await moveBooking(early.life, call(early.db), async () => 'reserveEditPaymentError' as const)).toEqual({ outcome: 'reserveEditPaymentError' });
      expect(early.steps).toEqual([]);

      const late = await kindOf({ found: standing('b'), locked: standing('b') });
      const write = jest.fn(async () => ({}));
      const result = await moveBooking(late.life, call(late.db), async () => ({ lock: { name: 'c', take: async () => undefined }, recheck: async () => 'reserveEditSoldOutError' as const, write }));
      expect(result).toEqual({ outcome: 'reserveEditSoldOutError' });
      expect(write).not.toHaveBeenCalled();
      expect(late.kicks).toHaveLength(0);
    });

    it('holds the standing rule before the plan and again under the lock: a booking on the waiting list, begun, or cancelled meanwhile is not moved', async () => {
      const plan = jest.fn(async () => ({ lock: { name: 'c', take: async () => undefined }, recheck: async () => null, write: async () => ({}) }));
      const waiting = await kindOf({ found: standing('b', { status: 'waitinglist' }), locked: standing('b') });
      expect(await moveBooking(waiting.life, call(waiting.db), plan)).toEqual({ outcome: 'notChangeable' });
      const begun = await kindOf({ found: standing('b', { date: '2030-01-10', time: '12:00' }), locked: standing('b') });
      expect(await moveBooking(begun.life, call(begun.db), plan)).toEqual({ outcome: 'notChangeable' });
      expect(plan).not.toHaveBeenCalled();

      const meanwhile = await kindOf({ found: standing('b'), locked: standing('b', { status: 'cancelled' }) });
      expect(await moveBooking(meanwhile.life, call(meanwhile.db), plan)).toEqual({ outcome: 'notChangeable' });
      expect(meanwhile.kicks).toHaveLength(0);

      const unknown = await kindOf({ found: null, locked: standing('b') });
      expect(await moveBooking(unknown.life, call(unknown.db), plan)).toEqual({ outcome: 'notFound' });
    });
  });

  describe('cancelBooking', () => {
    let cancelBooking: Awaited<ReturnType<typeof moves>>['cancelBooking'];
    beforeAll(async () => void ({ cancelBooking } = await moves()));
    const steps = { already: (row: Row) => ({ feeCents: row.id * 100 }), cancel: async () => ({ answer: { feeCents: 0 }, refund: null }) };

    it('locks what the booking holds before its row, and answers a booking cancelled before as it was, writing nothing again', async () => {
      const first = await kindOf({ found: standing('b'), locked: standing('b') });
      expect(await cancelBooking(first.life, call(first.db), steps)).toEqual({ outcome: 'cancelled', feeCents: 0 });
      expect(first.steps).toEqual(['lock b', 'row']);
      expect(first.kicks).toHaveLength(1);

      const again = await kindOf({ found: standing('b', { status: 'cancelled' }), locked: standing('b', { id: 3, status: 'cancelled' }) });
      const cancel = jest.fn(steps.cancel);
      expect(await cancelBooking(again.life, call(again.db), { ...steps, cancel })).toEqual({ outcome: 'cancelled', feeCents: 300 });
      expect(cancel).not.toHaveBeenCalled();
    });

    it('refuses a booking that has begun, and an unknown one', async () => {
      const begun = await kindOf({ found: standing('b'), locked: standing('b', { date: '2030-01-10', time: '11:00' }) });
      expect(await cancelBooking(begun.life, call(begun.db), steps)).toEqual({ outcome: 'notChangeable' });
      expect(begun.kicks).toHaveLength(0);
      const unknown = await kindOf({ found: null, locked: standing('b') });
      expect(await cancelBooking(unknown.life, call(unknown.db), steps)).toEqual({ outcome: 'notFound' });
    });
  });
});
