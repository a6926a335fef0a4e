import 'server-only';
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
