import { addDays, dayCondition, daySlots, dayState, emptyUsage, experienceDay, experienceOffersDay, isoWeekday, openShifts, slotKey, slotTimes, weeklyOpenDays, zoneKey, type ExperienceDates, type Venue } from '@/server/booking/availability';
import { bookingRulesSchema } from '@/server/booking/rules';
import { instantOf, localMoment } from '@/server/booking/time';
import { isCalendarDate } from '@/lib/forms/fields';
import { TEST_NOW, testDay as day } from '../helpers/clock';
import { reservationChoiceSchema } from '@/lib/forms/reservation';
import { commonYearFrom, february30, impossibleDates, leapYearAfter, summerTimeEnds, summerTimeStarts } from '../helpers/dates';

// Days are counted from a Tuesday (tests/helpers/clock.ts): day(3) is a Friday, day(6) a Monday.
const venue: Venue = {
  rules: bookingRulesSchema.parse({
    closures: [day(24)],
    specialOpenings: [{ date: day(27), shifts: ['dinner'] }],
    modules: [{ key: 'terrace', name: { it: 'Terrazza' }, zones: ['terrace'] }, { key: 'lunch', name: { it: 'Pranzo' }, shifts: ['lunch'] }],
    daysAhead: 60,
  }),
  shifts: [
    { key: 'lunch', weekdays: [2, 3, 4, 5, 6, 7], startTime: '12:00', endTime: '15:00', slotMinutes: 30, lastSeating: '14:00', capacity: 20, slotCapacity: null },
    { key: 'dinner', weekdays: [2, 3, 4, 5, 6, 7], startTime: '19:00', endTime: '23:00', slotMinutes: 30, lastSeating: null, capacity: 30, slotCapacity: 10 },
  ],
  zones: [
    { key: 'room', capacity: 20, selectable: true },
    { key: 'terrace', capacity: 12, selectable: true },
    { key: 'kitchen-table', capacity: 4, selectable: false },
  ],
  experiences: [
    { key: 'truffle', startDate: day(41), expiryDate: day(41), active: true, calendar: true },
    { key: 'autumn', startDate: day(44), expiryDate: day(52), active: true, calendar: true },
    { key: 'fridays', startDate: null, expiryDate: null, dates: [day(55)], weekdays: [5], active: true, calendar: true },
  ],
};
const early = { date: day(0), time: '00:00' };

