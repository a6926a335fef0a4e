import { z } from 'zod';
import { flag, str } from '@/lib/contract/fields';
import { locationSchema, servicesSchema, type Location, type PrefixItem } from '@/lib/contract/location';
import { experienceListSchema, type ExperienceList } from '@/lib/contract/experience';
import { experienceBookingAnswers, experiencePaymentAnswers, type ExperienceBookingAnswer, type ExperienceBookingCall, type ExperiencePaymentCall } from '@/lib/contract/experience-booking';
import {
  experienceDayAnswers,
  fidelityAnswers,
  paymentAnswers,
  reservationAnswers,
  type ReservationAnswer,
  type ReservationCall,
} from '@/lib/contract/reservation';
import { promoAnswers, promoSchema, type Promo, type PromoCall } from '@/lib/contract/promo';
import { staffAnswers, type StaffCall } from '@/lib/contract/staff';
import { linkAnswers, type LinkCall } from '@/lib/contract/links';
import { errorMessage, log } from '@/lib/log';
import { giftcardAnswers, giftcardListSchema, type Giftcard, type GiftcardCall } from '@/lib/contract/giftcard';

/**
 * Sends one contract call (spec section 7) and returns the parsed JSON body. Throws when the
 * backend cannot be reached, times out, answers 5xx or an unreadable body.
 */
export type Transport = (call: string, payload?: Record<string, string>) => Promise<unknown>;

/**
 * The error code of a call that could not be made or whose answer could not be read: the
 * guest is told the service is unavailable and may try again (HTTP 503).
 */
export const UNAVAILABLE = 'unavailable';

/** The answer of a call that changes something: its data, or an error code with field errors. */
export type ActionResult<T = unknown> =
  | { status: true; data: T }
  | { status: false; error: string; fieldErrors: Record<string, string>; retryAfter?: number; limit?: string };

/**
 * The answer of a data-loading call. `failed` (unreachable, 5xx, time-out, malformed) is read
 * as empty by the pages (spec section 7); `unknownVenue` is the backend's own answer that no
 * venue has this host (`error: venueNotFound`), which the pages show as a 404.
 */
export type Loaded<T> = { status: 'ok'; data: T } | { status: 'unknownVenue' } | { status: 'failed' };

const answerSchema = z.object({
  status: flag,
  data: z.unknown().optional(),
  error: str,
  fieldErrors: z.record(z.string(), z.string()).nullish(),
});

export type { ReservationCall } from '@/lib/contract/reservation';
type ExperienceDayCall = keyof typeof experienceDayAnswers;

/** The page's only way to the backend: typed calls over a legacy or built-in transport. */
export interface BackendClient {
  getLocation(): Promise<Loaded<Location>>;
  getAllServices(): Promise<Loaded<PrefixItem[]>>;
  getExperienceList(): Promise<Loaded<ExperienceList>>;
  /** `fidelity/subscribe` (docs/backend-contract.md). */
  subscribeFidelity(payload: Record<string, string>): Promise<ActionResult<null>>;
  /** `fidelity/lookup`. */
  lookupFidelity(payload: Record<string, string>): Promise<ActionResult<null>>;
  /** `reservation/*` (docs/backend-contract.md). */
  reservation<C extends ReservationCall>(call: C, payload: Record<string, string>): Promise<ActionResult<ReservationAnswer<C>>>;
  /** `payment/confirmlocal`: the local test provider's card form. */
  payment(call: 'confirmlocal', payload: Record<string, string>): Promise<ActionResult<{ status: string }>>;
  /** `experience/getesperienzemonth` and `experience/getesperienzeday` (spec section 7). */
  experienceDays<C extends ExperienceDayCall>(call: C, payload: Record<string, string>): Promise<ActionResult<z.output<(typeof experienceDayAnswers)[C]>>>;
  /** `giftcard/getlist`: the venue's gift cards (a backend without it reads as failed). */
  getGiftcards(): Promise<Loaded<Giftcard[]>>;
  /** `giftcard/*` (docs/backend-contract.md, "Gift cards"). */
  giftcard<C extends GiftcardCall>(call: C, payload: Record<string, string>): Promise<ActionResult<z.output<(typeof giftcardAnswers)[C]>>>;
  /** `promo/getpromo` (docs/backend-contract.md, "Promotions"): `notFound` when the venue has no such promotion. */
  getPromo(urlName: string): Promise<Loaded<Promo> | { status: 'notFound' }>;
  /** `promo/request`, `promo/getcode`, `promo/lookup`, `promo/redeem`. */
  promo<C extends PromoCall>(call: C, payload: Record<string, string>): Promise<ActionResult<z.output<(typeof promoAnswers)[C]>>>;
  /** `staff/day`, `staff/confirm`, `decline`, `arrived`, `noshow`, `cancel` (docs/backend-contract.md, "The venue's answers"); a backend without them answers `unknownCall`. */
  staff<C extends StaffCall>(call: C, payload: Record<string, string>): Promise<ActionResult<z.output<(typeof staffAnswers)[C]>>>;
  /**
   * The signed link pages' calls (docs/backend-contract.md, "Link pages"): `reservation/reminder`,
   * `reservation/confirmreminder`, `waitlist/offer`, `waitlist/claim`, `payment/feelink`,
   * `payment/feeauthenticate`, `answerlink/get`, `answerlink/answer`. The backend checks the link.
   */
  links<C extends LinkCall>(call: C, payload: Record<string, string>): Promise<ActionResult<z.output<(typeof linkAnswers)[C]>>>;
  /** The experience booking calls of spec section 7 (`getsingleexperience` ... `createexperiencereserve`). */
  experience<C extends ExperienceBookingCall>(call: C, payload: Record<string, string>): Promise<ActionResult<ExperienceBookingAnswer<C>>>;
  /** `experience/startpayment` and `payment/confirmlocaldeposit` (docs/backend-contract.md, additions). */
  experiencePayment<C extends ExperiencePaymentCall>(call: C, payload: Record<string, string>): Promise<ActionResult<z.output<(typeof experiencePaymentAnswers)[C]>>>;
}

