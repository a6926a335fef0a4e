/**
 * A booking's calendar file (`.ics`, RFC 5545), the one writer of it: the e-mails attach it
 * (server/booking/ics.ts) and the outcome page offers it as "Add to calendar"
 * (components/reservation/last-booking.tsx). Times in UTC, so every calendar places it right.
 */

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/** RFC 5545 text escaping. */
const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const bytes = (text: string) => new TextEncoder().encode(text).length;

/** Lines longer than 75 octets are folded (RFC 5545 section 3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (bytes(rest) > 75) {
    let cut = 75;
    while (bytes(rest.slice(0, cut)) > 75) cut--;
    out.push(rest.slice(0, cut));
    rest = ' ' + rest.slice(cut);
  }
  out.push(rest);
  return out.join('\r\n');
}

export type CalendarEvent = {
  uid: string;
  start: Date;
  end: Date;
  /** When the file was written (DTSTAMP). */
  now: Date;
  summary: string;
  location: string;
  description?: string;
  url: string;
  /** Bumped on every change, so calendars replace the earlier version of the same UID. */
  sequence?: number;
  /** A cancelled booking: the calendar removes the event. */
  cancelled?: boolean;
};

/** The calendar file's text, CRLF line ends, long lines folded. */
export function calendarFile(e: CalendarEvent): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//venue-frontpage//reservations//EN',
    'CALSCALE:GREGORIAN',
    e.cancelled ? 'METHOD:CANCEL' : 'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${stamp(e.now)}`,
    `SEQUENCE:${e.sequence ?? 0}`,
    `STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `DTSTART:${stamp(e.start)}`,
    `DTEND:${stamp(e.end)}`,
    `SUMMARY:${escape(e.summary)}`,
    `LOCATION:${escape(e.location)}`,
    ...(e.description ? [`DESCRIPTION:${escape(e.description)}`] : []),
    `URL:${e.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ]
    .map(fold)
    .join('\r\n');
}
