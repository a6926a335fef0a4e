import 'server-only';
import { queueChannelEvent, type ChannelEvent } from '@/server/channels/webhooks';
import type { Db } from '@/server/db/types';
import type { ReservationRow, Texts, VenueRow } from '@/server/db/schema';
import { enqueueEmails, type EmailMessage } from '@/server/outbox/enqueue';
import { emailPhrase, renderEmail, reserveText, summaryLabels, type EmailTemplate } from '@/server/outbox/templates';
import { policyMessage } from '@/lib/booking/policy';
import { cancellationFee, totalFeeCents } from './guarantee';
import { linkOrigin } from '@/server/venues/queries';
import { linkOriginFrom } from '@/server/venues/context';
import { venuePageUrl } from '@/lib/venue/origin';
import { pickText } from '@/lib/i18n/texts';
import { toLocale } from '@/lib/i18n/locales';
import { formatMoney } from '@/lib/currency';
import { icsAttachment } from './ics';
import { answerLinkPath } from './answer-link';
import { bookingRulesSchema } from './rules';
import { bookingReference, formatDateTime, formatLongDate } from '@/lib/i18n/format';
import { displayPhone } from '@/lib/identity';
import { tableReservationMarkup, type MarkupVenue } from '@/lib/seo/email-markup';
import { colon } from '@/lib/i18n/colon';
import { venueLanguage } from '@/server/venues/language';

/** The venue as the e-mails' reservation markup names it (issue 26), with its site in the guest's language. */
export function markupVenue(venue: VenueRow, siteUrl: string): MarkupVenue {
  return { name: venue.name, address: venue.address, country: venue.country, postalAddress: venue.place?.postalAddress, type: venue.place?.type, timezone: venue.timezone, phone: venue.phone, url: siteUrl };
}

/** Why the guest gets an e-mail about their booking. */
export type ReservationNews = 'confirm' | 'accept' | 'waitinglist' | 'changed' | 'cancelled' | 'declined' | 'venueCancelled';

/** The channel API's event of each news (docs/agents.md). */
const CHANNEL_EVENTS: Record<ReservationNews, ChannelEvent> = {
  confirm: 'booking.confirmed',
  accept: 'booking.awaitingVenue',
  waitinglist: 'booking.waitingList',
  changed: 'booking.changed',
  cancelled: 'booking.cancelled',
  declined: 'booking.declined',
  venueCancelled: 'booking.cancelled',
};

const guestTemplate: Record<ReservationNews, EmailTemplate> = {
  confirm: 'reservationConfirm',
  accept: 'reservationAccept',
  waitinglist: 'reservationWaitinglist',
  changed: 'reservationChanged',
  cancelled: 'reservationCancelled',
  declined: 'reservationDeclined',
  venueCancelled: 'reservationCancelledByVenue',
};

/** The visit reason in the guest's words: the venue's label for its key, "Other", or the key as given. */
export function visitReasonText(venue: Pick<VenueRow, 'booking'>, key: string, locale: string): string {
  if (key === 'other') return reserveText(locale, 'details.other');
  const reason = bookingRulesSchema.parse(venue.booking ?? undefined).visitReasons.find((v) => v.key === key);
  return reason ? pickText(reason.label as Parameters<typeof pickText>[0], toLocale(locale)) : key;
}

const longDate = formatLongDate;

/**
 * The card guarantee's terms in the guest's words: card saved, the policy, the free
 * cancellation deadline in the venue's time, and the no-show fee. None without a guarantee.
 */
export function guaranteeNotes(venue: Pick<VenueRow, 'timezone' | 'currency'>, r: Pick<ReservationRow, 'guaranteeTerms' | 'date' | 'time' | 'covers'>, locale: string, now: Date): string[] {
  const terms = r.guaranteeTerms;
  if (!terms) return [];
  const policy = policyMessage(terms);
  const amount = formatMoney(terms.feeCents, terms.currency || venue.currency, locale);
  const total = formatMoney(totalFeeCents(terms, r.covers), terms.currency || venue.currency, locale);
  const { deadline, free } = cancellationFee(terms, { timeZone: venue.timezone, date: r.date, time: r.time, covers: r.covers }, now);
  const notes = [`${reserveText(locale, 'outcome.guaranteeTitle')}${colon(locale)}${reserveText(locale, 'outcome.cardSaved')}`, reserveText(locale, `guarantee.${policy.key}`, policy.values)];
  if (terms.refundable === 'until' && deadline) {
    const when = formatDateTime(deadline, locale, venue.timezone);
    // A booking made after its deadline (the same day, a few hours ahead) is never promised a free cancellation that has passed (issue 45).
    notes.push(reserveText(locale, free ? 'outcome.freeUntil' : 'outcome.freeOver', { deadline: when }));
  } else if (terms.refundable === 'never') notes.push(reserveText(locale, 'outcome.noFreeCancellation'));
  notes.push(reserveText(locale, terms.per === 'guest' ? 'guarantee.feePerGuest' : 'guarantee.feePerReservation', { amount, total }));
  return notes;
}

