import 'server-only';
import { calendarFile } from '@/lib/calendar/ics';
import { instantOf } from './time';
import { now as clockNow } from '@/server/clock';

/** A booking's calendar file for its e-mails (lib/calendar/ics.ts), its start in the venue's time zone. */
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
  return calendarFile({ uid: r.uid, start, end, now: r.now ?? clockNow(), summary: r.summary, location: r.location, description: r.description, url: r.url, sequence: r.sequence, cancelled: r.cancelled });
}

/** A booking's calendar file as an e-mail's attachment: published while it stands, a cancel (`method=CANCEL`) once it ended. */
export function icsAttachment(filename: string, event: Parameters<typeof reservationIcs>[0]) {
  return {
    filename,
    contentType: `text/calendar; charset=utf-8; method=${event.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    content: Buffer.from(reservationIcs(event)).toString('base64'),
  };
}
