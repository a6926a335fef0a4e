import 'server-only';
import type { ActionResult, Loaded, Transport } from '@/lib/backend/client';
import { UNAVAILABLE } from '@/lib/backend/client';
import { bookedTableOf, formFields, tableBookingOf, wireSubmit, type TableDoor } from '@/lib/backend/tables';
import type { z } from 'zod';
import { readTokens } from '@/lib/botcheck';
import type { Envelope } from '@/server/backend/call';
import type { ReservationAnswer } from '@/lib/contract/reservation';
import type { ExperienceBookingAnswer } from '@/lib/contract/experience-booking';
import { bookedExperienceOf, dayOfferOf, experienceBookingOf, experienceListOf, experiencePayload, listedExperienceOf, fieldOf, type ExperienceDoor, type StoredDayOffer, type StoredField } from '@/lib/backend/experiences';
import { experienceByHash, experienceList } from '@/server/experiences/list';
import { locationOf, type VenueDoor } from '@/lib/backend/venue';
import { venueLocation } from '@/server/venues/location';
import { experienceBookingSchema } from '@/lib/forms/experience';
import {
  experienceBooking,
  experienceCancel,
  experienceConfirmLocalDeposit,
  experienceCreate,
  experienceDay,
  experienceDays,
  experienceEdit,
  experienceFields,
  experienceMonth,
  experienceStartPayment,
  experienceTimes,
} from '@/server/experiences/core';
import { claimFor, idempotent } from '@/server/backend/idempotency';
import { errorMessage, log } from '@/lib/log';
import { dispatch } from '@/server/backend/dispatch';
import { getDb } from '@/server/db/client';
import type { Db } from '@/server/db/types';
import { venueContext, type VenueContext } from '@/server/venues/context';
import { observedCall } from '@/server/observability/observe';
import { tableBooking, tableCancel, tableCodeStatus, tableConfirmLocalCard, tableCreate, tableDay, tableEdit, tableGuarantee, tableHold, tableMonth, tableRelease, tableResendCode, tableVerifyCode, type Outcome, type Refusal } from '@/server/booking/core';
import { reservationSchema } from '@/lib/forms/reservation';
import type { GuestLinkDoor } from '@/lib/backend/links';
import { tableAnswerReminder, tableClaimOffer, tableOffer, tableReminder } from '@/server/booking/links-core';
import { authenticateFee, feeLink } from '@/server/payments/fee-core';
import { fieldErrors } from '@/lib/forms/fields';

/**
 * The built-in backend called in-process, through the same dispatcher as its HTTP route.
 * A 5xx answer throws, as it does over HTTP (legacy.ts), so both read it as a failed call.
 */
export function builtinTransport(venueKey: string): Transport {
  return async (call, payload = {}) => {
    const { httpStatus, body } = await dispatch(call, venueKey, new URLSearchParams(payload));
    if (httpStatus >= 500) throw new Error(`HTTP ${httpStatus}`);
    return body;
  };
}

/**
 * A core answer (or a contract envelope, for what the door keeps above the core: an idempotency
 * key's replay) as the pages read a call's: a refusal keeps its code, field errors and (past a
 * limit) when to try again.
 */
function asResult<T>(outcome: Outcome<T> | Envelope): ActionResult<T> {
  if (outcome.status) return { status: true, data: outcome.data as T };
  const { retryAfter, limit } = (outcome.data ?? {}) as { retryAfter?: unknown; limit?: unknown };
  return {
    status: false,
    error: outcome.error || 'generic',
    fieldErrors: outcome.fieldErrors ?? {},
    ...(typeof retryAfter === 'number' && retryAfter > 0 ? { retryAfter: Math.ceil(retryAfter) } : {}),
    ...(typeof limit === 'string' ? { limit } : {}),
  };
}

/** A core answer with its data read by `read` (a refusal unchanged): the doors' one reading of a view (lib/backend). */
const reading =
  <T, U>(read: (data: T) => U) =>
  (outcome: Outcome<T>): Outcome<U> =>
    outcome.status ? { status: true, data: read(outcome.data) } : outcome;

/** A data-loading call's answer as a page reads it: its data, the unknown venue, or failed. */
export const loaded = <T>(result: ActionResult<T>): Loaded<T> => (result.status ? { status: 'ok', data: result.data } : result.error === 'venueNotFound' ? { status: 'unknownVenue' } : { status: 'failed' });

