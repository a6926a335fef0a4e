import 'server-only';
import { REMINDER_ANSWERS, isReminderAnswer, type ReminderAnswer } from '@/lib/backend/links';
import { isWellFormedBookingHash } from '@/lib/booking/reference';
import { isLinkSignature, linkSignature } from '@/server/backend/signatures';
import { venueLinkHost } from '@/server/venues/queries';
import { linkOriginFrom } from '@/server/venues/context';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { reservations, venues, type ReservationRow, type VenueRow } from '@/server/db/schema';
import { enqueueMessages, type EmailFrame, type SmsMessage } from '@/server/outbox/enqueue';
import { markupVenue } from './emails';
import { tableReservationMarkup } from '@/lib/seo/email-markup';
import { kickDelivery } from '@/server/outbox/delivery';
import { renderEmailTexts } from '@/server/outbox/templates';
import { venuePageUrl } from '@/lib/venue/origin';
import { now as clockNow } from '@/server/clock';
import { formatLongDate } from '@/lib/i18n/format';
import { toLocale } from '@/lib/i18n/locales';
import { log } from '@/lib/log';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';
import { addDays } from './availability';
import { bookingRulesSchema } from './rules';
import { instantOf, localMoment } from './time';
import { cancellationFee } from './guarantee';
import { cancelReservation, findReservation } from './changes';
import { fill } from '@/lib/i18n/fill';

/**
 * Reminders the day before (issue 24; docs/operations.md, "Reminders"): at the venue's hour
 * (`booking.reminders.hour`, its own time zone, so DST moves nothing), each confirmed table
 * booking of the next day gets one e-mail (and one SMS where the venue set `sms`) asking the
 * guest "I'm coming" or "Cancel".
 * - Once: the sweep claims the booking (`reminded_at`, one conditional update) and the
 *   messages carry a unique outbox key per booking and channel, so two instances sweeping at
 *   once send one reminder.
 * - The links are signed (HMAC under the reminder's link key, server/backend/signatures.ts) for the booking and its version: an
 *   edit voids them; the first answer spends them. A GET shows the page; only its POST acts,
 *   so mail scanners change nothing.
 * - "Cancel" cancels by the guest's own rules (the free window, the guarantee's fee), through
 *   the guest's cancel path, which frees the seats and offers them to the waiting list.
 * Bookings made after their reminder time are not reminded (their confirmation is fresh);
 * pending requests are not either (the venue has not said yes yet).
 */

const catalogues = { it, en, fr, es, de };
const texts = (locale: string) => catalogues[toLocale(locale)].reminders;

/** The reminder's two answers: the link door's (lib/backend/links.ts). */
export const REMINDER_ACTIONS = REMINDER_ANSWERS;
export type ReminderAction = ReminderAnswer;
export const isReminderAction = isReminderAnswer;

/** The reminder link's path (made absolute, with the guest's language, by the caller). */
export const reminderLinkPath = (venueId: number, r: Pick<ReservationRow, 'hash' | 'revision'>, action: ReminderAction) =>
  `/frontpage/reminder/${r.hash}?a=${action}&v=${r.revision}&s=${linkSignature('booking-reminder', venueId, r.hash, r.revision)}`;

export type ReminderLink = { hash: string; version: number; signature: string };

export function readReminderLink(hash: string, query: { v?: unknown; s?: unknown }): ReminderLink | null {
  const version = Number(query.v);
  if (!isWellFormedBookingHash(hash) || !Number.isInteger(version) || version < 0 || typeof query.s !== 'string' || !/^[A-Za-z0-9_-]{32}$/.test(query.s)) return null;
  return { hash, version, signature: query.s };
}

/** When a booking's reminder is due: the venue's hour, the day before, where the venue is. */
export const reminderDueAt = (timeZone: string, hour: number, date: string) => instantOf(timeZone, addDays(date, -1), `${String(hour).padStart(2, '0')}:00`);

/** The reminder e-mail (and SMS) of one booking, queued in the transaction that claims it, in one insert. */
async function queueReminder(tx: Db, venue: VenueRow, r: ReservationRow, frame: EmailFrame, sms: boolean) {
  const host = linkOriginFrom(frame.linkHost);
  const locale = toLocale(r.locale);
  const t = texts(locale);
  const link = (action: ReminderAction) => venuePageUrl(host, locale, reminderLinkPath(venue.id, r, action));
  const date = formatLongDate(r.date, locale);
  const mail = renderEmailTexts(t.email, locale, { venueName: venue.name, firstName: r.firstName, date, time: r.time, covers: String(r.covers) }, [
    [t.email.when, `${date}, ${r.time}`],
    [t.email.party, String(r.covers)],
  ], { links: [[t.email.cta, link('coming')], [t.email.cancel, link('cancel')]] });
  const editUrl = venuePageUrl(host, locale, `/reserve/${r.hash}/edit`);
  const jsonLd = tableReservationMarkup(markupVenue(venue, venuePageUrl(host, locale, '/')), r, { ended: false, links: { url: editUrl, modify: editUrl, cancel: link('cancel') } });
  const textMessages: SmsMessage[] = [];
  if (sms && r.phone) {
    const text = fill(t.sms, { venueName: venue.name, time: r.time, covers: r.covers, link: link('coming') });
    textMessages.push({ venueId: venue.id, template: 'bookingReminder', locale, to: `${r.phonePrefix}${r.phone}`, text, dedupeKey: `reminder:sms:table:${r.id}` });
  }
  await enqueueMessages(tx, { emails: [{ venueId: venue.id, template: 'bookingReminder', locale, to: r.email, ...mail, jsonLd, dedupeKey: `reminder:email:table:${r.id}` }], sms: textMessages }, frame);
}

