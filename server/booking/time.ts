import 'server-only';
import { TZDate } from '@date-fns/tz';
import type { LocalNow } from './availability';

/** One formatter per time zone, made once: a TZDate and date-fns' format per call were a tenth of a booking's CPU (issue 43). */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** A moment as the venue's wall-clock date and time, in its IANA time zone. */
export function localMoment(timeZone: string, at: Date): LocalNow {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    wallClocks.set(timeZone, clock);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of clock.formatToParts(at)) part[type] = value;
  // Years before 1000 or after 9999 never reach a booking; the four digits are padded all the same.
  return { date: `${part.year!.padStart(4, '0')}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}

/** The instant a venue-local date and time happens (for a hold's or an e-mail's timestamps). */
export function instantOf(timeZone: string, date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  return new Date(new TZDate(y, m - 1, d, hh, mm, timeZone).getTime());
}
