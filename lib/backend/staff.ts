import type { z } from 'zod';
import type { ActionResult, BackendClient } from './client';
import type { AnswerLinkPage } from '@/lib/contract/links';
import type { StaffBooking, StaffCall, StaffDay, staffAnswers } from '@/lib/contract/staff';
import { allTexts } from '@/lib/contract/fields';
import { readAnswer } from './tables';
import type { StoredTexts } from './texts';

type Answer<C extends StaffCall> = z.output<(typeof staffAnswers)[C]>;
export type { StaffBooking, StaffDay };
/** The search's answer: the query as read, and the bookings it found. */
export type StaffSearchResult = Answer<'staff/search'>;
/** The month's offers, reminders and no-shows. */
export type StaffMetrics = Answer<'staff/metrics'>;
/** An answer's result, with the booking as it is now. */
export type StaffAnswerResult = Answer<'staff/confirm'>;
/** The guest's profile at the venue, after staff's notes and tags. */
export type StaffGuestResult = Answer<'staff/guest'>;

/** The staff's answers to a booking (the sheet's buttons), and `undo`: the last mark taken back. */
export const STAFF_ANSWERS = ['confirm', 'decline', 'arrived', 'noshow', 'cancel', 'refundfee', 'offer', 'finished', 'undo'] as const;
export type StaffAnswerAction = (typeof STAFF_ANSWERS)[number];
/** Which booking (its hash), as staff saw it (its version), and the note to the guest (a decline or a cancel; at most 500 characters). */
export type StaffAnswerInput = { hash: string; version: number; note?: string };
/** A staff booking's result: booked or changed, the booking, the capacity rule booked past ('' for none), what became of a card guarantee. */
export type StaffBookedResult = Answer<'staff/walkin'>;
/** The same as the core keeps it. */
export type StoredStaffBooked = Omit<StaffBookedResult, 'booking'> & { booking: StoredStaffBooking };
/**
 * The sheet's add and change forms as the browser sent them (JSON: text, numbers, flags): a
 * walk-in `{pax, zone?, nome?, cognome?, prefisso?, telefono?, email?, note?, marketing?,
 * language?, override?, idempotencyKey?}`, a phone booking (the same with `date`, `time`), a
 * change `{hash, version, date?, time?, pax?, zone?, override?, idempotencyKey?}`. Both doors
 * apply the same rule to its fields (server/staff/calls.ts `staffBookingFrom`).
 */
export type StaffBookingForm = Record<string, unknown>;
const GUEST_FIELDS = ['pax', 'zone', 'nome', 'cognome', 'prefisso', 'telefono', 'email', 'note', 'marketing', 'language', 'override', 'idempotencyKey'] as const;
/** Each form's fields. */
export const STAFF_FORM_FIELDS = {
  'staff/walkin': GUEST_FIELDS,
  'staff/phonebooking': [...GUEST_FIELDS, 'date', 'time'],
  'staff/change': ['hash', 'version', 'date', 'time', 'pax', 'zone', 'override', 'idempotencyKey'],
} as const;
export type StaffFormCall = keyof typeof STAFF_FORM_FIELDS;
/** A form's fields as the contract's strings (numbers and flags as text); anything else left out. */
export const staffFields = (form: StaffBookingForm, call: StaffFormCall): Record<string, string> =>
  Object.fromEntries(
    STAFF_FORM_FIELDS[call].flatMap((name) => {
      const v = form[name];
      if (typeof v === 'string') return [[name, v.slice(0, 600)]];
      if (typeof v === 'number' && Number.isFinite(v)) return [[name, String(v)]];
      if (typeof v === 'boolean') return [[name, v ? '1' : '0']];
      return [];
    }),
  );
/** A booking moved by hand to a table, or tables pushed together, of its zone ([] clears it); `override` seats it past a taken or small table. */
export type StaffTableInput = { hash: string; tables: string[]; override?: boolean };
/** The move's fields as the contract names them (the tables comma-separated). */
export const staffTableFields = (t: StaffTableInput): Record<string, string> => ({ hash: t.hash, ...(t.override === undefined ? {} : { override: t.override ? '1' : '0' }), tables: t.tables.join(',').slice(0, 400) });
/** A staff booking's result as the staff area reads it, the same from either door. */
export const staffBookedOf = (b: StoredStaffBooked): StaffBookedResult => ({ ...b, booking: staffBookingOf(b.booking) });

/** A guest's notes and tags, kept on their profile at the venue, by one of their bookings. */
export type StaffGuestInput = { hash: string; notes: string; tags: string[] };

/** A booking as the staff core keeps it: its zone's name and its experience's title as stored. */
export type StoredStaffBooking = Omit<StaffBooking, 'zoneName' | 'experience'> & { zoneName: StoredTexts; experience: StoredTexts | null };
/** A booking as the staff area reads it, the same from either door: every text in every language. */
export const staffBookingOf = (b: StoredStaffBooking): StaffBooking => ({ ...b, zoneName: allTexts(b.zoneName), experience: b.experience === null ? null : allTexts(b.experience) });
/** The day's sheet as the staff core keeps it. */
export type StoredStaffDay = Omit<StaffDay, 'shifts' | 'waitingList' | 'experiences' | 'zones'> & {
  shifts: (Omit<StaffDay['shifts'][number], 'name' | 'bookings'> & { name: StoredTexts; bookings: StoredStaffBooking[] })[];
  waitingList: StoredStaffBooking[];
  experiences: StoredStaffBooking[];
  zones: { key: string; name: StoredTexts }[];
};
/** The day's sheet as the staff area reads it, the same from either door. */
export const staffDayOf = (d: StoredStaffDay): StaffDay => ({
  ...d,
  shifts: d.shifts.map((s) => ({ ...s, name: allTexts(s.name), bookings: s.bookings.map(staffBookingOf) })),
  waitingList: d.waitingList.map(staffBookingOf),
  experiences: d.experiences.map(staffBookingOf),
  zones: d.zones.map((z) => ({ key: z.key, name: allTexts(z.name) })),
});

