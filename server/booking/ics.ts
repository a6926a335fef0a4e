import 'server-only';
import { instantOf } from './time';
import { now as clockNow } from '@/server/clock';

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/** RFC 5545 text escaping. */
const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
/** Lines longer than 75 octets are folded (RFC 5545 section 3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut--;
    out.push(rest.slice(0, cut));
    rest = ' ' + rest.slice(cut);
  }
  out.push(rest);
  return out.join('\r\n');
}

/** A calendar file (`.ics`) for a booking, in UTC so every calendar places it right. */
export function reservationIcs(r: {
  uid: string;
  timeZone: string;
  date: string;
  time: string;
  durationMinutes: number;
  summary: string;
  location: string;
  description: string;
  url: string;
  now?: Date;
  /** Bumped on every change, so calendars replace the earlier version of the same UID. */
  sequence?: number;
  /** A cancelled booking: the calendar removes the event. */
  cancelled?: boolean;
}): string {
  const start = instantOf(r.timeZone, r.date, r.time);
  const end = new Date(start.getTime() + r.durationMinutes * 60_000);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//venue-frontpage//reservations//EN',
    'CALSCALE:GREGORIAN',
    r.cancelled ? 'METHOD:CANCEL' : 'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${r.uid}`,
    `DTSTAMP:${stamp(r.now ?? clockNow())}`,
    `SEQUENCE:${r.sequence ?? 0}`,
    `STATUS:${r.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${escape(r.summary)}`,
    `LOCATION:${escape(r.location)}`,
    `DESCRIPTION:${escape(r.description)}`,
    `URL:${r.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ]
    .map(fold)
    .join('\r\n');
}