/**
 * The policy as the guest accepted it, in their language, stored with the booking when it is
 * made (issue 24): what a no-show fee charged later rests on, even if the venue's rules change.
 */
export function acceptedPolicyText(venue: Pick<VenueRow, 'timezone' | 'currency'>, r: Pick<ReservationRow, 'guaranteeTerms' | 'date' | 'time' | 'covers'>, locale: string, now: Date): string {
  return guaranteeNotes(venue, r, locale, now).slice(1).join(' ');
}

/**
 * The guest's e-mail about their booking (with the `.ics` file, and the edit link while it
 * stands) and the venue's notification, queued in the transaction of the change
 * (docs/outbox.md). `host` is the venue host the guest booked on, for the links.
 */
export async function queueReservationEmails(
  tx: Db,
  venue: VenueRow,
  r: ReservationRow,
  news: ReservationNews,
  context: {
    host: string;
    zoneName: Texts;
    now: Date;
    /** The title of an experience added to the booking. */
    experience?: Texts | null;
    /** The venue's own answer (issue 23): its note to the guest, and no notification back to the venue. */
    venueNote?: string | null;
    notifyVenue?: boolean;
    /** The venue notification's event (`events.*` of `reservationVenue`), when not the news itself. */
    venueEvent?: string;
    /** The venue's link host, read before the transaction (a booking's set-up has it): no read in it. */
    linkHost?: string;
  },
) {
  const messages = await reservationEmails(tx, venue, r, news, context);
  // The channel that made the booking hears of the change too (issue 46): nothing to read for another door's booking.
  await queueChannelEvent(tx, r, CHANNEL_EVENTS[news], context.now);
  if (context.linkHost !== undefined) await enqueueEmails(tx, messages, { venue, linkHost: context.linkHost });
  else await enqueueEmails(tx, messages);
}

/**
 * Every field of a booking its e-mails read (`reservationEmails` and what it calls: the notes, the
 * guarantee's notes, the calendar file, the reservation markup, the answer links): a new booking's
 * e-mails rendered before its row is inserted are used only when the row agrees on each
 * (server/booking/service.ts); a test records what the rendering reads.
 */
export const MAIL_FIELDS = [
  'hash',
  'status',
  'locale',
  'firstName',
  'lastName',
  'email',
  'phonePrefix',
  'phone',
  'date',
  'time',
  'covers',
  'visitReason',
  'notes',
  'revision',
  'cancellationFeeCents',
  'guaranteeTerms',
  'guaranteeProvider',
  'guaranteePaymentMethod',
  'updatedAt',
] as const satisfies readonly (keyof ReservationRow)[];