/** The housekeeping sweep's part: every reminder due now, once. Returns how many were sent. */
export async function sendReminders(db: Db, now = clockNow(), venueId?: number): Promise<number> {
  let sent = 0;
  for (const venue of await db.select().from(venues).where(venueId === undefined ? undefined : eq(venues.id, venueId))) {
    const rules = bookingRulesSchema.parse(venue.booking ?? undefined).reminders;
    if (!rules.enabled) continue;
    const today = localMoment(venue.timezone, now).date;
    const due = await db
      .select()
      .from(reservations)
      .where(and(eq(reservations.venueId, venue.id), eq(reservations.status, 'confirmed'), inArray(reservations.date, [today, addDays(today, 1)]), isNull(reservations.remindedAt)));
    // The venue's face in its e-mails and its link host: read once for all its reminders.
    let frame: EmailFrame | null = null;
    for (const r of due) {
      const at = reminderDueAt(venue.timezone, rules.hour, r.date);
      if (now < at || now >= instantOf(venue.timezone, r.date, r.time) || r.createdAt >= at) continue;
      frame ??= { venue, linkHost: await venueLinkHost(db, venue.id) };
      const face = frame;
      const claimed = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(reservations)
          .set({ remindedAt: now })
          .where(and(eq(reservations.id, r.id), isNull(reservations.remindedAt), eq(reservations.status, 'confirmed')))
          .returning();
        if (row) await queueReminder(tx, venue, row, face, rules.sms);
        return Boolean(row);
      });
      if (claimed) sent++;
    }
  }
  if (sent) {
    kickDelivery();
    log.info('reminders_sent', { count: sent });
  }
  return sent;
}

export type ReminderPage =
  | { state: 'invalid' }
  | { state: 'changed' | 'past' | 'coming' | 'cancelled'; booking: ReservationRow }
  | { state: 'open'; booking: ReservationRow; freeCancel: boolean; feeCents: number };

/** What a reminder link shows: the question, or how it was answered, or why it no longer applies. */
export async function reminderPage(db: Db, venue: VenueRow, link: ReminderLink | null, now = clockNow()): Promise<ReminderPage> {
  if (!link || !isLinkSignature(link.signature, 'booking-reminder', venue.id, link.hash, link.version)) return { state: 'invalid' };
  const r = await findReservation(db, venue, link.hash);
  if (!r) return { state: 'invalid' };
  if (r.reminderAnswer === 'coming') return { state: 'coming', booking: r };
  if (r.reminderAnswer === 'cancelled' || r.status === 'cancelled') return { state: 'cancelled', booking: r };
  if (r.revision !== link.version || r.status !== 'confirmed') return { state: 'changed', booking: r };
  if (instantOf(venue.timezone, r.date, r.time).getTime() <= now.getTime()) return { state: 'past', booking: r };
  const fee = cancellationFee(r.guaranteeTerms, { timeZone: venue.timezone, date: r.date, time: r.time, covers: r.covers }, now);
  return { state: 'open', booking: r, freeCancel: fee.free, feeCents: fee.feeCents };
}

/**
 * The reminder page's POST: "I'm coming" records the guest's word (the sheet shows it);
 * "Cancel" cancels through the guest's cancel path. Either spends the link; anything but an
 * open link changes nothing.
 */
export async function answerReminder(db: Db, venue: VenueRow, link: ReminderLink | null, action: ReminderAction, host: string, now = clockNow()): Promise<ReminderPage['state']> {
  const page = await reminderPage(db, venue, link, now);
  if (page.state !== 'open') return page.state;
  if (action === 'coming') {
    const [row] = await db
      .update(reservations)
      .set({ reminderAnswer: 'coming', reminderAnsweredAt: now })
      .where(and(eq(reservations.id, page.booking.id), eq(reservations.revision, link!.version), isNull(reservations.reminderAnswer), eq(reservations.status, 'confirmed')))
      .returning({ id: reservations.id });
    log.info('reminder_answered', { reservationId: page.booking.id, answer: 'coming', applied: Boolean(row) });
    return (await reminderPage(db, venue, link, now)).state;
  }
  const cancelled = await cancelReservation(db, venue, page.booking.hash, { host }, now);
  if (cancelled.outcome === 'cancelled') {
    await db
      .update(reservations)
      .set({ reminderAnswer: 'cancelled', reminderAnsweredAt: now })
      .where(and(eq(reservations.id, page.booking.id), isNull(reservations.reminderAnswer)));
    log.info('reminder_answered', { reservationId: page.booking.id, answer: 'cancelled' });
  }
  return (await reminderPage(db, venue, link, now)).state;
}
