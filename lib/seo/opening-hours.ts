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

const ISO_OF: Record<string, number> = Object.fromEntries(DAYS.map((d, i) => [d, i + 1]));
const isClosedDay = (h: OpeningHours) => Boolean(h.validFrom) && h.opens === '00:00' && h.closes === '00:00';

/** One line of the weekly hours: a run of weekdays (ISO, 1 = Monday) with the same times, or closed (no times). */
export type WeeklyLine = { from: number; to: number; times: { opens: string; closes: string }[] };

/**
 * The venue's week as a guest reads it (issue 45), from the same entries as the JSON-LD: for
 * each run of consecutive weekdays that share their times (Tuesday to Sunday, 12:00–15:00 and
 * 19:00–23:30), and the closed weekdays as runs without times. Dated entries are left out.
 */
export function weeklyLines(hours: OpeningHours[]): WeeklyLine[] {
  const byDay = new Map<number, { opens: string; closes: string }[]>();
  for (const h of hours.filter((x) => !x.validFrom)) {
    for (const name of h.dayOfWeek) {
      const day = ISO_OF[name];
      if (day) byDay.set(day, [...(byDay.get(day) ?? []), { opens: h.opens, closes: h.closes }]);
    }
  }
  if (!byDay.size) return [];
  const key = (day: number) => (byDay.get(day) ?? []).sort((a, b) => a.opens.localeCompare(b.opens)).map((t) => `${t.opens}-${t.closes}`).join(',');
  const lines: WeeklyLine[] = [];
  for (let day = 1; day <= 7; day++) {
    const last = lines[lines.length - 1];
    if (last && key(last.to) === key(day)) last.to = day;
    else lines.push({ from: day, to: day, times: byDay.get(day) ?? [] });
  }
  return lines;
}

/** The ISO weekdays the venue opens every week (a shift on them). */
export const openWeekdays = (hours: OpeningHours[]): number[] => [...new Set(hours.filter((h) => !h.validFrom).flatMap((h) => h.dayOfWeek.map((d) => ISO_OF[d]).filter(Boolean)))].sort();

/** The closure days still to come, joined into ranges of consecutive days (24, 25 and 26 December: one range). */
export function closureRanges(hours: OpeningHours[]): { from: string; to: string }[] {
  const days = [...new Set(hours.filter(isClosedDay).map((h) => h.validFrom!))].sort();
  const ranges: { from: string; to: string }[] = [];
  for (const day of days) {
    const last = ranges[ranges.length - 1];
    const next = last ? new Date(`${last.to}T12:00:00Z`) : null;
    next?.setUTCDate(next.getUTCDate() + 1);
    if (last && next && next.toISOString().slice(0, 10) === day) last.to = day;
    else ranges.push({ from: day, to: day });
  }
  return ranges;
}

/** A weekday's name in the guest's language (1 = Monday), as it starts a line: "Lunedì", "Monday". */
export function weekdayName(isoWeekday: number, locale: string, width: 'long' | 'short' = 'long'): string {
  const name = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, isoWeekday)));
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** The words the hours are said with (`hours.*` in messages/*.json). */
export type HoursWords = { closed: string; closedOn: (date: string) => string; closedFrom: (from: string, to: string) => string };

/**
 * The hours as lines of text in the guest's language: "Martedì – Domenica: 12:00–15:00,
 * 19:00–23:30", "Lunedì: Chiuso", and the first `closures` closures to come ("Chiuso dal 24
 * dicembre 2026 al 26 dicembre 2026").
 */
export function openingHoursText(hours: OpeningHours[], locale: string, words: HoursWords, closures = 0): { lines: { days: string; times: string }[]; closures: string[] } {
  const days = (from: number, to: number) => (from === to ? weekdayName(from, locale) : `${weekdayName(from, locale)} – ${weekdayName(to, locale)}`);
  const day = (date: string, weekday: boolean) =>
    new Intl.DateTimeFormat(locale, { ...(weekday ? { weekday: 'long' as const } : {}), day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
  return {
    lines: weeklyLines(hours).map((line) => ({ days: days(line.from, line.to), times: line.times.length ? line.times.map((x) => `${x.opens}–${x.closes}`).join(', ') : words.closed })),
    closures: closureRanges(hours)
      .slice(0, closures)
      .map((c) => (c.from === c.to ? words.closedOn(day(c.from, true)) : words.closedFrom(day(c.from, false), day(c.to, false)))),
  };
}