/** The e-mails of a booking's news: the guest's, and the venue's notification unless it is not wanted. */
export async function reservationEmails(tx: Db, venue: VenueRow, r: ReservationRow, news: ReservationNews, context: Parameters<typeof queueReservationEmails>[4]): Promise<EmailMessage[]> {
  const locale = toLocale(r.locale);
  const labels = summaryLabels(locale);
  // The one origin rule (lib/venue/origin.ts): the same links whether a request or the sweep sends this.
  const origin = context.linkHost !== undefined ? linkOriginFrom(context.linkHost, context.host) : await linkOrigin(tx, venue.id, context.host);
  const zoneName = pickText(context.zoneName as Parameters<typeof pickText>[0], locale);
  const dateText = longDate(r.date, locale);
  const editUrl = venuePageUrl(origin, locale, `/reserve/${r.hash}/edit`);
  const cancelled = news === 'cancelled' || news === 'venueCancelled' || news === 'declined';
  const venueNote = context.venueNote?.trim() ? `${emailPhrase(guestTemplate[news], locale, 'note')}${colon(locale)}${context.venueNote.trim()}` : null;
  const fee = r.cancellationFeeCents ? formatMoney(r.cancellationFeeCents, venue.currency, locale) : '';
  const details: [string, string][] = [
    [reserveText(locale, 'outcome.reference'), bookingReference(r.hash)],
    [labels.name, `${r.firstName} ${r.lastName}`],
    [labels.people, reserveText(locale, 'people.count', { count: r.covers })],
    [labels.date, dateText],
    [labels.time, r.time],
    [labels.zone, zoneName],
    ...(context.experience ? [[labels.experience, pickText(context.experience as Parameters<typeof pickText>[0], locale)] as [string, string]] : []),
    ...(r.visitReason ? [[reserveText(locale, 'details.visitReason'), visitReasonText(venue, r.visitReason, locale)] as [string, string]] : []),
    ...(r.notes ? [[reserveText(locale, 'details.notes'), r.notes] as [string, string]] : []),
    ...(fee ? [[labels.fee, fee] as [string, string]] : []),
  ];
  const template = guestTemplate[news];
  const standing = !cancelled && news !== 'waitinglist';
  const mail = renderEmail(
    template,
    locale,
    { venueName: venue.name, firstName: r.firstName, link: news === 'declined' ? editUrl : cancelled ? venuePageUrl(origin, locale, '/reserve') : editUrl, date: dateText, time: r.time },
    details,
    standing
      ? {
          notes: [...guaranteeNotes(venue, r, locale, context.now), reserveText(locale, 'outcome.calendarAttached')],
          links: [
            [reserveText(locale, 'outcome.change'), editUrl],
            [reserveText(locale, 'outcome.cancel'), venuePageUrl(origin, locale, `/reserve/${r.hash}/cancel`)],
          ],
        }
      : { notes: venueNote ? [venueNote] : [] },
  );
  const attachments =
    news === 'waitinglist'
      ? []
      : [
          icsAttachment('reservation.ics', {
            uid: `${r.hash}@${new URL(origin).host}`,
            timeZone: venue.timezone,
            date: r.date,
            time: r.time,
            durationMinutes: 120,
            summary: `${venue.name} · ${reserveText(locale, 'people.count', { count: r.covers })}`,
            location: venue.address,
            description: `${mail.subject}\n${editUrl}`,
            url: editUrl,
            now: context.now,
            sequence: r.revision,
            cancelled,
          }),
        ];
  // The booking for the mail client, in every e-mail about it: a change carries the new facts, an end ReservationCancelled.
  const jsonLd = tableReservationMarkup(markupVenue(venue, venuePageUrl(origin, locale, '/')), r, {
    ended: cancelled,
    links: { url: editUrl, modify: editUrl, cancel: venuePageUrl(origin, locale, `/reserve/${r.hash}/cancel`) },
  });
  const guestMail: EmailMessage = { venueId: venue.id, template, locale, to: r.email, subject: mail.subject, text: mail.text, html: mail.html, attachments, jsonLd };
  if (!venue.email || context.notifyVenue === false) return [guestMail];
  // In the venue's own language (its `language`, Italian by default), never the guest's; the guest named, the date in words (issue 44).
  const venueLocale = venueLanguage(venue);
  const guestName = `${r.firstName} ${r.lastName}`.trim();
  const venueDate = longDate(r.date, venueLocale);
  const venueLabels = summaryLabels(venueLocale);
  // What happened, in words: a new booking (confirmed, awaiting the venue, waiting list), a change or a cancellation.
  const event = emailPhrase('reservationVenue', venueLocale, `events.${context.venueEvent ?? news}`);
  const note = renderEmail(
    'reservationVenue',
    venueLocale,
    { venueName: venue.name, event, guest: guestName, date: venueDate, time: r.time, pax: String(r.covers) },
    [
      [venueLabels.name, guestName],
      [venueLabels.people, String(r.covers)],
      [venueLabels.date, venueDate],
      [venueLabels.time, r.time],
      [venueLabels.zone, pickText(context.zoneName as Parameters<typeof pickText>[0], venueLocale)],
      ...(context.experience ? [[venueLabels.experience, pickText(context.experience as Parameters<typeof pickText>[0], venueLocale)] as [string, string]] : []),
      [venueLabels.contact, `${r.email}, ${displayPhone(r.phonePrefix, r.phone)}`],
      ...(r.guaranteePaymentMethod ? [[venueLabels.guarantee, `${r.guaranteeProvider} ${r.guaranteePaymentMethod}`] as [string, string]] : []),
      ...(fee ? [[venueLabels.fee, fee] as [string, string]] : []),
      ...(r.visitReason ? [[reserveText(venueLocale, 'details.visitReason'), visitReasonText(venue, r.visitReason, venueLocale)] as [string, string]] : []),
      ...(r.notes ? [[emailPhrase('reservationVenue', venueLocale, 'notes'), r.notes] as [string, string]] : []),
    ],
    // A request awaiting the venue: one-click Confirm and Decline (server/staff/links.ts), tied to this version of the booking.
    r.status === 'pending'
      ? {
          links: (['confirm', 'decline'] as const).map((action) => [
            emailPhrase('reservationVenue', venueLocale, `${action}Link`),
            venuePageUrl(origin, venueLocale, answerLinkPath(venue, r, action)),
          ]),
        }
      : {},
  );
  return [guestMail, { venueId: venue.id, template: 'reservationVenue', locale: venueLocale, to: venue.email, subject: note.subject, text: note.text, html: note.html }];
}
