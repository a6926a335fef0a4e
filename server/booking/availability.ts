import 'server-only';
import type { DayState } from '@/lib/contract/reservation';
import type { BookingRules } from './rules';
import { countsByTables, suggestTables, type Seating } from './tables';

/**
 * The availability engine: pure functions over a venue's rules and the covers already
 * taken. Times are the venue's wall-clock times (`HH:mm` on a `yyyy-MM-dd` date in its
 * time zone), so they stay right across daylight-saving changes.
 */
export type Shift = {
  key: string;
  weekdays: number[];
  startTime: string;
  endTime: string;
  slotMinutes: number;
  lastSeating: string | null;
  capacity: number;
  slotCapacity: number | null;
};
export type Zone = { key: string; capacity: number; selectable: boolean; name?: unknown };
export type ExperienceDay = { key: string; startDate: string | null; expiryDate: string | null; dates?: string[]; weekdays?: number[]; active: boolean; calendar: boolean };
/** What decides the days an experience runs: its span, its listed days and its weekdays. */
export type ExperienceDates = Pick<ExperienceDay, 'startDate' | 'expiryDate' | 'dates' | 'weekdays'>;

/** Covers taken on one date: per shift, per shift and slot time, per shift and zone; and each party with its tables (issue 44). */
export type DayUsage = { shift: Map<string, number>; slot: Map<string, number>; zone: Map<string, number>; seatings: Seating[] };
export const emptyUsage = (): DayUsage => ({ shift: new Map(), slot: new Map(), zone: new Map(), seatings: [] });
export const slotKey = (shift: string, time: string) => `${shift}|${time}`;
export const zoneKey = (shift: string, zone: string) => `${shift}|${zone}`;

export type Venue = { rules: BookingRules; shifts: Shift[]; zones: Zone[]; experiences: ExperienceDay[] };
export type Module = BookingRules['modules'][number];

export type { DayState };
/** Why a day, shift, zone or slot cannot take the party (spec section 4, "Availability conditions"). */
export type Condition = 'daySoldOut' | 'zoneFull' | 'shiftFull' | 'slotFull' | 'onlyExperiences';

/** "Now" in the venue's wall-clock: its date and time. */
export type LocalNow = { date: string; time: string };

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** ISO weekday (1 = Monday) of a `yyyy-MM-dd` date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The slot times of a shift: from its start to its last seating (default: end minus one slot). */
export function slotTimes(shift: Shift): string[] {
  const start = toMinutes(shift.startTime);
  const last = shift.lastSeating ? toMinutes(shift.lastSeating) : toMinutes(shift.endTime) - shift.slotMinutes;
  const times: string[] = [];
  for (let m = start; m <= last; m += shift.slotMinutes) times.push(toTime(m));
  return times;
}

export function findModule(rules: BookingRules, key: string | null | undefined): Module | null | undefined {
  if (!key) return null;
  return rules.modules.find((m) => m.key === key);
}

/** The shifts open on a date (weekly shifts, closures, special openings), narrowed by a module. */
export function openShifts(venue: Venue, date: string, module: Module | null): Shift[] {
  if (venue.rules.closures.includes(date)) return [];
  const special = venue.rules.specialOpenings.find((o) => o.date === date);
  const weekday = isoWeekday(date);
  return venue.shifts.filter(
    (s) => (s.weekdays.includes(weekday) || special?.shifts.includes(s.key)) && (!module?.shifts || module.shifts.includes(s.key)),
  );
}

export function bookableZones(venue: Venue, module: Module | null): Zone[] {
  return venue.zones.filter((z) => z.selectable && (!module?.zones || module.zones.includes(z.key)));
}

/** The earliest bookable moment: now plus the venue's notice, as a local date and time. */
export function isBeforeNotice(date: string, time: string, earliest: LocalNow): boolean {
  return date < earliest.date || (date === earliest.date && time < earliest.time);
}

export type SlotZone = { key: string; available: boolean; condition?: Condition };
export type Slot = { time: string; shift: string; available: boolean; zones: SlotZone[]; condition?: Condition };

/**
 * Whether `pax` covers fit a shift, slot and zone, and if not, the first rule that stops them.
 * Past the venue's pacing (`booking.pacingCoversPer15Minutes`, issue 44) the time is full too
 * (`slotFull`, as guests see it), unless `pacing: false` (staff bookings may pass it). A venue
 * that counts by tables (`booking.availabilityByTables`) finds the zone full when no free table
 * or combination of it seats the party for its turn time (server/booking/tables.ts).
 */
export function fits(venue: Venue, usage: DayUsage, shift: Shift, time: string, zone: Zone, pax: number, options: { pacing?: boolean } = {}): Condition | null {
  if ((usage.shift.get(shift.key) ?? 0) + pax > shift.capacity) return 'shiftFull';
  if (shift.slotCapacity !== null && (usage.slot.get(slotKey(shift.key, time)) ?? 0) + pax > shift.slotCapacity) return 'slotFull';
  if ((usage.zone.get(zoneKey(shift.key, zone.key)) ?? 0) + pax > zone.capacity) return 'zoneFull';
  if (options.pacing !== false && overPacing(venue.rules.pacingCoversPer15Minutes, usage, time, pax)) return 'slotFull';
  if (countsByTables(venue.rules) && !suggestTables(venue.rules, usage.seatings, { time, covers: pax, zone: zone.key })) return 'zoneFull';
  return null;
}

/**
 * Whether `pax` more covers starting at `time` go past the pacing: the covers already starting in
 * its 15 minutes (every shift's slots whose time falls in them, from the day's usage) plus `pax`.
 */
