import 'server-only';
import { bookingRefusal, tableBooking, tableCancel, tableCodeStatus, tableConfirmLocalCard, tableCreate, tableDay, tableEdit, tableGuarantee, tableHold, tableMonth, tableRelease, tableResendCode, tableVerifyCode } from './core';
import { fieldErrors } from '@/lib/forms/fields';
import { calendarDaySchema, calendarMonthSchema, guaranteeChoiceSchema, localCardSchema, smsCodeOf, reservationSchema, tableChoiceSchema } from '@/lib/forms/reservation';
import { tableBookingOf } from '@/lib/backend/tables';
import { toLocale } from '@/lib/i18n/locales';
import { toBookingSource } from '@/lib/booking/source';
import { readTokens } from '@/lib/botcheck';
import type { CallContext, Envelope } from '@/server/backend/call';
import { fields, invalid, refusing } from '../backend/answers';
import { claimOf, idempotent } from '../backend/idempotency';

/** Bad input, in any call, is a 400 with a message key; never a 500 (server/booking/core.ts). */
const guarded = (run: () => Promise<Envelope>) => refusing(run, bookingRefusal);


/** `reservation/getmonth` `{year, month, pax, reservemodule?, hash?}` → `[{date, state}]`: the wire read, then the core. */
export async function getReservationMonth({ db, venue, params }: CallContext): Promise<Envelope> {
  const q = calendarMonthSchema.safeParse(fields(params));
  if (!q.success) return invalid(fieldErrors(q.error));
  return tableMonth(db, venue, q.data);
}

/** `reservation/getday` `{day, pax, reservemodule?, hash?}` → `{date, state, condition?, waitingList, slots}`. */
export async function getReservationDay({ db, venue, params }: CallContext): Promise<Envelope> {
  const q = calendarDaySchema.safeParse(fields(params));
  if (!q.success) return invalid(fieldErrors(q.error));
  return tableDay(db, venue, q.data);
}

/**
 * `reservation/hold` `{date, time, pax, zone, reservemodule?, holdToken?, remoteIp?}` → `{holdToken, expiresAt}` or `status: false`
 * with the condition, or `rateLimited` (429, `data: {limit, retryAfter}`) past the live holds or held covers of `remoteIp`.
 */
export function holdReservationSlot({ db, venue, params }: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = tableChoiceSchema.safeParse(fields(params));
    if (!q.success) return invalid(fieldErrors(q.error));
    return tableHold(db, venue, { ...q.data, replaceToken: params.get('holdToken') || undefined, clientAddress: params.get('remoteIp') || undefined, editing: params.get('hash') || undefined });
  });
}

/** `reservation/release` `{holdToken}`: gives held seats back at once. */
export const releaseReservationSlot = ({ db, venue, params }: CallContext): Promise<Envelope> => tableRelease(db, venue, params.get('holdToken') || undefined);

/** `reservation/create`: see docs/backend-contract.md; with `idempotencyKey`, a retry answers the first booking (docs: "Idempotency"). */
export function createTableReservation({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = reservationSchema.safeParse(fields(params));
    if (!q.success) return invalid(fieldErrors(q.error));
    return idempotent(db, claimOf(venue.id, 'reservation/create', params, fields(params)), (keeper) =>
      tableCreate(db, venue, tableBookingOf(q.data), {
        locale: toLocale(params.get('language')),
        partner: params.get('partner') === '1',
        clientAddress: params.get('remoteIp') || undefined,
        source: toBookingSource(params.get('source')),
        bot: readTokens(params),
        linkHost,
        keep: keeper.keep,
        keepWrite: keeper.keepWrite,
      }),
    );
  });
}

/**
 * `reservation/guarantee` `{pax, date, time, zone, reservemodule?, email?, holdToken?}` → `{required: false}`,
 * or the terms (policy, fee) and a new card setup: `{required, terms, payment, reference, clientSecret}`.
 */
export function startGuarantee({ db, venue, params }: CallContext): Promise<Envelope> {
  const q = guaranteeChoiceSchema.safeParse(fields(params));
  if (!q.success) return Promise.resolve(invalid(fieldErrors(q.error)));
  return tableGuarantee(db, venue, q.data);
}

/**
 * `payment/confirmlocal` `{reference, clientSecret, cardNumber}`: the local test provider's card
 * form. Answers the setup's status like Stripe.js does; its signed webhook is applied too.
 */
export function confirmLocalCard({ db, params }: CallContext): Promise<Envelope> {
  const q = localCardSchema.safeParse(fields(params));
  if (!q.success) return Promise.resolve(invalid(fieldErrors(q.error)));
  return tableConfirmLocalCard(db, q.data);
}

/** `reservation/verifycode` `{hash, code, remoteIp}` → `{outcome}`: `confirm`, `accept`, `suspendedError`, or `codeWrong` with `attemptsLeft`. */
export async function verifyReservationCode({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  const q = smsCodeOf(fields(params));
  if (!q) return invalid({ code: 'codeInvalid' });
  return tableVerifyCode(db, venue, { ...q, clientAddress: params.get('remoteIp') || undefined }, linkHost);
}

/** `reservation/resendcode` `{hash}` → `{expiresAt}`, or `resendTooSoon` / `resendLimit` (429). */
export const resendReservationCode = ({ db, venue, params }: CallContext): Promise<Envelope> => tableResendCode(db, venue, params.get('hash') ?? '');

/** `reservation/codestatus` `{hash}`: the SMS step's state (status, phone ending, expiry, attempts left). */
export const reservationCodeStatus = ({ db, venue, params }: CallContext): Promise<Envelope> => tableCodeStatus(db, venue, params.get('hash') ?? '');

/** `reservation/get` `{hash}`: the booking, for its edit and cancel pages. */
export const getReservation = ({ db, venue, params }: CallContext): Promise<Envelope> => tableBooking(db, venue, params.get('hash') ?? '');

/** `reservation/edit` `{hash, ...the create fields}` → `{outcome: 'changed'}` or a `reserveEdit*Error`. */
export async function editTableReservation({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  const q = reservationSchema.safeParse(fields(params));
  if (!q.success) return invalid(fieldErrors(q.error));
  return tableEdit(db, venue, params.get('hash') ?? '', tableBookingOf(q.data), linkHost);
}

/** `reservation/cancel` `{hash}` → `{outcome: 'cancelled', feeCents}`. */
export const cancelTableReservation = ({ db, venue, params, linkHost }: CallContext): Promise<Envelope> => tableCancel(db, venue, params.get('hash') ?? '', linkHost);