/** At most this many pages of `getexperiencelist` are read (a guard against a backend that never ends). */
export const MAX_EXPERIENCE_PAGES = 20;

const FAILED = { status: 'failed' } as const;
const unavailable = { status: false, error: UNAVAILABLE, fieldErrors: {} } as const;

export function createBackendClient(transport: Transport, label: string): BackendClient {
  /** Spec section 7: a failed data-loading call reads as empty or null. Each failure is logged once, here. */
  async function load<S extends z.ZodType>(call: string, schema: S, payload?: Record<string, string>): Promise<Loaded<z.output<S>>>;
  async function load<S extends z.ZodType>(call: string, schema: S, payload: Record<string, string>, withNotFound: true): Promise<Loaded<z.output<S>> | { status: 'notFound' }>;
  async function load<S extends z.ZodType>(call: string, schema: S, payload?: Record<string, string>, withNotFound = false): Promise<Loaded<z.output<S>> | { status: 'notFound' }> {
    let raw: unknown;
    try {
      raw = await transport(call, payload);
    } catch (error) {
      log.warn('backend_call_failed', { backend: label, call, error: errorMessage(error) });
      return FAILED;
    }
    const body = answerSchema.safeParse(raw);
    if (!body.success) {
      log.warn('backend_bad_response', { backend: label, call });
      return FAILED;
    }
    if (!body.data.status) {
      if (body.data.error === 'venueNotFound') return { status: 'unknownVenue' };
      // The backend's answer that it has no such item (a promotion) is not a failure: the page is a 404.
      if (withNotFound && body.data.error === 'notFound') return { status: 'notFound' };
      log.warn('backend_status_false', { backend: label, call, error: body.data.error });
      return FAILED;
    }
    const data = schema.safeParse(body.data.data);
    if (!data.success) {
      log.warn('backend_bad_response', { backend: label, call, issue: data.error.issues[0]?.path.join('.') });
      return FAILED;
    }
    return { status: 'ok', data: data.data };
  }

  /**
   * A call that changes something. The backend's refusals (`status: false`) pass through
   * with their error code; a backend that cannot be reached, or whose answer does not fit
   * the call's schema, reads as `unavailable`, so nothing malformed reaches the browser.
   */
  async function act<S extends z.ZodType>(call: string, payload: Record<string, string>, schema: S): Promise<ActionResult<z.output<S>>> {
    let raw: unknown;
    try {
      raw = await transport(call, payload);
    } catch (error) {
      log.error('backend_call_failed', { backend: label, call, error: errorMessage(error) });
      return unavailable;
    }
    const body = answerSchema.safeParse(raw);
    if (!body.success) {
      log.error('backend_bad_response', { backend: label, call });
      return unavailable;
    }
    if (!body.data.status) {
      // A refusal by an abuse limit (`rateLimited`) says when to try again: `data.retryAfter`, seconds.
      const { retryAfter, limit } = (body.data.data ?? {}) as { retryAfter?: unknown; limit?: unknown };
      return {
        status: false,
        error: body.data.error || 'generic',
        fieldErrors: body.data.fieldErrors ?? {},
        ...(typeof retryAfter === 'number' && retryAfter > 0 ? { retryAfter: Math.ceil(retryAfter) } : {}),
        ...(typeof limit === 'string' ? { limit } : {}),
      };
    }
    const data = schema.safeParse(body.data.data);
    if (!data.success) {
      log.error('backend_bad_response', { backend: label, call, issue: data.error.issues[0]?.path.join('.') });
      return unavailable;
    }
    return { status: true, data: data.data };
  }

  // Each call's schema is looked up by its name, so the generic signatures hold by construction.
  const reservation = (call: ReservationCall, payload: Record<string, string>) => act(`reservation/${call}`, payload, reservationAnswers[call]);
  const giftcard = (call: GiftcardCall, payload: Record<string, string>) => act(`giftcard/${call}`, payload, giftcardAnswers[call]);
  const promo = (call: PromoCall, payload: Record<string, string>) => act(call, payload, promoAnswers[call]);
  const staff = (call: StaffCall, payload: Record<string, string>) => act(call, payload, staffAnswers[call]);
  const links = (call: LinkCall, payload: Record<string, string>) => act(call, payload, linkAnswers[call]);
  const experienceDays = (call: ExperienceDayCall, payload: Record<string, string>) => act(`experience/${call}`, payload, experienceDayAnswers[call]);
  const experience = (call: ExperienceBookingCall, payload: Record<string, string>) => act(`experience/${call}`, payload, experienceBookingAnswers[call]);
  const experiencePayment = (call: ExperiencePaymentCall, payload: Record<string, string>) =>
    act(call === 'startpayment' ? 'experience/startpayment' : `payment/${call}`, payload, experiencePaymentAnswers[call]);

  /**
   * `getexperiencelist`, every page: a backend that answers `{elenco, pagine, totale}` with
   * more than one page is asked for the others with `{page: n}` (pages count from 1); a page
   * that fails makes the whole list fail, so a partial list is never cached as the list.
   */
  async function getExperienceList(): Promise<Loaded<ExperienceList>> {
    const first = await load('experience/getexperiencelist', experienceListSchema);
    if (first.status !== 'ok' || first.data.pagine <= 1) return first;
    const pages = Math.min(first.data.pagine, MAX_EXPERIENCE_PAGES);
    const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => load('experience/getexperiencelist', experienceListSchema, { page: String(i + 2) })));
    const failed = rest.find((r) => r.status !== 'ok');
    if (failed) return failed;
    const seen = new Set<string>();
    const elenco = [first, ...rest]
      .flatMap((r) => (r.status === 'ok' ? r.data.elenco : []))
      .filter((e) => {
        const key = e.hash || String(e.id);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    return { status: 'ok', data: { elenco, pagine: first.data.pagine, totale: Math.max(first.data.totale, elenco.length) } };
  }

  return {
    subscribeFidelity: (payload) => act('fidelity/subscribe', payload, fidelityAnswers['fidelity/subscribe']),
    lookupFidelity: (payload) => act('fidelity/lookup', payload, fidelityAnswers['fidelity/lookup']),
    reservation: reservation as BackendClient['reservation'],
    payment: (call, payload) => act(`payment/${call}`, payload, paymentAnswers[call]),
    experienceDays: experienceDays as BackendClient['experienceDays'],
    giftcard: giftcard as BackendClient['giftcard'],
    getGiftcards: () => load('giftcard/getlist', giftcardListSchema),
    promo: promo as BackendClient['promo'],
    staff: staff as BackendClient['staff'],
    links: links as BackendClient['links'],
    getPromo: (urlName) => load('promo/getpromo', promoSchema, { urlName }, true),
    experience: experience as BackendClient['experience'],
    experiencePayment: experiencePayment as BackendClient['experiencePayment'],
    getLocation: () => load('location/getlocation', locationSchema),
    getAllServices: async () => {
      const loaded = await load('services/getallservices', servicesSchema);
      return loaded.status === 'ok' ? { status: 'ok', data: loaded.data.prefixList } : loaded;
    },
    getExperienceList,
  };
}
