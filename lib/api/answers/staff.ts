import type { StaffBooking, StaffDay } from '@/lib/contract/staff';
import { array, boolean, nullable, number, object, oneOf, optional, string, texts, type Check } from '../check';

/**
 * What the service sheet's `/api/staff/*` calls answer (server/staff/http.ts): the day in
 * `data`, the other calls as the whole body. Typed as the contract's answers, so a check that
 * lets through less than the sheet reads is a type error.
 */
export const staffBookingAnswer: Check<StaffBooking> = object({
  kind: oneOf('table', 'experience'),
  hash: string,
  version: number,
  date: string,
  time: string,
  shift: string,
  covers: number,
  name: string,
  phone: string,
  email: string,
  zone: string,
  zoneName: texts,
  status: oneOf('confirmed', 'pending', 'waitinglist', 'suspended', 'failed', 'cancelled', 'declined'),
  attendance: oneOf('', 'arrived', 'noshow', 'finished'),
  noShowFrom: string,
  undoUntil: string,
  reminder: oneOf('', 'sent', 'coming', 'cancelled'),
  notes: string,
  visitReason: string,
  guarantee: nullable(object({ provider: string, feeCents: number, currency: string, per: string, policy: string, refundable: string, hoursBefore: number })),
  fee: nullable(object({ status: oneOf('charging', 'succeeded', 'requires_action', 'failed', 'refunding', 'refunded', 'refund_failed'), amountCents: number, currency: string, error: string })),
  offer: nullable(object({ status: oneOf('open', 'claimed', 'expired', 'lapsed'), expiresAt: string, offeredBy: string })),
  paidCents: number,
  experience: nullable(texts),
  venueNote: string,
  answeredBy: string,
  answeredAt: string,
  createdAt: string,
  source: string,
  override: string,
  guaranteeWaived: string,
  tables: array(string),
  seatedAt: string,
  turnMinutes: number,
  guest: nullable(object({ visits: number, noShows: number, cancellations: number, notes: string, tags: array(string), version: number })),
});

export const staffDayAnswer: Check<StaffDay> = object({
  date: string,
  today: string,
  now: string,
  timezone: string,
  currency: string,
  shifts: array(object({ key: string, name: texts, startTime: string, endTime: string, capacity: number, covers: number, tally: nullable(object({ expected: number, seated: number, finished: number, noShow: number, coversLeft: number })), bookings: array(staffBookingAnswer) })),
  waitingList: array(staffBookingAnswer),
  experiences: array(staffBookingAnswer),
  autoOffers: nullable(boolean),
  zones: array(object({ key: string, name: texts })),
  times: array(string),
  tables: array(object({ tables: array(string), zone: string, min: number, max: number })),
});

/** `/api/staff/search`: the bookings found, in `data`. */
export const staffSearchAnswer = object({ q: string, bookings: array(staffBookingAnswer) });

/** `answer`: done, or refused with the booking as it is now. */
export const staffAnswerAnswer = object({ result: oneOf('done', 'changed', 'notAllowed', 'noSeats'), booking: staffBookingAnswer });

/**
 * `/api/staff/book` and `/api/staff/change` (issue 44): the booking made or changed, the rule it
 * was booked past ('' for none), and for a change what became of the card guarantee ('' none asked nor held).
 */
export const staffBookedAnswer = object({ result: oneOf('booked', 'changed'), booking: staffBookingAnswer, override: string, guarantee: optional(oneOf('', 'kept', 'waived')) });

/** `/api/staff/guest` (issue 44): the guest's profile as saved. */
export const guestProfileAnswer = object({ profile: object({ visits: number, noShows: number, cancellations: number, notes: string, tags: array(string), version: number }) });

export const signInAnswer = object({ result: oneOf('signedIn'), expiresAt: string });

export const signOutAnswer = object({ result: oneOf('signedOut') });

export const autoOffersAnswer = object({ autoOffers: boolean });

/** "Pair a phone" (`POST /api/staff/pairing`): the code as shown, `ABCD EFGH`, and until when it works. */
export const pairingAnswer = object({ code: string, expiresAt: string });

/** Passkeys (issue 44): the WebAuthn options for the browser (handed to @simplewebauthn/browser as they are), with their challenge. */
export const passkeyOptionsAnswer = object({ options: object({ challenge: string }) });

export const passkeyRegisteredAnswer = object({ result: oneOf('registered') });
