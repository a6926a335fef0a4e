import 'server-only';
import { fieldErrors } from '@/lib/forms/fields';
import { dayQuerySchema as dayQuery, monthQuerySchema as monthQuery } from '@/lib/forms/reservation';
import type { CallContext, Envelope } from '@/server/backend/call';
import { isAddOn } from '@/server/experiences/rules';
import { calendarExperiences, experienceMonth, offeredOn } from '@/server/experiences/core';

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
  const list = offeredOn(ctx.venue.setup.rules, await calendarExperiences(ctx.db, ctx.venue), q.data.day, q.data.pax);
  return {
    status: true,
    data: list
      .sort((a, b) => a.sort - b.sort)
      .map((e) => ({ hash: e.hash, titolo: e.title, descrizione: e.description, orari: e.times, prezzo: e.priceCents / 100, numOspitiMin: e.minGuests, numOspitiMax: e.maxGuests, aggiungibile: isAddOn(e) ? 1 : 0 })),
  };
}