describe('availability engine', () => {
  it('lists slot times from the start to the last seating', () => {
    expect(slotTimes(venue.shifts[0])).toEqual(['12:00', '12:30', '13:00', '13:30', '14:00']);
    expect(slotTimes(venue.shifts[1])).toEqual(['19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00', '22:30']);
  });

  it('opens shifts by weekday, closures, special openings and module', () => {
    expect(isoWeekday(day(6))).toBe(1);
    expect(openShifts(venue, day(6), null)).toEqual([]); // Monday
    expect(openShifts(venue, day(24), null)).toEqual([]); // closure
    expect(openShifts(venue, day(27), null).map((s) => s.key)).toEqual(['dinner']); // Monday, opened specially
    expect(openShifts(venue, day(3), venue.rules.modules[1]).map((s) => s.key)).toEqual(['lunch']);
  });

  it('gives each day its state', () => {
    const today = day(2);
    const state = (date: string, usage = emptyUsage()) => dayState(venue, date, 2, usage, { date: today, time: '10:00' }, today, null);
    expect(state(day(1))).toBe('past');
    expect(state(day(6))).toBe('closed');
    expect(state(day(24))).toBe('closed');
    expect(state(day(3))).toBe('available');
    expect(state(addDays(today, 61))).toBe('closed'); // beyond the booking window
    expect(dayState(venue, day(41), 2, emptyUsage(), early, day(31), null)).toBe('experience'); // a Monday the experience names as its day
    // Issue 45: a range never offers the Mondays the venue is closed (day 48), nor its closures.
    expect(dayState(venue, day(48), 2, emptyUsage(), early, day(31), null)).toBe('closed');
    expect(dayState(venue, day(55), 2, emptyUsage(), early, day(31), null)).toBe('experience'); // a listed Monday
    const full = emptyUsage();
    full.shift.set('lunch', 20);
    full.shift.set('dinner', 30);
    expect(state(day(3), full)).toBe('completed');
  });

  it('offers an experience on its days only when the venue opens, never on a closure (issue 45)', () => {
    const open = weeklyOpenDays(venue.shifts);
    const offered = (e: ExperienceDates, from: number, to: number, rules = venue.rules) =>
      Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((n) => experienceOffersDay(e, rules, open, day(n)));
    // A range of two weeks: every day but the Mondays (6, 13), when the venue has no shift.
    expect(offered({ startDate: day(1), expiryDate: day(14) }, 0, 15)).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 14]);
    // Fridays within the range, and a listed Monday (named: the venue opens for the experience only).
    expect(offered({ startDate: day(1), expiryDate: day(14), weekdays: [5], dates: [day(6)] }, 0, 15)).toEqual([3, 6, 10]);
    // Only listed days: three Fridays.
    expect(offered({ startDate: day(3), expiryDate: day(17), dates: [day(3), day(10), day(17)] }, 0, 20)).toEqual([3, 10, 17]);
    // A closure range takes its days from every kind; a special opening opens a Monday for a range.
    const closed = bookingRulesSchema.parse({ closures: [{ from: day(9), to: day(11) }], specialOpenings: [{ date: day(13), shifts: ['dinner'] }] });
    expect(closed.closures).toEqual([day(9), day(10), day(11)]);
    expect(offered({ startDate: day(8), expiryDate: day(14) }, 8, 14, closed)).toEqual([8, 12, 13, 14]);
    expect(offered({ startDate: null, expiryDate: null, dates: [day(10)] }, 8, 14, closed)).toEqual([]);
    expect(experienceDay({ startDate: day(1), expiryDate: day(14), weekdays: [5] }, day(4))).toBeNull();
  });

  it('today, slots before now plus the notice are gone; a day with none left is past', () => {
    const slots = daySlots(venue, day(3), 2, emptyUsage(), { date: day(3), time: '20:15' }, null);
    expect(slots.map((s) => s.time)).toEqual(['20:30', '21:00', '21:30', '22:00', '22:30']);
    expect(dayState(venue, day(3), 2, emptyUsage(), { date: day(3), time: '23:00' }, day(3), null)).toBe('past');
  });

  it('checks shift, slot and zone capacity, and names the condition', () => {
    const usage = emptyUsage();
    usage.slot.set(slotKey('dinner', '20:00'), 9);
    usage.zone.set(zoneKey('dinner', 'terrace'), 11);
    const slots = daySlots(venue, day(3), 2, usage, early, null);
    const at20 = slots.find((s) => s.time === '20:00')!;
    expect(at20).toMatchObject({ available: false, condition: 'slotFull' });
    const at21 = slots.find((s) => s.time === '21:00')!;
    expect(at21.zones).toEqual([{ key: 'room', available: true }, { key: 'terrace', available: false, condition: 'zoneFull' }]);
    // The module narrows the zones; an unselectable zone is never offered.
    expect(daySlots(venue, day(3), 2, usage, early, venue.rules.modules[0]).find((s) => s.time === '21:00')).toMatchObject({ available: false, condition: 'zoneFull' });

    const soldOut = emptyUsage();
    soldOut.shift.set('lunch', 20);
    soldOut.shift.set('dinner', 30);
    expect(dayCondition(daySlots(venue, day(3), 2, soldOut, early, null))).toBe('daySoldOut');
  });

  it('reads now in the venue time zone, across daylight-saving changes', () => {
    // Rome moves from UTC+1 to UTC+2 on the last Sunday of March at 02:00 (01:00 UTC), and back on the last Sunday of October.
    const year = TEST_NOW.getUTCFullYear() + 1;
    const spring = summerTimeStarts(year).europe;
    const autumn = summerTimeEnds(year);
    expect(localMoment('Europe/Rome', new Date(`${spring}T00:30:00Z`))).toEqual({ date: spring, time: '01:30' });
    expect(localMoment('Europe/Rome', new Date(`${spring}T01:30:00Z`))).toEqual({ date: spring, time: '03:30' });
    expect(localMoment('Europe/Rome', new Date(`${autumn}T18:00:00Z`))).toEqual({ date: autumn, time: '19:00' });
    expect(instantOf('Europe/Rome', spring, '20:00').toISOString()).toBe(`${spring}T18:00:00.000Z`);
    expect(instantOf('Europe/Rome', addDays(spring, -1), '20:00').toISOString()).toBe(`${addDays(spring, -1)}T19:00:00.000Z`);
    // 20:00 UTC is already the next morning in Auckland (UTC+12 or +13).
    expect(localMoment('Pacific/Auckland', new Date(`${day(10)}T20:00:00Z`)).date).toBe(addDays(day(10), 1));
  });
});

describe('dates in requests and venue files', () => {
  it('accept only days that exist, leap days included', () => {
    const year = Number(day(0).slice(0, 4));
    const bad = impossibleDates(year);
    const common = commonYearFrom(year);
    expect([day(0), `${leapYearAfter(year)}-02-29`, `${year}-12-31`, day(40)].map(isCalendarDate)).toEqual([true, true, true, true]);
    expect([bad.commonLeapDay, `${common}-02-30`, `${year}-04-31`, bad.month13, bad.month0, bad.day0, bad.unpadded, `08/01/${year}`, ''].map(isCalendarDate)).toEqual(Array(9).fill(false));
  });

  it('refuse an impossible booking date with the dateInvalid key, and a venue file that closes on one', () => {
    const never = february30(Number(day(0).slice(0, 4)));
    const result = reservationChoiceSchema.safeParse({ pax: 2, date: never, time: '19:00', zone: 'sala' });
    expect(result.success ? null : result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['date', 'dateInvalid']]);
    expect(bookingRulesSchema.safeParse({ closures: [never] }).success).toBe(false);
  });
});