export function overPacing(pace: number | undefined, usage: DayUsage, time: string, pax: number): boolean {
  if (!pace) return false;
  const window = Math.floor(toMinutes(time) / 15);
  let starting = 0;
  for (const [key, covers] of usage.slot) if (Math.floor(toMinutes(key.slice(key.lastIndexOf('|') + 1)) / 15) === window) starting += covers;
  return starting + pax > pace;
}

/** The time slots of a day for a party, each with its zones. Past slots (within the notice) are left out. */
export function daySlots(venue: Venue, date: string, pax: number, usage: DayUsage, earliest: LocalNow, module: Module | null): Slot[] {
  const zones = bookableZones(venue, module);
  const slots: Slot[] = [];
  for (const shift of openShifts(venue, date, module)) {
    for (const time of slotTimes(shift)) {
      if (isBeforeNotice(date, time, earliest)) continue;
      const slotZones = zones.map((zone) => {
        const condition = fits(venue, usage, shift, time, zone, pax);
        return condition ? { key: zone.key, available: false, condition } : { key: zone.key, available: true };
      });
      const available = slotZones.some((z) => z.available);
      const condition = available ? undefined : (slotZones.find((z) => z.condition === 'shiftFull') ?? slotZones[0])?.condition;
      slots.push({ time, shift: shift.key, available, zones: slotZones, condition });
    }
  }
  return slots;
}

/** The ISO weekdays on which the venue has a weekly shift. */
export const weeklyOpenDays = (shifts: Pick<Shift, 'weekdays'>[]): number[] => [...new Set(shifts.flatMap((s) => s.weekdays))].sort();

/** Whether the venue opens on `date` for tables: not a closure, and a weekly shift on its weekday or a special opening that day. */
export function venueOpensOn(rules: Pick<BookingRules, 'closures' | 'specialOpenings'>, openWeekdays: readonly number[], date: string): boolean {
  if (rules.closures.includes(date)) return false;
  return openWeekdays.includes(isoWeekday(date)) || rules.specialOpenings.some((o) => o.date === date);
}

/**
 * How the experience's own dates take in `date` (docs/experiences.md, "Dates"): `named` when
 * the file names the day (one of its `dates`, or its one day, `date` = `expiry`); `span` when
 * its span (`date`–`expiry`) takes it in, narrowed to its `weekdays` when it has some, and to
 * nothing else when it lists `dates`; null otherwise.
 */
export function experienceDay(e: ExperienceDates, date: string): 'named' | 'span' | null {
  if ((e.startDate && date < e.startDate) || (e.expiryDate && date > e.expiryDate)) return null;
  const dates = e.dates ?? [];
  const weekdays = e.weekdays ?? [];
  if (dates.includes(date) || (!weekdays.length && e.startDate !== null && e.startDate === e.expiryDate)) return 'named';
  if (weekdays.length) return weekdays.includes(isoWeekday(date)) ? 'span' : null;
  return dates.length === 0 ? 'span' : null;
}

/**
 * Whether the experience is offered on `date` (issue 45): never on a closure; a day its span or
 * weekdays give only when the venue opens (a weekly shift or a special opening), so a range
 * never offers the Mondays the venue is closed; a day the file names also when the venue has
 * no table shift then (the spec's "experience" day: the venue opens for the event only).
 */
export function experienceOffersDay(e: ExperienceDates, rules: Pick<BookingRules, 'closures' | 'specialOpenings'>, openWeekdays: readonly number[], date: string): boolean {
  const day = experienceDay(e, date);
  if (!day || rules.closures.includes(date)) return false;
  return day === 'named' || venueOpensOn(rules, openWeekdays, date);
}

/** A dated experience (an event with a first date, or listed days) is offered that day. */
export function hasExperience(venue: Venue, date: string, module: Module | null): boolean {
  const open = weeklyOpenDays(venue.shifts);
  return venue.experiences.some(
    (e) => e.active && e.calendar && (e.startDate !== null || (e.dates?.length ?? 0) > 0) && experienceOffersDay(e, venue.rules, open, date) && (!module?.experiences || module.experiences.includes(e.key)),
  );
}

/** A day's state for the calendar (spec section 4, "Calendar day states"). */
export function dayState(venue: Venue, date: string, pax: number, usage: DayUsage, earliest: LocalNow, today: string, module: Module | null): DayState {
  if (date < today) return 'past';
  if (date > addDays(today, venue.rules.daysAhead)) return 'closed';
  const shifts = openShifts(venue, date, module);
  if (!shifts.length) return hasExperience(venue, date, module) ? 'experience' : 'closed';
  const slots = daySlots(venue, date, pax, usage, earliest, module);
  if (!slots.length) return date === today ? 'past' : 'closed';
  return slots.some((s) => s.available) ? 'available' : 'completed';
}

/** The condition that explains a day without a place for the party. */
export function dayCondition(slots: Slot[]): Condition | undefined {
  if (!slots.length || slots.some((s) => s.available)) return undefined;
  const conditions = new Set(slots.map((s) => s.condition));
  if (conditions.size === 1 && conditions.has('zoneFull')) return 'zoneFull';
  if ([...conditions].every((c) => c === 'shiftFull')) return 'daySoldOut';
  return 'shiftFull';
}

/** Party size limits: `tooSmall`, `tooLarge` (contact the venue), or null when bookable. */
export function partySizeProblem(rules: BookingRules, pax: number): 'tooSmall' | 'tooLarge' | null {
  if (!Number.isInteger(pax) || pax < rules.partySize.min) return 'tooSmall';
  if (pax > rules.partySize.max) return 'tooLarge';
  return null;
}
