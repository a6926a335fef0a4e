import type { ActionResult, BackendClient } from './client';
import type { BookingView, DayState, ReservationAnswer } from '@/lib/contract/reservation';
import { allTexts } from '@/lib/contract/fields';
import type { ReservationData } from '@/lib/forms/reservation';
import type { BookingSource } from '@/lib/booking/source';
import type { StoredTexts } from './texts';

export type { StoredTexts } from './texts';

/** A month of the table calendar for a party (`editing`: the hash of a booking being moved, whose seats do not count). */
export type TableMonthQuery = { year: number; month: number; partySize: number; module?: string; editing?: string };
/** A day of the table calendar for a party. */
export type TableDayQuery = { date: string; partySize: number; module?: string; editing?: string };

/** A table choice: the day, time, party, zone, and the booking module when the venue has modules. */
export type TableChoice = { date: string; time: string; partySize: number; zone: string; module?: string };
/** A hold of a choice: the hold it replaces, the booking being moved (its hash), the guest's address (its holds are counted). */
export type TableHoldInput = TableChoice & { replaceToken?: string; editing?: string; clientAddress?: string };
/** The card guarantee's question: the guest's e-mail (for the provider) and the hold it follows (one card setup per hold). */
export type TableGuaranteeInput = TableChoice & { email?: string; holdToken?: string };
/** The local test provider's card form. */
export type LocalCard = { reference: string; clientSecret: string; cardNumber: string };
/** A booking as the core takes it: the form's values (lib/forms/reservation.ts), the party as `partySize`, the module as `module`. */
export type TableBooking = Omit<ReservationData, 'pax' | 'reservemodule'> & { partySize: number; module?: string };
/** The form's values read by its rule, as the core names them. */
export const tableBookingOf = ({ pax, reservemodule, ...rest }: ReservationData): TableBooking => ({ ...rest, partySize: pax, module: reservemodule });
/**
 * What the site knows of a submit beside the form: the guest's language, the partner cookie,
 * the guest's address (bot check, limits) and where the booking came from. The form's values
 * carry the bot check's tokens and the submit's idempotency key, as the contract names them.
 */
export type TableSubmit = { locale: string; partner: boolean; clientAddress?: string; source: BookingSource };

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

/** What a guest accepted with a card guarantee, as the booking's pages read it. */
export type Terms = NonNullable<BookingView['guarantee']>;
/** The terms' own fields (a stored policy text stays behind). */
export function termsOf(t: Terms): Terms;
export function termsOf(t: Terms | null): Terms | null;
export function termsOf(t: Terms | null): Terms | null {
  return t && { refundable: t.refundable, hoursBefore: t.hoursBefore, feeCents: t.feeCents, per: t.per, currency: t.currency };
}

/** A booking as its own pages show it (`reservation/get`): every text in every language, the party as `partySize`. */
export type BookedTable = Omit<BookingView, 'pax'> & { partySize: number };
/** A booking as a backend answers it (the core's view, or the contract's answer read). */
export type StoredBookingView = Omit<BookingView, 'zoneName' | 'experience' | 'compleannoGiorno' | 'compleannoMese'> & {
  zoneName: StoredTexts;
  experience: { hash: string; titolo: StoredTexts } | null;
  compleannoGiorno: number | string;
  compleannoMese: number | string;
};
/** A birthday's day or month: a whole number, or '' when not given. */
const birthPart = (v: number | string): number | '' => (typeof v === 'number' && Number.isInteger(v) ? v : '');
/** A booking's view as its pages read it, the same from either door: its texts in every language (lib/contract/fields.ts, `allTexts`), the terms' own fields. */
export const bookedTableOf = ({ pax, zoneName, experience, guarantee, compleannoGiorno, compleannoMese, ...rest }: StoredBookingView): BookedTable => ({
  ...rest,
  partySize: pax,
  compleannoGiorno: birthPart(compleannoGiorno),
  compleannoMese: birthPart(compleannoMese),
  zoneName: allTexts(zoneName),
  guarantee: termsOf(guarantee),
  experience: experience && { hash: experience.hash, titolo: allTexts(experience.titolo) },
});

/** A call's answer with its data read by `read` (a refusal unchanged). */
export const readAnswer = <T, U>(result: ActionResult<T>, read: (data: T) => U): ActionResult<U> => (result.status ? { status: true, data: read(result.data) } : result);

