import 'server-only';
import type { ExperienceRow, GuaranteeTerms } from '@/server/db/schema';
import { addDays, experienceOffersDay, isBeforeNotice, type LocalNow } from '@/server/booking/availability';
import type { BookingRules } from '@/server/booking/rules';

/**
 * What each experience setting means (docs/experiences.md has the table): pure functions of
 * the experience row and the venue's rules, shared by the calls and the booking.
 */

/** `tipoCCGaranzia`: 0 no card; 1 a card guarantee whose no-show fee is per booking; 2 per guest. */
export const GUARANTEE_NONE = 0;
/** `tipoAcquisto`: 0 paid at the venue; 1 a deposit of `importoDepositoAcconto` per guest; 2 full prepayment, price × guests. */
export const PURCHASE_AT_VENUE = 0;
export const PURCHASE_DEPOSIT = 1;
export const PURCHASE_PREPAID = 2;
/** `tipoEsperienza`: 0 booked on its own or added to a table booking; 1 on its own only; 2 only added to a table booking. */
export const TYPE_BOTH = 0;
export const TYPE_STANDALONE = 1;
export const TYPE_ADDON = 2;

export type Clock = { today: string; earliest: LocalNow };

/** `flagEsperienzaPassata`: its last date is behind us. */
export const isPast = (e: Pick<ExperienceRow, 'expiryDate'>, today: string) => e.expiryDate !== null && e.expiryDate < today;

/** An experience read with the ISO weekdays its venue has a weekly shift on (`withVenueWeekdays` in ./service.ts). */
export type ScheduledExperience = ExperienceRow & { venueWeekdays: number[] };

/**
 * Whether the experience runs on `date` at all: active, on one of its days (docs/experiences.md,
 * "Dates"), within the booking window, on a day the venue opens (no closure, a shift that
 * weekday or a special opening).
 */
export function runsOn(e: ScheduledExperience, rules: BookingRules, date: string, clock: Clock): boolean {
  if (!e.active || isPast(e, clock.today)) return false;
  if (date < clock.today || date > addDays(clock.today, rules.daysAhead)) return false;
  if (!experienceOffersDay(e, rules, e.venueWeekdays, date)) return false;
  return timesOn(e, date, clock).length > 0;
}

/** The start times still bookable on `date` (after the venue's notice); `['']` when it has no times (`flagOrari` 0). */
export function timesOn(e: ExperienceRow, date: string, clock: Clock): string[] {
  if (!e.times.length) return date >= clock.earliest.date ? [''] : [];
  return e.times.filter((t) => !isBeforeNotice(date, t, clock.earliest)).sort();
}

/** Places left on a date: `maxPrenotazioni` guests per date, minus those booked; `Infinity` when unlimited (0). */
export const placesLeft = (e: Pick<ExperienceRow, 'maxBookings'>, booked: number) => (e.maxBookings > 0 ? Math.max(e.maxBookings - booked, 0) : Infinity);

/** The guest limits, `numOspitiMin` and `numOspitiMax`: the refusal's message key, or null. */
export function guestProblem(e: Pick<ExperienceRow, 'minGuests' | 'maxGuests'>, pax: number): 'guestsBelowMin' | 'guestsAboveMax' | null {
  if (pax < e.minGuests) return 'guestsBelowMin';
  if (e.maxGuests > 0 && pax > e.maxGuests) return 'guestsAboveMax';
  return null;
}

/**
 * The card guarantee (`tipoCCGaranzia` 1 or 2 with `importoCCGaranzia` > 0), under the
 * cancellation policy of `cancellazione`: N > 0 free until N hours before, 0 not refundable,
 * a negative value always refundable.
 */
export function experienceGuarantee(e: ExperienceRow, currency: string): GuaranteeTerms | null {
  if (e.guaranteeType === GUARANTEE_NONE || e.guaranteeCents <= 0) return null;
  return {
    refundable: e.cancellation > 0 ? 'until' : e.cancellation < 0 ? 'always' : 'never',
    hoursBefore: Math.max(e.cancellation, 0),
    feeCents: e.guaranteeCents,
    per: e.guaranteeType === 2 ? 'guest' : 'reservation',
    currency,
  };
}

/**
 * The cancellation policy that applies: the card guarantee's terms it was booked under, or
 * (for a deposit without a card) the experience's `cancellazione` with no fee of its own.
 */
export function policyOf(e: ExperienceRow, b: { guaranteeTerms: GuaranteeTerms | null }, currency: string): GuaranteeTerms {
  if (b.guaranteeTerms) return b.guaranteeTerms;
  const terms = experienceGuarantee({ ...e, guaranteeType: e.guaranteeType || 1, guaranteeCents: 1 }, currency)!;
  return { ...terms, feeCents: 0 };
}

/** The amount charged at booking (`tipoAcquisto`): a deposit per guest, the full price × guests, or nothing. */
export function amountDueCents(e: ExperienceRow, pax: number): number {
  if (e.purchaseType === PURCHASE_DEPOSIT) return e.depositCents * pax;
  if (e.purchaseType === PURCHASE_PREPAID) return e.priceCents * pax;
  return 0;
}

/** Which additional fields apply to a zone (a field may name the zones it is asked in). */
export function fieldsFor(e: ExperienceRow, zone: string) {
  return e.additionalFields.filter((f) => !('zones' in f) || !Array.isArray((f as { zones?: string[] }).zones) || !zone || (f as { zones: string[] }).zones.includes(zone));
}

/**
 * Whether the experience can be added to a table booking (`tipoEsperienza` 0 or 2): only one
 * paid at the venue (`tipoAcquisto` 0). Added to a table, the table's own guarantee rules
 * apply; the experience's card guarantee is asked when it is booked on its own.
 */
export const isAddOn = (e: ExperienceRow) => e.experienceType !== TYPE_STANDALONE && e.purchaseType === PURCHASE_AT_VENUE;
/** Whether it has its own booking form (`tipoEsperienza` 0 or 1). */
export const isStandalone = (e: ExperienceRow) => e.experienceType !== TYPE_ADDON;