/** The form's rule refused its values: a 400 with a message key per field. */
export const invalidForm = (error: z.ZodError): Refusal => ({ status: false, httpStatus: 400, error: 'invalid', fieldErrors: fieldErrors(error) });

/**
 * A door's call on the built-in backend (issue 42): the core called directly on the venue the
 * request resolved (server/venues/context.ts), nothing serialised; observed as the contract's
 * call of the same name. An error the core does not refuse reads as `unavailable`, as a 5xx does.
 */
export function coreRunner(venueKey: string) {
  return async <T>(call: string, core: (db: Db, venue: VenueContext) => Promise<Outcome<T> | Envelope>): Promise<ActionResult<T>> => {
    const answered = await observedCall(call, async () => {
      try {
        const db = await getDb();
        const venue = await venueContext(db, venueKey);
        if (!venue) return { httpStatus: 404, result: { status: false, error: 'venueNotFound', fieldErrors: {} } as ActionResult<T> };
        const outcome = await core(db, venue);
        return { httpStatus: (outcome as Envelope).httpStatus ?? 200, result: asResult<T>(outcome) };
      } catch (error) {
        log.error('backend_call_error', { call, venue: venueKey, error: errorMessage(error) });
        return { httpStatus: 500, result: { status: false, error: UNAVAILABLE, fieldErrors: {} } as ActionResult<T> };
      }
    });
    return answered.result;
  };
}

/** The table door of the built-in backend: its core (server/booking/core.ts), called directly. */
export function builtinTables(venueKey: string): TableDoor {
  const run = coreRunner(venueKey);
  return {
    month: (q) => run('reservation/getmonth', (db, venue) => tableMonth(db, venue, q)),
    day: (q) => run('reservation/getday', (db, venue) => tableDay(db, venue, q)),
    booking: (hash) => run('reservation/get', async (db, venue) => reading(bookedTableOf)(await tableBooking(db, venue, hash))),
    codeStatus: (hash) => run('reservation/codestatus', (db, venue) => tableCodeStatus(db, venue, hash)),
    cancel: (hash) => run('reservation/cancel', (db, venue) => tableCancel(db, venue, hash, venueKey)),
    verifyCode: (input) => run('reservation/verifycode', (db, venue) => tableVerifyCode(db, venue, input, venueKey)),
    resendCode: (hash) => run('reservation/resendcode', (db, venue) => tableResendCode(db, venue, hash)),
    edit: (hash, values) =>
      run('reservation/edit', async (db, venue) => {
        // The form's rule, as the contract's adapter applies it to the wire's fields (server/booking/calls.ts).
        const q = reservationSchema.safeParse(formFields(values));
        return q.success ? tableEdit(db, venue, hash, tableBookingOf(q.data), venueKey) : invalidForm(q.error);
      }),
    hold: (h) => run('reservation/hold', (db, venue) => tableHold(db, venue, h)),
    release: (holdToken) => run('reservation/release', (db, venue) => tableRelease(db, venue, holdToken)),
    guarantee: (g) => run('reservation/guarantee', (db, venue) => tableGuarantee(db, venue, g)),
    confirmLocalCard: (card) => run('payment/confirmlocal', (db) => tableConfirmLocalCard(db, card)),
    create: (values, submit) =>
      run<ReservationAnswer<'create'>>('reservation/create', async (db, venue) => {
        // The fields as the contract's adapter reads them (server/booking/calls.ts): the form's rule, the
        // bot check's tokens, and the idempotency key over the same fingerprint, so a retry is the first booking.
        const form = wireSubmit(values, submit);
        const q = reservationSchema.safeParse(form);
        if (!q.success) return invalidForm(q.error);
        return idempotent(db, claimFor(venue.id, 'reservation/create', form.idempotencyKey, form), (keeper) =>
          tableCreate(db, venue, tableBookingOf(q.data), { ...submit, bot: readTokens(form), linkHost: venueKey, keep: keeper.keep, keepWrite: keeper.keepWrite }),
        );
      }),
  };
}