/**
 * The table bookings' door (issue 42, "One core, two doors"): typed input, typed answers, one
 * name per quantity (`partySize`, a number). The built-in backend answers by calling its core
 * (server/booking/core.ts) directly, nothing serialised; a legacy backend through the wire
 * format (`wireTables`), whose field names and strings stay in this adapter.
 */
export interface TableDoor {
  month(q: TableMonthQuery): Promise<ActionResult<TableMonthDay[]>>;
  day(q: TableDayQuery): Promise<ActionResult<TableDay>>;
  /** A booking by its hash, as its edit, cancel and outcome pages show it (`notFound` for an unknown or malformed hash). */
  booking(hash: string): Promise<ActionResult<BookedTable>>;
  codeStatus(hash: string): Promise<ActionResult<ReservationAnswer<'codestatus'>>>;
  /** The SMS code step (`clientAddress`: the guest's, whose wrong tries are counted). */
  verifyCode(input: { hash: string; code: string; clientAddress?: string }): Promise<ActionResult<ReservationAnswer<'verifycode'>>>;
  resendCode(hash: string): Promise<ActionResult<ReservationAnswer<'resendcode'>>>;
  /** Holds the seats of a choice for a few minutes (`status: false` with the condition when full; `rateLimited` past the address's holds). */
  hold(input: TableHoldInput): Promise<ActionResult<ReservationAnswer<'hold'>>>;
  /** Gives held seats back at once. */
  release(holdToken: string | undefined): Promise<ActionResult<ReservationAnswer<'release'>>>;
  /** Books: the booking form's values as the guest sent them (with its bot tokens and idempotency key), checked by its rule on either side. */
  create(values: Record<string, unknown>, submit: TableSubmit): Promise<ActionResult<ReservationAnswer<'create'>>>;
  /** Whether the choice needs a card, and if so its terms and a new card setup. */
  guarantee(input: TableGuaranteeInput): Promise<ActionResult<ReservationAnswer<'guarantee'>>>;
  /** The local test provider's card form (`declined`, `cardInvalid`, `paymentFailed`: 402). */
  confirmLocalCard(card: LocalCard): Promise<ActionResult<{ status: string }>>;
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
/** A choice as the wire names it. */
const wireChoice = (c: TableChoice) => ({ pax: String(c.partySize), date: c.date, time: c.time, zone: c.zone, ...(c.module ? { reservemodule: c.module } : {}) });
/** A submit's fields on the wire: the form's values, then the language, the partner flag, the guest's address and the source. */
export const wireSubmit = (values: Record<string, unknown>, submit: TableSubmit) =>
  formFields({ ...values, language: submit.locale, partner: submit.partner, remoteIp: submit.clientAddress, source: submit.source });

/** The table door over the contract's wire format (`reservation/*`, docs/backend-contract.md): a legacy backend's. */
export function wireTables(client: BackendClient): TableDoor {
  return {
    month: (q) => client.reservation('getmonth', { year: String(q.year), month: String(q.month), pax: String(q.partySize), ...wireCalendar(q) }),
    day: (q) => client.reservation('getday', { day: q.date, pax: String(q.partySize), ...wireCalendar(q) }),
    hold: (h) =>
      client.reservation('hold', { ...wireChoice(h), ...(h.replaceToken ? { holdToken: h.replaceToken } : {}), ...(h.editing ? { hash: h.editing } : {}), ...(h.clientAddress ? { remoteIp: h.clientAddress } : {}) }),
    release: (holdToken) => client.reservation('release', holdToken ? { holdToken } : {}),
    create: (values, submit) => client.reservation('create', wireSubmit(values, submit)),
    guarantee: (g) => client.reservation('guarantee', { ...wireChoice(g), ...(g.email ? { email: g.email } : {}), ...(g.holdToken ? { holdToken: g.holdToken } : {}) }),
    confirmLocalCard: (card) => client.payment('confirmlocal', card),
    booking: async (hash) => readAnswer(await client.reservation('get', { hash }), bookedTableOf),
    codeStatus: (hash) => client.reservation('codestatus', { hash }),
    verifyCode: (input) => client.reservation('verifycode', { hash: input.hash, code: input.code, ...(input.clientAddress ? { remoteIp: input.clientAddress } : {}) }),
    resendCode: (hash) => client.reservation('resendcode', { hash }),
    edit: (hash, values) => client.reservation('edit', { ...formFields(values), hash }),
    cancel: (hash) => client.reservation('cancel', { hash }),
  };
}
