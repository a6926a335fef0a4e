import 'server-only';
import type { BookingRules } from './rules';

/**
 * Tables (issue 44, docs/venue-file.md "Tables"): pure functions over the venue's tables, their
 * listed combinations, the turn times by party size and the seatings of a day. A booking holds
 * its table from its time for its turn time; the suggestion is the smallest free table of its
 * zone that seats the party, else the smallest listed combination whose tables are all free.
 */
type TableRules = Pick<BookingRules, 'tables' | 'tableCombinations' | 'turnMinutes' | 'availabilityByTables'>;

/** A table, or a listed combination of tables, that may seat a party: its tables, zone and seats. */
export type TableOption = { tables: string[]; zone: string; min: number; max: number };

/**
 * A party on the day's plan: its time, zone and covers, and its tables (null: none given yet, a
 * hold, a waiting-list offer, a booking made before the venue had tables or past them by override).
 */
export type Seating = { time: string; zone: string; covers: number; tables: string[] | null };

/** Turn time when the venue lists none (docs/venue-file.md). */
export const DEFAULT_TURN_MINUTES = 120;

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The minutes a party of `pax` holds its table: the first turn whose `upTo` takes it in, else the last one. */
export function turnOf(rules: Pick<BookingRules, 'turnMinutes'>, pax: number): number {
  const turns = rules.turnMinutes;
  return (turns.find((t) => pax <= t.upTo) ?? turns[turns.length - 1])?.minutes ?? DEFAULT_TURN_MINUTES;
}

/** Whether the venue counts availability by tables: the setting, and tables to count. */
export const countsByTables = (rules: TableRules) => rules.availabilityByTables && rules.tables.length > 0;

/**
 * The tables and combinations of a zone, in the order a suggestion takes them: single tables
 * first, then combinations; each by fewest seats (`max`), then `min`, then the file's order.
 */
export function tableOptions(rules: TableRules, zone: string): TableOption[] {
  const byName = new Map(rules.tables.map((t) => [t.name, t]));
  const singles = rules.tables.filter((t) => t.zone === zone).map((t) => ({ tables: [t.name], zone, min: t.seats.min, max: t.seats.max }));
  const combined = rules.tableCombinations.flatMap((c) => {
    const members = c.tables.map((n) => byName.get(n));
    if (members.some((m) => !m || m.zone !== zone)) return [];
    const min = c.seats?.min ?? members.reduce((n, m) => n + m!.seats.min, 0);
    const max = c.seats?.max ?? members.reduce((n, m) => n + m!.seats.max, 0);
    return [{ tables: [...c.tables], zone, min, max }];
  });
  const order = (a: TableOption, b: TableOption) => a.max - b.max || a.min - b.min;
  return [...singles.sort(order), ...combined.sort(order)];
}

/** Whether two parties' turns overlap: [time, time + turn) against [other, other + its turn). */
const overlapping = (rules: TableRules, a: { time: string; covers: number }, b: { time: string; covers: number }) =>
  toMinutes(a.time) < toMinutes(b.time) + turnOf(rules, b.covers) && toMinutes(b.time) < toMinutes(a.time) + turnOf(rules, a.covers);

const fitsParty = (o: TableOption, pax: number) => o.min <= pax && pax <= o.max;

/**
 * The tables taken during a party's turn at `time`: those of the seatings whose turn overlaps it;
 * then the seatings of its zone without tables (holds, offers), largest first, each given the
 * smallest option still free, as if seated, so that they are counted too.
 */
export function takenTables(rules: TableRules, seatings: readonly Seating[], party: { time: string; covers: number; zone: string }): Set<string> {
  const during = seatings.filter((s) => overlapping(rules, s, party));
  const taken = new Set(during.flatMap((s) => s.tables ?? []));
  const floating = during.filter((s) => !s.tables && s.zone === party.zone).sort((a, b) => b.covers - a.covers);
  if (floating.length) {
    const options = tableOptions(rules, party.zone);
    for (const s of floating) {
      const option = options.find((o) => fitsParty(o, s.covers) && o.tables.every((t) => !taken.has(t)));
      for (const t of option?.tables ?? []) taken.add(t);
    }
  }
  return taken;
}

/**
 * The table suggested for a party of `pax` at `time` in `zone` (issue 44): the smallest free
 * table that seats it, else the smallest free listed combination; null when none is free (or the
 * venue has no tables there).
 */
export function suggestTables(rules: TableRules, seatings: readonly Seating[], party: { time: string; covers: number; zone: string }): string[] | null {
  if (!rules.tables.length) return null;
  const taken = takenTables(rules, seatings, party);
  return tableOptions(rules, party.zone).find((o) => fitsParty(o, party.covers) && o.tables.every((t) => !taken.has(t)))?.tables ?? null;
}

/** The seats of a set of tables staff chose: a listed combination's own, else the sum of the tables' seats. */
export function seatsOf(rules: TableRules, names: readonly string[]): { min: number; max: number } {
  const key = [...names].sort().join('+');
  const listed = rules.tableCombinations.find((c) => [...c.tables].sort().join('+') === key);
  const members = names.map((n) => rules.tables.find((t) => t.name === n)).filter((t) => t !== undefined);
  const sum = { min: members.reduce((n, t) => n + t.seats.min, 0), max: members.reduce((n, t) => n + t.seats.max, 0) };
  return listed?.seats ?? sum;
}

/**
 * A changed booking's tables: the ones it holds when they are still free for its new time, in
 * its zone, and seat its new party (staff may have chosen them); else a new suggestion.
 */
export function keptTables(rules: TableRules, seatings: readonly Seating[], current: { tables: string[] | null; zone: string }, party: { time: string; covers: number; zone: string }): string[] | null {
  if (current.tables?.length && current.zone === party.zone) {
    const seats = seatsOf(rules, current.tables);
    const taken = takenTables(rules, seatings, party);
    if (seats.min <= party.covers && party.covers <= seats.max && current.tables.every((t) => !taken.has(t))) return current.tables;
  }
  return suggestTables(rules, seatings, party);
}