/** The experience door of the built-in backend: its core (server/experiences/core.ts), called directly. */
export function builtinExperiences(venueKey: string): ExperienceDoor {
  const run = coreRunner(venueKey);
  return {
    list: async () => loaded(await run('experience/getexperiencelist', async (db, venue) => ({ status: true, data: experienceListOf(await experienceList(db, venue)) }))),
    byHash: (hash) => run('experience/getsingleexperiencebyhash', async (db, venue) => reading(listedExperienceOf)(await experienceByHash(db, venue, hash))),
    month: (q) => run('experience/getesperienzemonth', (db, venue) => experienceMonth(db, venue, q)),
    day: (q) => run('experience/getesperienzeday', async (db, venue) => reading((offers: StoredDayOffer[]) => offers.map(dayOfferOf))(await experienceDay(db, venue, q))),
    days: (q) => run('experience/availabledays', (db, venue) => experienceDays(db, venue, q)),
    times: (q) => run('experience/getavailabletimes', (db, venue) => experienceTimes(db, venue, q)),
    fields: (q) => run('experience/getadditionalfields', async (db, venue) => reading((fields: StoredField[]) => fields.map(fieldOf))(await experienceFields(db, venue, q))),
    booking: (hash) => run('experience/getreserve', async (db, venue) => reading(bookedExperienceOf)(await experienceBooking(db, venue, hash))),
    startPayment: (p) => run('experience/startpayment', (db, venue) => experienceStartPayment(db, venue, p)),
    confirmLocalDeposit: (card) => run('payment/confirmlocaldeposit', (db) => experienceConfirmLocalDeposit(db, card)),
    // The moves' and cancels' e-mails link to the venue's own host, as the contract's adapter's do.
    edit: (hash, change) => run('experience/editreserve', (db, venue) => experienceEdit(db, venue, hash, change, venueKey)),
    cancel: (hash) => run('experience/cancelreserve', (db, venue) => experienceCancel(db, venue, hash, venueKey)),
    create: (values, submit) =>
      run<ExperienceBookingAnswer<'createexperiencereserve'>>('experience/createexperiencereserve', async (db, venue) => {
        // The payload as the contract's adapter reads it (server/experiences/calls-booking.ts): the form's rule,
        // and the idempotency key over the same fingerprint, so a retry is the first booking.
        const payload = experiencePayload(values, submit);
        const q = experienceBookingSchema.safeParse(payload);
        if (!q.success) return invalidForm(q.error);
        const v2 = submit.tokens.recaptchaV2Token || undefined;
        return idempotent(db, claimFor(venue.id, 'experience/createexperiencereserve', submit.idempotencyKey, payload), (keeper) =>
          experienceCreate(db, venue, experienceBookingOf(q.data), {
            locale: submit.locale,
            partner: submit.partner,
            source: submit.source,
            bot: v2 ? { version: 'v2', token: v2 } : { version: 'v3', token: submit.tokens.recaptchaV3Token || undefined },
            clientAddress: submit.clientAddress,
            linkHost: venueKey,
            keep: keeper.keep,
            keepWrite: keeper.keepWrite,
          }),
        );
      }),
  };
}

/** The guest's link pages' door of the built-in backend: their core (server/booking/links-core.ts, server/payments/fee-core.ts), called directly. */
export function builtinGuestLinks(venueKey: string): GuestLinkDoor {
  const run = coreRunner(venueKey);
  return {
    reminder: (link) => run('reservation/reminder', (db, venue) => tableReminder(db, venue, link)),
    // The answer's e-mails link to the venue's own host, as the contract's adapter's do.
    answerReminder: (link, answer) => run('reservation/confirmreminder', (db, venue) => tableAnswerReminder(db, venue, link, answer, venueKey)),
    offer: (link) => run('waitlist/offer', (db, venue) => tableOffer(db, venue, link)),
    claimOffer: (link) => run('waitlist/claim', (db, venue) => tableClaimOffer(db, venue, link, venueKey)),
    fee: (link) => run('payment/feelink', (db, venue) => feeLink(db, venue, link)),
    authenticateFee: (link, approve) => run('payment/feeauthenticate', (db, venue) => authenticateFee(db, venue, link, approve)),
  };
}

/** The venue's door of the built-in backend: its core (server/venues/location.ts), called directly. */
export function builtinVenue(venueKey: string): VenueDoor {
  const run = coreRunner(venueKey);
  return {
    location: async () => loaded(await run('location/getlocation', async (db, venue) => ({ status: true, data: locationOf(await venueLocation(db, venue, null)) }))),
  };
}
