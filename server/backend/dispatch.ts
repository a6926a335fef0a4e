import 'server-only';
import { getDb } from '@/server/db/client';
import type { CallContext, Envelope } from './call';
import { venueContext } from '@/server/venues/context';
import { errorMessage, log } from '@/lib/log';
import { observedCall } from '@/server/observability/observe';
import { getLocation } from '@/server/venues/calls-location';
import { getAllServices } from '@/server/venues/calls-services';
import { getExperienceList } from '@/server/experiences/calls';
import { lookupFidelity, subscribeFidelity } from '@/server/fidelity/calls';
import { getPromoCode, resendPromoCode, getPromotion, lookupPromoCode, redeemPromoCode, requestPromoCode } from '@/server/promo/calls';
import { getExperienceDay, getExperienceMonth } from '@/server/experiences/calls-days';
import {
  confirmLocalDepositCall,
  createExperienceReserve,
  getAdditionalFields,
  getAvailableDays,
  getAvailableTimes,
  getSingleExperience,
  getSingleExperienceByHash,
  startExperiencePayment,
} from '@/server/experiences/calls-booking';
import { cancelExperienceReserve, editExperienceReserve, getExperienceReserve } from '@/server/experiences/calls-changes';
import {
  cancelTableReservation,
  confirmLocalCard,
  createTableReservation,
  editTableReservation,
  getReservation,
  getReservationDay,
  getReservationMonth,
  holdReservationSlot,
  releaseReservationSlot,
  reservationCodeStatus,
  resendReservationCode,
  startGuarantee,
  verifyReservationCode,
} from '@/server/booking/calls';
import { staffArrived, staffCancel, staffConfirm, staffDay, staffDecline, staffNoShow, staffOffer, staffRefundFee, staffAutoOffersCall, staffMetricsCall, staffUndo, staffSearchCall, staffWalkInCall, staffPhoneBookingCall, staffChangeCall, staffFinished, staffGuestCall, staffTableCall } from '@/server/staff/calls';
import { claimWaitlistOffer, confirmReminderLink, getReminderLink, getWaitlistOffer } from '@/server/booking/calls-links';
import { authenticateFeeLink, getFeeLink } from '@/server/payments/calls-fee';
import { answerWithLink, getAnswerLink } from '@/server/staff/calls-links';
import { getGiftcard, getGiftcardList, giftcardBalance, giftcardCard, giftcardCheckout, giftcardCreate, giftcardLookup, giftcardOrder, giftcardPayment, giftcardRedeem } from '@/server/giftcards/calls';

/** Where a call came from, over HTTP (server/backend/http.ts). */
export type CallOrigins = { front?: string; self?: string };
type Handler = (ctx: CallContext) => Promise<Envelope>;

/**
 * Who makes a call, which decides the credential it takes over HTTP (server/backend/http.ts;
 * docs/backend-contract.md, "Venue credentials"): `guest` calls are made by a front for its
 * guests (the backend token), `venue` calls by the venue itself, its till or its staff (the
 * venue's own credential, never the backend token every front holds). By rule: every `staff/*`
 * call is the venue's by its path, whatever its entry says; a venue call elsewhere is declared
 * where it is named below, `venueSide(handler)`. tests/integration/contract-audience.pglite.test.ts
 * names the audience of every call, so a new call without a decision fails there.
 */
export type Audience = 'guest' | 'venue';
const venueHandlers = new WeakSet<Handler>();
const venueSide = (handler: Handler): Handler => {
  const declared: Handler = (ctx) => handler(ctx);
  venueHandlers.add(declared);
  return declared;
};

