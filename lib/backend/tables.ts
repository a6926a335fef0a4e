import type { ActionResult, BackendClient } from './client';
import type { DayState, ReservationAnswer } from '@/lib/contract/reservation';

/** A month of the table calendar for a party (`editing`: the hash of a booking being moved, whose seats do not count). */
export type TableMonthQuery = { year: number; month: number; pax: number; module?: string; editing?: string };
/** A day of the table calendar for a party. */
export type TableDayQuery = { date: string; pax: number; module?: string; editing?: string };

/** A day of the month for a party: its state (the calendar's colours). */
export type TableMonthDay = { date: string; state: DayState };
/** Why a day, slot or zone is full (`daySoldOut`, `zoneFull`, `shiftFull`, `slotFull`, `onlyExperiences`). */
type Full = { condition?: string };
/** A day's slots, each with its zones, for a party. */
export type TableDay = Full & {
  date: string;
  state: DayState;
  waitingList: boolean;
  slots: (Full & { time: string; shift: string; available: boolean; zones: (Full & { key: string; available: boolean })[] })[];
};

/**
 * The table bookings' door (issue 42, "One core, two doors"): typed input, typed answers, one
 * name per quantity (`pax`, a number). The built-in backend answers by calling its core
 * (server/booking/core.ts) directly, nothing serialised; a legacy backend through the wire
 * format (`wireTables`), whose field names and strings stay in this adapter.
 */
export interface TableDoor {
  month(q: TableMonthQuery): Promise<ActionResult<TableMonthDay[]>>;
  day(q: TableDayQuery): Promise<ActionResult<TableDay>>;
  codeStatus(hash: string): Promise<ActionResult<ReservationAnswer<'codestatus'>>>;
  /** The SMS code step (`clientAddress`: the guest's, whose wrong tries are counted). */
  verifyCode(input: { hash: string; code: string; clientAddress?: string }): Promise<ActionResult<ReservationAnswer<'verifycode'>>>;
  resendCode(hash: string): Promise<ActionResult<ReservationAnswer<'resendcode'>>>;
  /** Moves a booking: the booking form's values as the guest sent them, checked by its rule (lib/forms/reservation.ts, `reservationSchema`) on either side. */
  edit(hash: string, values: Record<string, unknown>): Promise<ActionResult<ReservationAnswer<'edit'>>>;
  cancel(hash: string): Promise<ActionResult<ReservationAnswer<'cancel'>>>;
}

/** A form's values as the wire's fields: strings, flags as `1`/`0`, nothing for an absent value. */
export function formFields(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'boolean') out[key] = value ? '1' : '0';
    else if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
  }
  return out;
}

/** The optional fields of a calendar query, as the wire names them. */
const wireCalendar = (q: { module?: string; editing?: string }) => ({ ...(q.module ? { reservemodule: q.module } : {}), ...(q.editing ? { hash: q.editing } : {}) });

/** The table door over the contract's wire format (`reservation/*`, docs/backend-contract.md): a legacy backend's. */
export function wireTables(client: BackendClient): TableDoor {
  return {
    month: (q) => client.reservation('getmonth', { year: String(q.year), month: String(q.month), pax: String(q.pax), ...wireCalendar(q) }),
    day: (q) => client.reservation('getday', { day: q.date, pax: String(q.pax), ...wireCalendar(q) }),
    codeStatus: (hash) => client.reservation('codestatus', { hash }),
    verifyCode: (input) => client.reservation('verifycode', { hash: input.hash, code: input.code, ...(input.clientAddress ? { remoteIp: input.clientAddress } : {}) }),
    resendCode: (hash) => client.reservation('resendcode', { hash }),
    edit: (hash, values) => client.reservation('edit', { ...formFields(values), hash }),
    cancel: (hash) => client.reservation('cancel', { hash }),
  };
}
