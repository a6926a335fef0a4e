import { z } from 'zod';
import { fieldErrors } from '@/lib/forms/fidelity';
import { reservationChoiceSchema, reservationSchema } from '@/lib/forms/reservation';
import { toLocale } from '@/lib/i18n/locales';
import { BookingError, createReservation, getDay, getMonth, holdSlot, releaseHold } from '@/server/booking/service';
import type { CallContext, Envelope } from '../dispatch';

const fields = (params: URLSearchParams) => Object.fromEntries(params.entries());
const invalid = (errors: Record<string, string>, error = 'invalid'): Envelope => ({ httpStatus: 400, status: false, error, fieldErrors: errors });

/** Bad input, in any call, is a 400 with a message key; never a 500. */
async function guarded(run: () => Promise<Envelope>): Promise<Envelope> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BookingError) return invalid(error.field ? { [error.field]: error.code } : {}, error.code);
    throw error;
  }
}

const int = z.coerce.number().int();
const monthQuery = z.object({ year: int.min(2000).max(2100), month: int.min(1).max(12), pax: int.min(1).max(500), reservemodule: z.string().optional() });
const dayQuery = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), pax: int.min(1).max(500), reservemodule: z.string().optional() });

/** `reservation/getmonth` `{year, month, pax, reservemodule?}` → `[{date, state}]`. */
export function getReservationMonth({ db, venue, params }: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = monthQuery.safeParse(fields(params));
    if (!q.success) return invalid(fieldErrors(q.error));
    return { status: true, data: await getMonth(db, venue, { ...q.data, module: q.data.reservemodule || undefined }) };
  });
}

/** `reservation/getday` `{day, pax, reservemodule?}` → `{date, state, condition?, waitingList, slots}`. */
export function getReservationDay({ db, venue, params }: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = dayQuery.safeParse(fields(params));
    if (!q.success) return invalid(fieldErrors(q.error));
    return { status: true, data: await getDay(db, venue, { date: q.data.day, pax: q.data.pax, module: q.data.reservemodule || undefined }) };
  });
}

/** `reservation/hold` `{date, time, pax, zone, reservemodule?, holdToken?}` → `{holdToken, expiresAt}` or `status: false` with the condition. */
export function holdReservationSlot({ db, venue, params }: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = reservationChoiceSchema.safeParse(fields(params));
    if (!q.success) return invalid(fieldErrors(q.error));
    const result = await holdSlot(db, venue, { ...q.data, module: q.data.reservemodule, replaceToken: params.get('holdToken') || undefined });
    if ('condition' in result) return { status: false, error: result.condition };
    return { status: true, data: { holdToken: result.token, expiresAt: result.expiresAt.toISOString() } };
  });
}

/** `reservation/release` `{holdToken}`: gives held seats back at once. */
export async function releaseReservationSlot({ db, venue, params }: CallContext): Promise<Envelope> {
  const token = params.get('holdToken');
  if (token) await releaseHold(db, venue, token);
  return { status: true, data: null };
}

/** `reservation/create`: see docs/backend-contract.md. */
export function createTableReservation({ db, venue, params, venueKey }: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = reservationSchema.safeParse(fields(params));
    if (!q.success) return invalid(fieldErrors(q.error));
    const result = await createReservation(db, venue, q.data, { locale: toLocale(params.get('language')), partner: params.get('partner') === '1', host: venueKey });
    if (result.outcome === 'soldOut') return { status: false, error: 'soldOut' };
    return { status: true, data: { outcome: result.outcome, hash: result.hash } };
  });
}