/** The built-in backend's calls, by path under /backend/api/frontpage/. docs/backend-contract.md documents each. */
const handlers: Record<string, Handler> = {
  'location/getlocation': getLocation,
  'services/getallservices': getAllServices,
  'experience/getexperiencelist': getExperienceList,
  'experience/getesperienzemonth': getExperienceMonth,
  'experience/getesperienzeday': getExperienceDay,
  'fidelity/subscribe': subscribeFidelity,
  'fidelity/lookup': lookupFidelity,
  'reservation/getmonth': getReservationMonth,
  'reservation/getday': getReservationDay,
  'reservation/hold': holdReservationSlot,
  'reservation/release': releaseReservationSlot,
  'reservation/create': createTableReservation,
  'reservation/guarantee': startGuarantee,
  'reservation/verifycode': verifyReservationCode,
  'reservation/resendcode': resendReservationCode,
  'reservation/codestatus': reservationCodeStatus,
  'reservation/get': getReservation,
  'reservation/edit': editTableReservation,
  'reservation/cancel': cancelTableReservation,
  'payment/confirmlocal': confirmLocalCard,
  'giftcard/getlist': getGiftcardList,
  'giftcard/get': getGiftcard,
  'giftcard/checkout': giftcardCheckout,
  'giftcard/payment': giftcardPayment,
  'giftcard/create': giftcardCreate,
  'giftcard/order': giftcardOrder,
  'giftcard/card': giftcardCard,
  'giftcard/lookup': venueSide(giftcardLookup),
  'giftcard/redeem': venueSide(giftcardRedeem),
  'giftcard/balance': giftcardBalance,
  'promo/getpromo': getPromotion,
  'promo/request': requestPromoCode,
  'promo/getcode': getPromoCode,
  'promo/resend': resendPromoCode,
  'promo/lookup': venueSide(lookupPromoCode),
  'promo/redeem': venueSide(redeemPromoCode),
  // Experience bookings (spec section 7; docs/backend-contract.md "Experience bookings").
  'experience/getsingleexperience': getSingleExperience,
  'experience/getsingleexperiencebyhash': getSingleExperienceByHash,
  'experience/availabledays': getAvailableDays,
  'experience/getavailabletimes': getAvailableTimes,
  'experience/getadditionalfields': getAdditionalFields,
  'experience/createexperiencereserve': createExperienceReserve,
  'experience/startpayment': startExperiencePayment,
  'experience/getreserve': getExperienceReserve,
  'experience/editreserve': editExperienceReserve,
  'experience/cancelreserve': cancelExperienceReserve,
  'payment/confirmlocaldeposit': confirmLocalDepositCall,
  // The venue's answers (issue 23; docs/backend-contract.md, "The venue's answers").
  'staff/day': staffDay,
  'staff/confirm': staffConfirm,
  'staff/decline': staffDecline,
  'staff/arrived': staffArrived,
  'staff/noshow': staffNoShow,
  'staff/cancel': staffCancel,
  'staff/refundfee': staffRefundFee,
  'staff/offer': staffOffer,
  'staff/autooffers': staffAutoOffersCall,
  'staff/metrics': staffMetricsCall,
  'staff/undo': staffUndo,
  'staff/finished': staffFinished,
  'staff/search': staffSearchCall,
  // Staff bookings (issue 44): walk-ins, bookings taken on the phone, changes from the sheet.
  'staff/walkin': staffWalkInCall,
  'staff/phonebooking': staffPhoneBookingCall,
  'staff/change': staffChangeCall,
  'staff/guest': staffGuestCall,
  'staff/table': staffTableCall,
  // The signed link pages (issue 41; docs/backend-contract.md, "Link pages"): the link's signature is their authority.
  'reservation/reminder': getReminderLink,
  'reservation/confirmreminder': confirmReminderLink,
  'waitlist/offer': getWaitlistOffer,
  'waitlist/claim': claimWaitlistOffer,
  'payment/feelink': getFeeLink,
  'payment/feeauthenticate': authenticateFeeLink,
  'answerlink/get': getAnswerLink,
  'answerlink/answer': answerWithLink,
};

export function isKnownCall(call: string): boolean {
  return Object.hasOwn(handlers, call);
}

/** Every call the built-in backend answers, by path. */
export const contractCalls = (): string[] => Object.keys(handlers);

/** A known call's audience: `venue` for every `staff/*` call and every call declared `venueSide`, else `guest`. */
export function audienceOf(call: string): Audience {
  if (call.startsWith('staff/')) return 'venue';
  return isKnownCall(call) && venueHandlers.has(handlers[call]) ? 'venue' : 'guest';
}

/**
 * A contract call answered by the built-in backend, in its span (`backend <call>`) and counted
 * by call and status (docs/observability.md); an unknown call is neither (its name is the caller's).
 */
export async function dispatch(
  call: string,
  venueKey: string,
  params: URLSearchParams,
  origins: CallOrigins = {},
): Promise<{ httpStatus: number; body: Envelope }> {
  if (!isKnownCall(call)) return { httpStatus: 404, body: { status: false, error: 'unknownCall' } };
  return observedCall(call, () => answer(call, venueKey, params, origins));
}

async function answer(call: string, venueKey: string, params: URLSearchParams, origins: CallOrigins): Promise<{ httpStatus: number; body: Envelope }> {
  // PostgreSQL text cannot hold U+0000: a field carrying one is bad input, refused before any query.
  const withNul = [...params.entries()].find(([, value]) => value.includes('\u0000'));
  if (withNul) return { httpStatus: 400, body: { status: false, error: 'invalid', fieldErrors: { [withNul[0]]: 'invalid' } } };
  try {
    const db = await getDb();
    const venue = await venueContext(db, venueKey);
    if (!venue) return { httpStatus: 404, body: { status: false, error: 'venueNotFound' } };
    const { httpStatus = 200, ...body } = await handlers[call]({ db, venue, params, venueKey, linkHost: origins.front ?? venueKey, selfOrigin: origins.self });
    return { httpStatus, body };
  } catch (error) {
    log.error('backend_call_error', { call, venue: venueKey, error: errorMessage(error) });
    return { httpStatus: 500, body: { status: false, error: 'generic' } };
  }
}
