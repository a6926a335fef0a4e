import 'server-only';
import type { Db } from '@/server/db/types';
import { clientOf } from '@/server/db/prepared';
import type { DayUsage } from './availability';

/**
 * A month's usage, and the day states worked out from it, kept briefly per venue and month for
 * `reservation/getmonth` (issue 43: a month asked by every guest who opens the calendar, read
 * and worked out again for each). Kept `MONTH_USAGE_MS`
 * after it was read, by the clock of the call (server/clock.ts), and dropped at once by every
 * change to a day's capacity made through this process: when the day's capacity lock is taken
 * (server/booking/service.ts `lockCapacity`, which every booking, move, cancel, hold, offer and
 * staff change of a table takes) and again when the booking lifecycle's transaction has ended
 * (`capacityLock`'s `after`, server/booking/create.ts and moves.ts), so a month read while the
 * change was under way is not kept past its commit. A read that began before a change is
 * never kept (each month's generation). What a guest sees stays a hint: a booking counts its
 * evening again under the lock, so a month shown a moment stale never oversells. Another
 * instance (or a change made by another process) is not told: it shows a month at most
 * `MONTH_USAGE_MS` old (docs/performance.md).
 */
export const MONTH_USAGE_MS = 2_000;

type Kept = { at: number; generation: number; usage: Promise<Map<string, DayUsage>>; answers: Map<string, unknown> };

/** Kept months by database (a test's process opens several), then by venue and month. */
const kept = new WeakMap<object, Map<string, Kept>>();
/** Each venue's month's changes so far, whatever the database: a kept month of an older generation is read again. */
const generations = new Map<string, number>();
/** At most this many months kept (a thousand venues, a few months each); the oldest are dropped first. */
const MAX_KEPT = 5_000;

const keyOf = (venueId: number, date: string) => `${venueId}|${date.slice(0, 7)}`;

/** The day's capacity changes (or may have): its month is read afresh by the next call. */
export function monthChanged(venueId: number, date: string): void {
  const key = keyOf(venueId, date);
  generations.set(key, (generations.get(key) ?? 0) + 1);
}

/** The month of `first` (its first day) for the venue: kept when read less than `MONTH_USAGE_MS` ago and unchanged since, else read by `read` (one read for calls arriving together). */
function keptMonth(db: Db, venueId: number, first: string, now: Date, read: () => Promise<Map<string, DayUsage>>): Kept {
  const client = clientOf(db) as object;
  let months = kept.get(client);
  if (!months) kept.set(client, (months = new Map()));
  const key = keyOf(venueId, first);
  const at = now.getTime();
  const generation = generations.get(key) ?? 0;
  const found = months.get(key);
  // A clock moved back (a test's) is not "less than MONTH_USAGE_MS ago".
  if (found && found.generation === generation && at >= found.at && at - found.at < MONTH_USAGE_MS) return found;
  const usage = read();
  const entry: Kept = { at, generation, usage, answers: new Map() };
  months.delete(key);
  if (months.size >= MAX_KEPT) months.delete(months.keys().next().value!);
  months.set(key, entry);
  // A failed read is not kept (one a change overtook is of an older generation: read again by the next call).
  usage.catch(() => {
    if (months.get(key) === entry) months.delete(key);
  });
  return entry;
}

/** At most this many answers kept with a month (party sizes, modules, minutes of the day). */
const MAX_ANSWERS = 64;

/**
 * A kept month's answer for one question (`question`: what the answer depends on beside the
 * month's usage: the rules, the party, the module, the day and minute), worked out by `answer`
 * once and given to every call asking it while the month is kept. Answers are shared: read only.
 */
export async function monthAnswer<T>(db: Db, venueId: number, first: string, now: Date, read: () => Promise<Map<string, DayUsage>>, question: string, answer: (usage: Map<string, DayUsage>) => T): Promise<T> {
  const entry = keptMonth(db, venueId, first, now, read);
  const usage = await entry.usage;
  if (entry.answers.has(question)) return entry.answers.get(question) as T;
  const worked = answer(usage);
  if (entry.answers.size < MAX_ANSWERS) entry.answers.set(question, worked);
  return worked;
}

const setups = new WeakMap<object, number>();
let setupsSeen = 0;
/** A number for a venue's booking set-up object (its rules, shifts, zones): a venue's context read afresh gives a new one. */
export function setupId(setup: object): number {
  let id = setups.get(setup);
  if (id === undefined) setups.set(setup, (id = ++setupsSeen));
  return id;
}

