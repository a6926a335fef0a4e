import 'server-only';
import type { Db } from '@/server/db/types';
import { type ExperienceBookingRow, type ExperienceRow, type GuaranteeTerms, type Texts as DbTexts, type VenueRow } from '@/server/db/schema';
import { isTestPayment } from '@/server/payments/test-money';
import { enqueueEmails, type EmailFrame, type EmailMessage } from '@/server/outbox/enqueue';
import { contextOf, linkOriginFrom } from '@/server/venues/context';
import { venuePageUrl } from '@/lib/venue/origin';
import { walletBadgesEmail } from '@/server/wallet/badges';
import { experienceSerial } from '@/server/wallet/items';
import { icsAttachment } from '@/server/booking/ics';
import { guaranteeNotes, markupVenue, visitReasonText } from '@/server/booking/emails';
import { experienceReservationMarkup } from '@/lib/seo/email-markup';
import { cancellationFee, totalFeeCents } from '@/server/booking/guarantee';
import { renderEmailTexts, reserveText } from '@/server/outbox/templates';
import { policyOf } from './rules';
import { pickText } from '@/lib/i18n/texts';
import { toLocale, type Locale } from '@/lib/i18n/locales';
import { currencyIcon, formatMoney } from '@/lib/currency';
import { bookingReference, formatDateTime, formatLongDate } from '@/lib/i18n/format';
import type { ExperienceOutcome } from '@/lib/contract/experience-booking';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';
import { displayPhone } from '@/lib/identity';
import { fill } from '@/lib/i18n/fill';
import { colon } from '@/lib/i18n/colon';
import { venueLanguage } from '@/server/venues/language';

type Texts = Record<string, string>;
type Catalogue = { experiences: { emails: Record<string, Texts>; summary: Texts; manage: Texts } };
const catalogues = { it, en, fr, es, de } as unknown as Record<Locale, Catalogue>;

/** Texts of the database (`it` always, the others optional), read like the contract's. */
const text = (t: DbTexts | null | undefined, locale: Locale) => pickText(t as Parameters<typeof pickText>[0], locale);


/** A zone's name, from the venue's context (server/venues/context.ts: cached, no statement). */
async function zoneLabel(db: Db, venue: VenueRow, key: string, locale: Locale): Promise<string> {
  const zone = (await contextOf(db, venue)).setup.zones.find((z) => z.key === key);
  return zone ? text(zone.name, locale) : key;
}

/** What happens to the deposit or prepayment if the guest cancels: refunded in full until the deadline, always, or kept. */
function depositNote(manage: Texts, terms: GuaranteeTerms, venue: VenueRow, b: ExperienceBookingRow, locale: Locale): string {
  const amount = formatMoney(b.paidCents, venue.currency, locale);
  if (terms.refundable === 'always') return fill(manage.depositAlways, { amount });
  if (terms.refundable === 'never') return fill(manage.depositNever, { amount });
  const { deadline } = cancellationFee(terms, { timeZone: venue.timezone, date: b.date, time: b.time || '00:00', covers: b.covers }, new Date(0));
  const when = formatDateTime(deadline ?? new Date(0), locale, venue.timezone);
  return fill(manage.depositUntil, { amount, deadline: when });
}

const longDate = formatLongDate;

/**
 * What became of the guest's money once the booking ended (issue 45): refunded (the amount),
 * kept by the venue under the terms (the amount), the cancellation fee that applies to the card
 * guarantee, or nothing paid at all.
 */
function moneyAfterEnd(manage: Texts, b: ExperienceBookingRow, refundCents: number, money: (cents: number) => string): string {
  if (refundCents > 0) return fill(manage.refunded, { amount: money(refundCents) });
  if (b.paidCents > 0) return fill(manage.keptAfterCancel, { amount: money(b.paidCents) });
  if (b.cancellationFeeCents) return fill(manage.feeAfterCancel, { amount: money(b.cancellationFeeCents) });
  return manage.nothingPaid;
}

/** Why the guest gets an e-mail about an experience booking: its outcome, or their own change. */
export type ExperienceNews = Exclude<ExperienceOutcome, 'reject'> | 'changed' | 'cancelled' | 'declined' | 'venueCancelled';

/** The news that end a booking: the guest's own cancel, and the venue's decline or cancel (issue 23). */
const ENDING: ExperienceNews[] = ['cancelled', 'declined', 'venueCancelled'];

