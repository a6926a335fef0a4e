import type { ActionResult, BackendClient } from './client';
import type { ExperienceBookingAnswer, ExperiencePayment } from '@/lib/contract/experience-booking';
import type { ExperienceBookingData } from '@/lib/forms/experience';
import type { BookingSource } from '@/lib/booking/source';
import type { LocalCard } from './tables';

/** The experience calendar's month for a party. */
export type ExperienceMonthQuery = { year: number; month: number; partySize: number };
/** A day of the month on which the party can book an experience, and those experiences (their public hashes). */
export type ExperienceMonthDay = { date: string; esperienze: string[] };
/** An experience's choice: which, when, how many, where (`zone` only when the guest may choose). */
export type ExperienceChoice = { experienceId: number; date: string; time: string; partySize: number; zone: string };
/** A booking's move: the new date, time, party and zone. */
export type ExperienceChange = Omit<ExperienceChoice, 'experienceId'>;
/** What the payment step asks: the choice, the guest's e-mail (for the provider) and language (the payment page's). */
export type ExperiencePaymentInput = ExperienceChoice & { email: string; language?: string };
/** A booking as the core takes it: the form's values (lib/forms/experience.ts), the party as `partySize`, the day as `date`. */
export type ExperienceBooking = Omit<ExperienceBookingData, 'pax' | 'day'> & { partySize: number; date: string };
/** The form's values read by its rule, as the core names them. */
export const experienceBookingOf = ({ pax, day, ...rest }: ExperienceBookingData): ExperienceBooking => ({ ...rest, partySize: pax, date: day });
/**
 * What the site knows of a submit beside the guest's form: the language, the partner cookie, the
 * guest's address and where the booking came from; the bot check's tokens and the submit's
 * idempotency key, as the browser sent them.
 */
export type ExperienceSubmit = {
  locale: string;
  partner: boolean;
  clientAddress?: string;
  source: BookingSource;
  tokens: { recaptchaV3Token?: string; recaptchaV2Token?: string };
  idempotencyKey?: string;
};

/** The booking's payload as the contract carries it: the form's values with the language, the partner flag and the guest's address. */
export const experiencePayload = (values: Record<string, unknown>, submit: ExperienceSubmit) => ({
  ...values,
  language: submit.locale,
  partner: submit.partner,
  remoteIp: submit.clientAddress,
});

/**
 * The experience bookings' door (issue 42, "One core, two doors"), as the table door
 * (lib/backend/tables.ts): typed input, typed answers, `partySize` for the party. The built-in
 * backend calls its core (server/experiences/core.ts) directly; a legacy backend is called
 * through the wire format (`wireExperiences`).
 */
export interface ExperienceDoor {
  month(q: ExperienceMonthQuery): Promise<ActionResult<ExperienceMonthDay[]>>;
  /** Books: the guest's form as the browser sent it, checked by its rule (lib/forms/experience.ts) on either side. */
  create(values: Record<string, unknown>, submit: ExperienceSubmit): Promise<ActionResult<ExperienceBookingAnswer<'createexperiencereserve'>>>;
  /** The card guarantee and the deposit the booking asks for, each or null. */
  startPayment(input: ExperiencePaymentInput): Promise<ActionResult<ExperiencePayment>>;
  /** The local test provider's card form for a deposit. */
  confirmLocalDeposit(card: LocalCard): Promise<ActionResult<{ status: string }>>;
  edit(hash: string, change: ExperienceChange): Promise<ActionResult<ExperienceBookingAnswer<'editreserve'>>>;
  cancel(hash: string): Promise<ActionResult<ExperienceBookingAnswer<'cancelreserve'>>>;
}

/** A choice as the wire names it. */
const wireChange = (c: ExperienceChange) => ({ day: c.date, time: c.time, pax: String(c.partySize), zone: c.zone });

/** The experience door over the contract's wire format (docs/backend-contract.md, "Experience bookings"): a legacy backend's. */
export function wireExperiences(client: BackendClient): ExperienceDoor {
  return {
    month: (q) => client.experienceDays('getesperienzemonth', { year: String(q.year), month: String(q.month), pax: String(q.partySize) }),
    create: (values, submit) =>
      client.experience('createexperiencereserve', {
        // One key per submit from the browser (a retry reuses it): a lost answer never books twice.
        ...(submit.idempotencyKey ? { idempotencyKey: submit.idempotencyKey } : {}),
        payload: JSON.stringify(experiencePayload(values, submit)),
        recaptchaV3Token: submit.tokens.recaptchaV3Token ?? '',
        recaptchaV2Token: submit.tokens.recaptchaV2Token ?? '',
        tokenVersion: submit.tokens.recaptchaV2Token ? 'v2' : 'v3',
        source: submit.source,
      }),
    startPayment: (p) =>
      client.experiencePayment('startpayment', { experienceId: String(p.experienceId), ...wireChange(p), email: p.email, ...(p.language ? { language: p.language } : {}) }),
    confirmLocalDeposit: (card) => client.experiencePayment('confirmlocaldeposit', card),
    edit: (hash, change) => client.experience('editreserve', { hash, ...wireChange(change) }),
    cancel: (hash) => client.experience('cancelreserve', { hash }),
  };
}