/** A staff answer link's own parts, as its URL carries them: the booking's hash, the answer (`a`), the booking's version (`v`) and the signature (`s`); the backend checks them. */
export type StaffAnswerLink = { hash: string; a: string; v: string; s: string };
/** The booking an answer link names, as its page shows it: the party as `partySize`. */
export type AnswerLinkBooking = Omit<AnswerLinkPage['booking'], 'covers'> & { partySize: number };
/** The one-click answer page: open (the button), answered (what and when), expired; with the venue's time zone. */
export type AnswerLinkView = Omit<AnswerLinkPage, 'booking'> & { booking: AnswerLinkBooking };

/**
 * The staff's door (issue 42, "One core, two doors"), as the table door (lib/backend/tables.ts):
 * typed input, typed answers, `partySize` for the party. A link that is not the venue's
 * (unsigned, unknown, malformed) is refused `invalid`. The built-in backend calls its core
 * (server/staff/link-core.ts) directly; a legacy backend is called through the wire format
 * (`wireStaff`).
 */
export interface StaffDoor {
  /** The day's sheet (`invalid` for a date that is not a calendar day). */
  day(date: string): Promise<ActionResult<StaffDay>>;
  /** Bookings on any day by name, phone or booking code (`invalid` for fewer than 2 or more than 100 characters). */
  search(q: string): Promise<ActionResult<StaffSearchResult>>;
  /** The month's figures (`yyyy-mm`; the current month without one). */
  metrics(month?: string): Promise<ActionResult<StaffMetrics>>;
  /** One answer to a booking, or `undo`: `notFound`; `tooEarly`, `undoExpired`, `feePending` refused; else the result and the booking as it is now. */
  answer(action: StaffAnswerAction, input: StaffAnswerInput): Promise<ActionResult<StaffAnswerResult>>;
  /** Automatic waiting-list offers on or off. */
  autoOffers(enabled: boolean): Promise<ActionResult<{ autoOffers: boolean }>>;
  /** The guest's notes and tags (`notFound`, `noIdentity`, field errors). */
  guest(input: StaffGuestInput): Promise<ActionResult<StaffGuestResult>>;
  /**
   * A walk-in seated now, a booking taken on the phone, a booking changed (`full` with the rule,
   * `noShiftNow`, `changed`, `notChangeable`, `experienceFull`, `notFound`, field errors). A retry
   * with the form's `idempotencyKey` answers the first booking again; the key with other input
   * is refused `idempotencyKeyReused`.
   */
  book(call: StaffFormCall, form: StaffBookingForm): Promise<ActionResult<StaffBookedResult>>;
  /** A booking moved to tables (`full` with `tableTaken` | `tableTooSmall`, `notChangeable`, `notFound`, field errors). */
  table(input: StaffTableInput): Promise<ActionResult<StaffBookedResult>>;
  /** The venue e-mail's one-click answer link: the request and whether it is still open. */
  answerLink(link: StaffAnswerLink): Promise<ActionResult<AnswerLinkView>>;
  /** The link's answer, once (the note at most 500 characters); the page as it is afterwards. */
  answerByLink(link: StaffAnswerLink, note: string): Promise<ActionResult<AnswerLinkView>>;
}

/** The link page's booking as the wire names it (`covers`), read as the door names it. */
export const answerLinkViewOf = ({ booking: { covers, ...b }, ...page }: AnswerLinkPage): AnswerLinkView => ({ ...page, booking: { ...b, partySize: covers } });

/** The staff door over the contract's wire format (docs/backend-contract.md, "Link pages", "The venue's answers"): a legacy backend's. */
export function wireStaff(client: BackendClient): StaffDoor {
  return {
    day: (date) => client.staff('staff/day', { date }),
    search: (q) => client.staff('staff/search', { q }),
    metrics: (month) => client.staff('staff/metrics', month ? { month } : {}),
    answer: (action, input) => client.staff(`staff/${action}`, { hash: input.hash, version: String(input.version), note: input.note ?? '' }),
    autoOffers: (enabled) => client.staff('staff/autooffers', { enabled: enabled ? '1' : '0' }),
    guest: (input) => client.staff('staff/guest', { hash: input.hash, notes: input.notes.slice(0, 5_000), tags: input.tags.join(',').slice(0, 5_000) }),
    book: (call, form) => client.staff(call, staffFields(form, call)),
    table: (t) => client.staff('staff/table', staffTableFields(t)),
    answerLink: async (l) => readAnswer(await client.links('answerlink/get', { hash: l.hash, a: l.a, v: l.v, s: l.s }), answerLinkViewOf),
    answerByLink: async (l, note) => readAnswer(await client.links('answerlink/answer', { hash: l.hash, a: l.a, v: l.v, s: l.s, note: note.slice(0, 500) }), answerLinkViewOf),
  };
}
