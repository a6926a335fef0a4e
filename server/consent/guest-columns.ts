import 'server-only';
import type { VenueRow } from '@/server/db/schema';
import { normalizeEmail } from '@/lib/identity';
import { phoneDigits } from '@/lib/forms/shapes';

/**
 * The guest's name, e-mail and phone as every service stores them (bookings, experience
 * bookings, loyalty members): names as typed, the e-mail trimmed, the phone's prefix and its
 * digits. Rules that compare guests use lib/identity.ts's canonical forms instead.
 */
export function guestColumns(input: { nome: string; cognome: string; email: string; prefisso: string; telefono: string }) {
  return { firstName: input.nome, lastName: input.cognome, email: normalizeEmail(input.email), phonePrefix: input.prefisso, phone: phoneDigits(input.telefono) };
}

/** The guest's birthday (day and month, no year) as stored: null where the form left it out. */
export function guestBirthday(input: { compleannoGiorno?: unknown; compleannoMese?: unknown }) {
  return {
    birthDay: typeof input.compleannoGiorno === 'number' ? input.compleannoGiorno : null,
    birthMonth: typeof input.compleannoMese === 'number' ? input.compleannoMese : null,
  };
}

/** The guest as a booking records them (table or experience, made or changed): name, contact, the reason for the visit, birthday, notes. */
export function bookingGuestColumns(input: Parameters<typeof guestColumns>[0] & Parameters<typeof guestBirthday>[0] & { note: string }, visitReason: string | null) {
  return { ...guestColumns(input), visitReason, ...guestBirthday(input), notes: input.note };
}

/**
 * What a new booking records of the guest's consent and arrival, stamped `now`: the privacy
 * policy (always, the form requires it), marketing when ticked, the venue's policy version,
 * the language they booked in and whether they came from the partner source.
 */
export function guestConsentColumns<L extends string>(venue: Pick<VenueRow, 'policies'>, input: { marketing?: boolean }, context: { locale: L; partner: boolean }, now: Date) {
  return { locale: context.locale, partner: context.partner, privacyAcceptedAt: now, marketingAcceptedAt: input.marketing ? now : null, policyVersion: venue.policies.version };
}
