import 'server-only';
import { and, eq } from 'drizzle-orm';
import { experiences } from '@/server/db/schema';
import { addDays, experienceOffersDay } from '@/server/booking/availability';
import { bookingRulesSchema, type BookingRules } from '@/server/booking/rules';
import { localMoment } from '@/server/booking/time';
import { fieldErrors } from '@/lib/forms/fields';
import { dayQuerySchema as dayQuery, monthQuerySchema as monthQuery } from '@/lib/forms/reservation';
import type { CallContext, Envelope } from '@/server/backend/call';
import { isAddOn, type ScheduledExperience } from '@/server/experiences/rules';
import { withVenueWeekdays } from '@/server/experiences/service';
import { now as clockNow } from '@/server/clock';

/** The experiences in the calendar: active and visible. */
const calendarRows = ({ db, venue }: CallContext) =>
  db
    .select(withVenueWeekdays)
    .from(experiences)
    .where(and(eq(experiences.venueId, venue.id), eq(experiences.active, true), eq(experiences.visible, true), eq(experiences.calendar, true)));

/** Of the calendar's experiences, those a party can book on a date: on one of their days, for that many guests, on a day the venue opens. */
function offeredOn(rules: BookingRules, rows: ScheduledExperience[], date: string, pax: number) {
  return rows.filter((e) => experienceOffersDay(e, rules, e.venueWeekdays, date) && pax >= e.minGuests && pax <= e.maxGuests);
}

/**
 * `experience/getesperienzemonth` `{month, year, pax}` (spec section 7): `data`, the days of
 * the month (from today) on which the party can book an experience, `[{date, esperienze: [hash]}]`.
 */
export async function getExperienceMonth(ctx: CallContext): Promise<Envelope> {
  const q = monthQuery.safeParse(Object.fromEntries(ctx.params.entries()));
  if (!q.success) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: fieldErrors(q.error) };
  const first = `${q.data.year}-${String(q.data.month).padStart(2, '0')}-01`;
  const days = new Date(Date.UTC(q.data.year, q.data.month, 0)).getUTCDate();
  const today = localMoment(ctx.venue.timezone, clockNow()).date;
  const out: { date: string; esperienze: string[] }[] = [];
  // One read of the calendar for the whole month, whatever the number of days and experiences (issue 42).
  const rows = await calendarRows(ctx);
  const rules = bookingRulesSchema.parse(ctx.venue.booking ?? undefined);
  for (let i = 0; i < days; i++) {
    const date = addDays(first, i);
    if (date < today) continue;
    const list = offeredOn(rules, rows, date, q.data.pax);
    if (list.length) out.push({ date, esperienze: list.map((e) => e.hash) });
  }
  return { status: true, data: out };
}

/**
 * `experience/getesperienzeday` `{day, pax}`: `data`, the experiences of that day for the
 * party, `[{hash, titolo, descrizione, orari, prezzo, numOspitiMin, numOspitiMax}]`.
 */
export async function getExperienceDay(ctx: CallContext): Promise<Envelope> {
  const q = dayQuery.safeParse(Object.fromEntries(ctx.params.entries()));
  if (!q.success) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: fieldErrors(q.error) };
  const list = offeredOn(bookingRulesSchema.parse(ctx.venue.booking ?? undefined), await calendarRows(ctx), q.data.day, q.data.pax);
  return {
    status: true,
    data: list
      .sort((a, b) => a.sort - b.sort)
      .map((e) => ({ hash: e.hash, titolo: e.title, descrizione: e.description, orari: e.times, prezzo: e.priceCents / 100, numOspitiMin: e.minGuests, numOspitiMax: e.maxGuests, aggiungibile: isAddOn(e) ? 1 : 0 })),
  };
}
