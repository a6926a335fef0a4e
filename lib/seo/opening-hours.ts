/**
 * schema.org `openingHoursSpecification` from a venue's shifts (issue 26): one entry per
 * shift (its weekdays, from its start to its end; an end at or before the start closes past
 * midnight, which schema.org reads as the next day), and one "closed" entry (opens and
 * closes 00:00, as Google documents for special hours) per closure day still to come; a
 * special opening on a usually closed day is an entry valid that day only.
 */
export type OpeningHours = { dayOfWeek: string[]; opens: string; closes: string; validFrom?: string; validThrough?: string };
type ShiftHours = { weekdays: number[]; startTime: string; endTime: string; key?: string };

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const dayName = (isoWeekday: number) => DAYS[(isoWeekday - 1 + 7) % 7];
const weekdayOf = (date: string) => {
  const d = new Date(`${date}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

export function openingHoursOf(
  shifts: ShiftHours[],
  calendar: { closures?: string[]; specialOpenings?: { date: string; shifts?: string[] }[] } = {},
  today = '',
  limit = 30,
): OpeningHours[] {
  const regular = shifts
    .filter((s) => s.weekdays.length)
    .map((s) => ({ dayOfWeek: [...new Set(s.weekdays)].sort((a, b) => a - b).map(dayName), opens: s.startTime, closes: s.endTime }));
  const upcoming = (date: string) => !today || date >= today;
  const closed = [...new Set(calendar.closures ?? [])]
    .filter(upcoming)
    .sort()
    .map((date) => ({ dayOfWeek: [dayName(weekdayOf(date))], opens: '00:00', closes: '00:00', validFrom: date, validThrough: date }));
  const special = (calendar.specialOpenings ?? [])
    .filter((o) => upcoming(o.date))
    .flatMap((o) =>
      shifts
        .filter((s) => !o.shifts?.length || (s.key !== undefined && o.shifts.includes(s.key)))
        .map((s) => ({ dayOfWeek: [dayName(weekdayOf(o.date))], opens: s.startTime, closes: s.endTime, validFrom: o.date, validThrough: o.date })),
    );
  return [...regular, ...closed.slice(0, limit), ...special.slice(0, limit)];
}
