import 'server-only';
import type { Database } from '@/server/db/client';
import type { ExperienceBookingRow, ExperienceRow, Texts as DbTexts, VenueRow } from '@/server/db/schema';
import { enqueueEmail } from '@/server/outbox/enqueue';
import { renderEmailTexts } from '@/server/outbox/templates';
import { venuePageUrl } from '@/server/fidelity/service';
import { reservationIcs } from '@/server/booking/ics';
import { pickText } from '@/lib/i18n/texts';
import { toLocale, type Locale } from '@/lib/i18n/locales';
import { formatPrice } from '@/lib/currency';
import type { ExperienceOutcome } from '@/lib/contract/experience-booking';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';

type Texts = Record<string, string>;
type Catalogue = { experiences: { emails: Record<string, Texts>; summary: Texts } };
const catalogues = { it, en, fr, es, de } as unknown as Record<Locale, Catalogue>;

/** Texts of the database (`it` always, the others optional), read like the contract's. */
const text = (t: DbTexts | null | undefined, locale: Locale) => pickText(t as Parameters<typeof pickText>[0], locale);

const longDate = (date: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

/**
 * The guest's e-mail about an experience booking (with an `.ics` file unless on the waiting
 * list) and the venue's notification, queued in the booking's transaction (docs/outbox.md).
 */
export async function queueExperienceEmails(
  tx: Database,
  venue: VenueRow,
  e: ExperienceRow,
  b: ExperienceBookingRow,
  outcome: Exclude<ExperienceOutcome, 'reject'>,
  context: { host: string; now: Date; totalFeeCents: number },
) {
  const locale = toLocale(b.locale);
  const { emails, summary } = catalogues[locale].experiences;
  const title = text(e.title, locale);
  const dateText = longDate(b.date, locale);
  const money = (cents: number) => formatPrice(cents / 100, venue.currency, locale);
  const link = venuePageUrl(context.host, locale, `/frontpage/esperienze/${e.hash}`);
  const details: [string, string][] = [
    [summary.experience, title],
    [summary.name, `${b.firstName} ${b.lastName}`],
    [summary.people, String(b.covers)],
    [summary.date, dateText],
    ...(b.time ? [[summary.time, b.time] as [string, string]] : []),
    ...(b.priceCents ? [[summary.total, money(b.priceCents)] as [string, string]] : []),
    ...(b.paidCents ? [[summary.paid, money(b.paidCents)] as [string, string]] : []),
    ...Object.entries(b.additionalFields).map(([k, v]) => [text(e.additionalFields.find((f) => f.key === k)?.label, locale) || k, v] as [string, string]),
  ];
  const mail = renderEmailTexts(emails[outcome], locale, { venueName: venue.name, firstName: b.firstName, link, title, date: dateText }, details);
  const attachments =
    outcome === 'waitinglist'
      ? []
      : [
          {
            filename: 'experience.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: Buffer.from(
              reservationIcs({
                uid: `${b.hash}@${context.host}`,
                timeZone: venue.timezone,
                date: b.date,
                time: b.time || '00:00',
                durationMinutes: e.durationMinutes || (b.time ? 120 : 24 * 60),
                summary: `${venue.name} · ${title}`,
                location: venue.address,
                description: `${mail.subject}\n${link}`,
                url: link,
                now: context.now,
              }),
            ).toString('base64'),
          },
        ];
  await enqueueEmail(tx, { venueId: venue.id, template: `experience_${outcome}`, locale, to: b.email, subject: mail.subject, text: mail.text, html: mail.html, attachments });
  if (!venue.email) return;
  const venueTexts = catalogues.it.experiences;
  const note = renderEmailTexts(
    venueTexts.emails.venue,
    'it',
    { venueName: venue.name, title: text(e.title, 'it'), event: venueTexts.emails.venueEvents[outcome], date: b.date, time: b.time, pax: String(b.covers) },
    [
      [venueTexts.summary.name, `${b.firstName} ${b.lastName}`],
      [venueTexts.summary.people, String(b.covers)],
      [venueTexts.summary.date, b.date],
      [venueTexts.summary.time, b.time],
      [venueTexts.summary.contact, `${b.email}, ${b.phonePrefix} ${b.phone}`],
      ...(b.paidCents ? [[venueTexts.summary.paid, formatPrice(b.paidCents / 100, venue.currency, 'it')] as [string, string]] : []),
      ...(b.guaranteePaymentMethod ? [[venueTexts.summary.guarantee, `${b.guaranteeProvider} ${b.guaranteePaymentMethod} (${formatPrice(context.totalFeeCents / 100, venue.currency, 'it')})`] as [string, string]] : []),
      ...Object.entries(b.additionalFields).map(([k, v]) => [text(e.additionalFields.find((f) => f.key === k)?.label, 'it') || k, v] as [string, string]),
      ...(b.notes ? [[venueTexts.summary.notes, b.notes] as [string, string]] : []),
    ],
  );
  await enqueueEmail(tx, { venueId: venue.id, template: 'experience_venue', locale: 'it', to: venue.email, subject: note.subject, text: note.text, html: note.html });
}
