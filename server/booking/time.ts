import 'server-only';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { LocalNow } from './availability';

/** A moment as the venue's wall-clock date and time, in its IANA time zone. */
export function localMoment(timeZone: string, at: Date): LocalNow {
  const local = new TZDate(at.getTime(), timeZone);
  return { date: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') };
}

/** The instant a venue-local date and time happens (for a hold's or an e-mail's timestamps). */
export function instantOf(timeZone: string, date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  return new Date(new TZDate(y, m - 1, d, hh, mm, timeZone).getTime());
}