/**
 * The guest's e-mail about an experience booking (with an `.ics` file unless on the waiting
 * list) and the venue's notification, queued in the booking's transaction (docs/outbox.md).
 * While it stands, the guest's e-mail gives the links to change and cancel it and the
 * facts that bind them: the area, the amount paid and the balance due at the venue, the card
 * guarantee's fee and the free-cancellation deadline, and what happens to a deposit.
 */
export async function queueExperienceEmails(...args: Parameters<typeof experienceEmails>) {
  const { mails, frame } = await experienceEmails(...args);
  await enqueueEmails(args[0], mails, frame);
}

/**
 * The e-mails of an experience booking's news (the guest's, and the venue's unless not wanted)
 * and the frame they are queued in, for a caller that writes them with its own last writes (issue 42).
 */
export async function experienceEmails(
  tx: Db,
  venue: VenueRow,
  e: ExperienceRow,
  b: ExperienceBookingRow,
  news: ExperienceNews,
  context: {
    host: string;
    now: Date;
    refundCents?: number;
    /** The venue's note to the guest (decline, cancel by the venue). */
    venueNote?: string | null;
    /** The venue is told of the guest's doings and of the deadline's answers, not of its own (default true). */
    notifyVenue?: boolean;
    venueEvent?: 'deadlineConfirmed' | 'deadlineDeclined';
  },
): Promise<{ mails: EmailMessage[]; frame: EmailFrame }> {
  const locale = toLocale(b.locale);
  const { emails, summary, manage } = catalogues[locale].experiences;
  // The one origin rule (lib/venue/origin.ts): the same links whether a request or the sweep sends this.
  const { linkHost } = await contextOf(tx, venue);
  const origin = linkOriginFrom(linkHost, context.host);
  // The guest's e-mail and the venue's, queued in one insert in the venue's frame (issue 42).
  const frame = { venue, linkHost };
  const mails: EmailMessage[] = [];
  const title = text(e.title, locale);
  const dateText = longDate(b.date, locale);
  const money = (cents: number) => formatMoney(cents, venue.currency, locale);
  const link = venuePageUrl(origin, locale, `/frontpage/esperienze/${e.hash}`);
  const editUrl = venuePageUrl(origin, locale, `/frontpage/esperienze/prenotazione/${b.hash}/edit`);
  const cancelUrl = venuePageUrl(origin, locale, `/frontpage/esperienze/prenotazione/${b.hash}/cancel`);
  const zone = b.zoneKey ? await zoneLabel(tx, venue, b.zoneKey, locale) : '';
  const ending = ENDING.includes(news);
  // Nothing is due at the venue once the booking has ended (issue 45).
  const balance = !ending && b.paidCents > 0 && b.priceCents > b.paidCents ? b.priceCents - b.paidCents : 0;
  // A deposit or prepayment taken (or refunded) in test money: the guest's and the venue's e-mails say so.
  const testMoney = (b.paidCents > 0 || !!context.refundCents) && isTestPayment(b.paymentReference);
  const reason = (b.visitReason ? visitReasonText(venue, b.visitReason, locale) : '');
  const details: [string, string][] = [
    [summary.experience, title],
    [manage.reference, bookingReference(b.hash)],
    [summary.name, `${b.firstName} ${b.lastName}`],
    [summary.people, String(b.covers)],
    [summary.date, dateText],
    ...(b.time ? [[summary.time, b.time] as [string, string]] : []),
    ...(zone ? [[summary.zone, zone] as [string, string]] : []),
    ...(b.priceCents ? [[summary.total, money(b.priceCents)] as [string, string]] : []),
    ...(b.paidCents ? [[summary.paid, money(b.paidCents)] as [string, string]] : []),
    ...(balance ? [[manage.balance, money(balance)] as [string, string]] : []),
    ...Object.entries(b.additionalFields).map(([k, v]) => [text(e.additionalFields.find((f) => f.key === k)?.label, locale) || k, v] as [string, string]),
    ...(reason ? [[reserveText(locale, 'details.visitReason'), reason] as [string, string]] : []),
    ...(b.notes ? [[summary.notes, b.notes] as [string, string]] : []),
    ...(b.cancellationFeeCents ? [[manage.fee, money(b.cancellationFeeCents)] as [string, string]] : []),
  ];
  const standing = !ending && news !== 'waitinglist';
  const notes: string[] = [];
  if (standing) {
    notes.push(...guaranteeNotes(venue, b, locale, context.now));
    if (b.paidCents > 0) notes.push(depositNote(manage, policyOf(e, b, venue.currency), venue, b, locale));
  }
  if (ending && context.venueNote?.trim()) notes.push(`${emails[news].note}${colon(locale)}${context.venueNote.trim()}`);
  if (ending) notes.push(moneyAfterEnd(manage, b, context.refundCents ?? 0, money));
  const mail = renderEmailTexts(
    emails[news],
    locale,
    { venueName: venue.name, firstName: b.firstName, link, title, date: dateText },
    details,
    standing ? { notes, links: [[manage.changeLink, editUrl], [manage.cancelLink, cancelUrl]], appendix: walletBadgesEmail(origin, experienceSerial(b.hash), locale) } : { notes },
  );
  const attachments =
    news === 'waitinglist'
      ? []
      : [
          icsAttachment('experience.ics', {
            uid: `${b.hash}@${new URL(origin).host}`,
            timeZone: venue.timezone,
            date: b.date,
            time: b.time || '00:00',
            durationMinutes: e.durationMinutes || (b.time ? 120 : 24 * 60),
            summary: `${venue.name} · ${title}`,
            location: venue.address,
            description: `${mail.subject}\n${link}`,
            url: link,
            now: context.now,
            sequence: b.revision,
            cancelled: ending,
          }),
        ];
  const jsonLd = experienceReservationMarkup(markupVenue(venue, venuePageUrl(origin, locale, '/')), { ...b, updatedAt: context.now }, {
    ended: ending,
    links: { url: editUrl, modify: editUrl, cancel: cancelUrl },
    title,
    eventUrl: link,
    durationMinutes: e.durationMinutes,
    currency: currencyIcon(venue.currency).code,
  });
  mails.push({ venueId: venue.id, template: `experience_${news}`, locale, to: b.email, subject: mail.subject, text: mail.text, html: mail.html, attachments, jsonLd, testMoney });
  if (!venue.email || context.notifyVenue === false) return { mails, frame };
  // In the venue's own language (its `language`, Italian by default), never the guest's; the guest named, the date in words (issue 44).
  const vl = venueLanguage(venue);
  const venueTexts = catalogues[vl].experiences;
  const guestName = `${b.firstName} ${b.lastName}`.trim();
  const venueDate = longDate(b.date, vl);
  const note = renderEmailTexts(
    venueTexts.emails.venue,
    vl,
    { venueName: venue.name, title: text(e.title, vl), event: venueTexts.emails.venueEvents[context.venueEvent ?? news], guest: guestName, date: venueDate, time: b.time, pax: String(b.covers) },
    [
      [venueTexts.summary.name, guestName],
      [venueTexts.summary.people, String(b.covers)],
      [venueTexts.summary.date, venueDate],
      [venueTexts.summary.time, b.time],
      ...(b.zoneKey ? [[venueTexts.summary.zone, await zoneLabel(tx, venue, b.zoneKey, vl)] as [string, string]] : []),
      [venueTexts.summary.contact, `${b.email}, ${displayPhone(b.phonePrefix, b.phone)}`],
      ...(b.paidCents ? [[venueTexts.summary.paid, formatMoney(b.paidCents, venue.currency, vl)] as [string, string]] : []),
      ...(b.guaranteePaymentMethod && b.guaranteeTerms ? [[venueTexts.summary.guarantee, `${b.guaranteeProvider} ${b.guaranteePaymentMethod} (${formatMoney(totalFeeCents(b.guaranteeTerms, b.covers), venue.currency, vl)})`] as [string, string]] : []),
      ...(b.cancellationFeeCents ? [[venueTexts.manage.fee, formatMoney(b.cancellationFeeCents, venue.currency, vl)] as [string, string]] : []),
      ...(b.visitReason ? [[reserveText(vl, 'details.visitReason'), visitReasonText(venue, b.visitReason, vl)] as [string, string]] : []),
      ...Object.entries(b.additionalFields).map(([k, v]) => [text(e.additionalFields.find((f) => f.key === k)?.label, vl) || k, v] as [string, string]),
      ...(b.notes ? [[venueTexts.summary.notes, b.notes] as [string, string]] : []),
    ],
  );
  mails.push({ venueId: venue.id, template: 'experience_venue', locale: vl, to: venue.email, subject: note.subject, text: note.text, html: note.html, testMoney });
  return { mails, frame };
}
