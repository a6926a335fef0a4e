import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { EventReservation, FoodEstablishmentReservation, ReservationStatusType, WithContext } from 'schema-dts';
import { bookingReference } from '@/lib/i18n/format';
import { postalAddressOf, type AddressParts } from './json-ld';

/**
 * Reservation markup in the guest's e-mails (issue 26; docs/seo.md): the JSON-LD a mail
 * client (Gmail, Apple Mail, Outlook) reads to show the booking, put it in the calendar and
 * offer "change" and "cancel". Every e-mail about the booking carries it afresh: a change
 * sends the new time under the same `reservationNumber`, a cancellation `ReservationCancelled`.
 */
export type EmailMarkup = WithContext<FoodEstablishmentReservation> | WithContext<EventReservation>;

/** The venue as the markup names it: where, how to reach it, and its clock. */
export type MarkupVenue = AddressParts & { type?: string; timezone: string; phone: string; url: string };

/** What the guest booked, as the booking's row has it. */
export type MarkupBooking = { hash: string; status: string; firstName: string; lastName: string; email: string; date: string; time: string; covers: number; updatedAt: Date };

/** The booking's links, absolute, in the guest's language; none once it has ended. */
export type MarkupLinks = { url: string; modify?: string; cancel?: string };

/** A venue-local date and time as ISO 8601 with the venue's offset on that day (e.g. `2027-04-15T20:00:00+02:00`). */
export function localIso(timeZone: string, date: string, time: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = (time || '00:00').split(':').map(Number);
  return format(new TZDate(y, m - 1, d, hh, mm, timeZone), "yyyy-MM-dd'T'HH:mm:ssXXX");
}

/** The schema.org status of a booking: ended (cancelled, declined, cancelled by the venue), confirmed, or awaiting the venue or a seat. */
export function reservationStatus(status: string, ended: boolean): ReservationStatusType {
  if (ended || status === 'cancelled' || status === 'declined' || status === 'noshow') return 'https://schema.org/ReservationCancelled';
  return status === 'confirmed' || status === 'arrived' ? 'https://schema.org/ReservationConfirmed' : 'https://schema.org/ReservationPending';
}

function common(venue: MarkupVenue, b: MarkupBooking, ended: boolean, links: MarkupLinks) {
  return {
    reservationNumber: bookingReference(b.hash),
    reservationStatus: reservationStatus(b.status, ended),
    underName: { '@type': 'Person' as const, name: `${b.firstName} ${b.lastName}`.trim(), email: b.email },
    modifiedTime: b.updatedAt.toISOString(),
    url: links.url,
    ...(!ended && links.modify ? { modifyReservationUrl: links.modify } : {}),
    ...(!ended && links.cancel ? { cancelReservationUrl: links.cancel } : {}),
  };
}

const place = (venue: MarkupVenue) => ({
  name: venue.name,
  address: postalAddressOf(venue),
  ...(venue.phone ? { telephone: venue.phone } : {}),
  url: venue.url,
});

/** A table booking: `FoodEstablishmentReservation` with the venue, its address, the time and the party. */
export function tableReservationMarkup(venue: MarkupVenue, b: MarkupBooking, options: { ended: boolean; links: MarkupLinks }): WithContext<FoodEstablishmentReservation> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FoodEstablishmentReservation',
    ...common(venue, b, options.ended, options.links),
    startTime: localIso(venue.timezone, b.date, b.time),
    partySize: b.covers,
    reservationFor: { '@type': (venue.type || 'Restaurant') as 'Restaurant', ...place(venue) },
  };
}

/** An experience booking: `EventReservation` for the experience's `Event` at the venue, with what was paid. */
export function experienceReservationMarkup(
  venue: MarkupVenue,
  b: MarkupBooking & { paidCents: number },
  options: { ended: boolean; links: MarkupLinks; title: string; eventUrl: string; durationMinutes: number; currency: string },
): WithContext<EventReservation> {
  const start = localIso(venue.timezone, b.date, b.time);
  const end = options.durationMinutes > 0 && b.time ? new Date(new Date(start).getTime() + options.durationMinutes * 60_000) : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'EventReservation',
    ...common(venue, b, options.ended, options.links),
    ...(b.paidCents > 0 ? { totalPrice: (b.paidCents / 100).toFixed(2), priceCurrency: options.currency } : {}),
    reservationFor: {
      '@type': 'Event',
      name: options.title,
      url: options.eventUrl,
      // A whole-day experience (no time) is named by its day alone.
      startDate: b.time ? start : b.date,
      ...(end ? { endDate: localIso(venue.timezone, format(new TZDate(end.getTime(), venue.timezone), 'yyyy-MM-dd'), format(new TZDate(end.getTime(), venue.timezone), 'HH:mm')) } : {}),
      location: { '@type': 'Place', ...place(venue) },
    },
  };
}
