import 'server-only';
import { fieldErrors } from '@/lib/forms/fields';
import { dayQuerySchema as dayQuery, monthQuerySchema as monthQuery } from '@/lib/forms/reservation';
import type { CallContext, Envelope } from '@/server/backend/call';
import { experienceDay, experienceMonth } from '@/server/experiences/core';

/**
 * `experience/getesperienzemonth` `{month, year, pax}` (spec section 7): `data`, the days of
 * the month (from today) on which the party can book an experience, `[{date, esperienze: [hash]}]`.
 */
export async function getExperienceMonth(ctx: CallContext): Promise<Envelope> {
  const q = monthQuery.safeParse(Object.fromEntries(ctx.params.entries()));
  if (!q.success) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: fieldErrors(q.error) };
  return experienceMonth(ctx.db, ctx.venue, { year: q.data.year, month: q.data.month, partySize: q.data.pax });
}

/**
 * `experience/getesperienzeday` `{day, pax}`: `data`, the experiences of that day for the
 * party, `[{hash, titolo, descrizione, orari, prezzo, numOspitiMin, numOspitiMax}]`.
 */
export async function getExperienceDay(ctx: CallContext): Promise<Envelope> {
  const q = dayQuery.safeParse(Object.fromEntries(ctx.params.entries()));
  if (!q.success) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: fieldErrors(q.error) };
  const day = await experienceDay(ctx.db, ctx.venue, { date: q.data.day, partySize: q.data.pax });
  // The wire's flag is 1 or 0.
  return day.status ? { status: true, data: day.data.map((e) => ({ ...e, aggiungibile: e.aggiungibile ? 1 : 0 })) } : day;
}
