import type { ActionResult, BackendClient, Loaded } from './client';
import type { Experience, ExperienceList } from '@/lib/contract/experience';
import { readTime } from '@/lib/contract/experience-fields';
import type { ExperienceBookingAnswer, ExperienceBookingView, ExperienceDay, ExperiencePayment, ExperienceTime } from '@/lib/contract/experience-booking';
import type { experienceDayAnswers } from '@/lib/contract/reservation';
import type { AdditionalField } from '@/lib/contract/experience-fields';
import { allTexts } from '@/lib/contract/fields';
import type { z } from 'zod';
import type { ExperienceBookingData } from '@/lib/forms/experience';
import type { BookingSource } from '@/lib/booking/source';
import { readAnswer, termsOf, type LocalCard, type StoredTexts } from './tables';

/** The experience calendar's month for a party. */
export type ExperienceMonthQuery = { year: number; month: number; partySize: number };
/** A day of the month on which the party can book an experience, and those experiences (their public hashes). */
export type ExperienceMonthDay = { date: string; esperienze: string[] };
/** An experience's choice: which, when, how many, where (`zone` only when the guest may choose). */
export type ExperienceChoice = { experienceId: number; date: string; time: string; partySize: number; zone: string };
/** A booking's move: the new date, time, party and zone. */
export type ExperienceChange = Omit<ExperienceChoice, 'experienceId'>;
/** What the payment step asks: the choice, the guest's e-mail (for the provider) and language (the payment page's). */
export type ExperiencePaymentInput = ExperienceChoice & { email: string; language?: string };
/** A booking as the core takes it: the form's values (lib/forms/experience.ts), the party as `partySize`, the day as `date`. */
export type ExperienceBooking = Omit<ExperienceBookingData, 'pax' | 'day'> & { partySize: number; date: string };
/** The form's values read by its rule, as the core names them. */
export const experienceBookingOf = ({ pax, day, ...rest }: ExperienceBookingData): ExperienceBooking => ({ ...rest, partySize: pax, date: day });
/**
 * What the site knows of a submit beside the guest's form: the language, the partner cookie, the
 * guest's address and where the booking came from; the bot check's tokens and the submit's
 * idempotency key, as the browser sent them.
 */
export type ExperienceSubmit = {
  locale: string;
  partner: boolean;
  clientAddress?: string;
  source: BookingSource;
  tokens: { recaptchaV3Token?: string; recaptchaV2Token?: string };
  idempotencyKey?: string;
};

/** The booking's payload as the contract carries it: the form's values with the language, the partner flag and the guest's address. */
export const experiencePayload = (values: Record<string, unknown>, submit: ExperienceSubmit) => ({
  ...values,
  language: submit.locale,
  partner: submit.partner,
  remoteIp: submit.clientAddress,
});

/** The experiences a party can add to a table booking on a day (`getesperienzeday`). */
export type ExperienceDayQuery = { date: string; partySize: number };
/** One of them: its texts in every language, its times, its price (in units), its party limits, whether it can be added to a table. */
export type ExperienceDayOffer = z.output<(typeof experienceDayAnswers)['getesperienzeday']>[number];
/** The same as the core keeps it: its texts as stored. */
export type StoredDayOffer = Omit<ExperienceDayOffer, 'titolo' | 'descrizione'> & { titolo: StoredTexts; descrizione: StoredTexts };
/** An experience's day offer as the pages read it, from either door: every text in every language. */
export const dayOfferOf = (o: StoredDayOffer): ExperienceDayOffer => ({ ...o, titolo: allTexts(o.titolo), descrizione: allTexts(o.descrizione) });

/** An experience's days of a month for a party (`availabledays`). */
export type ExperienceDaysQuery = { experienceId: number; year: number; month: number; partySize: number };
/** An experience's times on a day for a party (`getavailabletimes`; `language` is the guest's, which a legacy backend may read). */
export type ExperienceTimesQuery = { experienceId: number; date: string; partySize: number; language?: string };
/** The fields an experience asks for a zone (`getadditionalfields`; `zone`: its id or key, '' for none). */
export type ExperienceFieldsQuery = { experienceId: number; zone: string };
/** An additional field as the core keeps it: its label as stored. */
export type StoredField = Omit<AdditionalField, 'label'> & { label: StoredTexts };
/** An additional field as the pages read it, from either door. */
export const fieldOf = (f: StoredField): AdditionalField => ({ key: f.key, label: allTexts(f.label), required: f.required });

/** An experience booked on its own as its edit and cancel pages show it (`getreserve`): every text in every language, the party as `partySize`. */
export type BookedExperience = Omit<ExperienceBookingView, 'pax'> & { partySize: number };
/** The same as a backend answers it (the core's view, or the contract's answer read). */
export type StoredExperienceBooking = Omit<ExperienceBookingView, 'titolo' | 'zoneName'> & { titolo: StoredTexts; zoneName: StoredTexts | null };
/** A booking's view as its pages read it, the same from either door. */
export const bookedExperienceOf = ({ pax, titolo, zoneName, guarantee, policy, ...rest }: StoredExperienceBooking): BookedExperience => ({
  ...rest,
  partySize: pax,
  titolo: allTexts(titolo),
  zoneName: zoneName === null ? null : allTexts(zoneName),
  guarantee: termsOf(guarantee),
  policy: termsOf(policy),
});

/** An experience of the list as the core keeps it: its texts as stored, its fields, times and zones as the venue gave them. */
export type StoredExperience = Omit<Experience, 'titolo' | 'titoloFile' | 'descrizione' | 'condizioniPrenotazione' | 'campiAggiuntivi' | 'orari' | 'zoneSelezionabili' | 'file' | 'foto'> & {
  titolo: StoredTexts;
  titoloFile: StoredTexts | null;
  descrizione: StoredTexts;
  condizioniPrenotazione: StoredTexts | null;
  campiAggiuntivi: { key: string; etichetta: StoredTexts; obbligatorio: number }[];
  orari: string[];
  zoneSelezionabili: { id: number; key: string; nome: StoredTexts }[];
  file: string | null;
  foto: string | null;
};
/** The list as the core answers it (every visible experience, in display order). */
export type StoredExperienceList = { elenco: StoredExperience[]; pagine: number; totale: number };

/** One key once (the first), as the contract's reader keeps an experience's fields. */
const firstOfEach = <T extends { key: string }>(items: T[]) => items.filter((item, i) => items.findIndex((other) => other.key === item.key) === i);

/**
 * An experience of the list as the pages read it, the same from either door: every text in every
 * language (`allTexts`), its fields read as `{key, label, required}`, its times as sorted `HH:mm`.
 */
export const listedExperienceOf = (e: StoredExperience): Experience => ({
  ...e,
  titolo: allTexts(e.titolo),
  titoloFile: allTexts(e.titoloFile),
  descrizione: allTexts(e.descrizione),
  condizioniPrenotazione: allTexts(e.condizioniPrenotazione),
  campiAggiuntivi: firstOfEach(e.campiAggiuntivi.map((f) => ({ key: f.key, label: allTexts(f.etichetta), required: Boolean(f.obbligatorio) }))),
  orari: [...new Set(e.orari.map(readTime).filter((t): t is string => t !== null))].sort(),
  zoneSelezionabili: e.zoneSelezionabili.map((z) => ({ id: z.id, key: z.key, nome: allTexts(z.nome) })),
  file: e.file ?? '',
  foto: e.foto ?? '',
});
/** The list as the pages read it. */
export const experienceListOf = (list: StoredExperienceList): ExperienceList => ({ elenco: list.elenco.map(listedExperienceOf), pagine: list.pagine, totale: list.totale });

/**
 * The experience bookings' door (issue 42, "One core, two doors"), as the table door
 * (lib/backend/tables.ts): typed input, typed answers, `partySize` for the party. The built-in
 * backend calls its core (server/experiences/core.ts) directly; a legacy backend is called
 * through the wire format (`wireExperiences`).
 */
export interface ExperienceDoor {
  /** The venue's visible experiences, every one, in display order (a failed call reads as failed, an unknown venue as `unknownVenue`). */
  list(): Promise<Loaded<ExperienceList>>;
  /** One experience by its public hash, listed or not (the experience page's read): `notFound` for an unknown hash, `invalid` for a malformed one. */
  byHash(hash: string): Promise<ActionResult<Experience>>;
  month(q: ExperienceMonthQuery): Promise<ActionResult<ExperienceMonthDay[]>>;
  /** The experiences a party can add on a day, in the venue's order. */
  day(q: ExperienceDayQuery): Promise<ActionResult<ExperienceDayOffer[]>>;
  /** An experience's days of a month, each with its state for the party and the places left (0 when unlimited); `notFound` for an unknown experience. */
  days(q: ExperienceDaysQuery): Promise<ActionResult<ExperienceDay[]>>;
  /** An experience's start times on a day, each with whether the party fits. */
  times(q: ExperienceTimesQuery): Promise<ActionResult<ExperienceTime[]>>;
  /** The additional fields an experience asks for a zone. */
  fields(q: ExperienceFieldsQuery): Promise<ActionResult<AdditionalField[]>>;
  /** A booking by its hash, as its edit and cancel pages show it (`notFound` for an unknown or malformed hash). */
  booking(hash: string): Promise<ActionResult<BookedExperience>>;
  /** Books: the guest's form as the browser sent it, checked by its rule (lib/forms/experience.ts) on either side. */
  create(values: Record<string, unknown>, submit: ExperienceSubmit): Promise<ActionResult<ExperienceBookingAnswer<'createexperiencereserve'>>>;
  /** The card guarantee and the deposit the booking asks for, each or null. */
  startPayment(input: ExperiencePaymentInput): Promise<ActionResult<ExperiencePayment>>;
  /** The local test provider's card form for a deposit. */
  confirmLocalDeposit(card: LocalCard): Promise<ActionResult<{ status: string }>>;
  edit(hash: string, change: ExperienceChange): Promise<ActionResult<ExperienceBookingAnswer<'editreserve'>>>;
  cancel(hash: string): Promise<ActionResult<ExperienceBookingAnswer<'cancelreserve'>>>;
}

/** A choice as the wire names it. */
const wireChange = (c: ExperienceChange) => ({ day: c.date, time: c.time, pax: String(c.partySize), zone: c.zone });

/** The experience door over the contract's wire format (docs/backend-contract.md, "Experience bookings"): a legacy backend's. */
export function wireExperiences(client: BackendClient): ExperienceDoor {
  return {
    list: () => client.getExperienceList(),
    byHash: async (hash) => {
      const answer = await client.experience('getsingleexperiencebyhash', { experienceHash: hash });
      // A backend that answers no experience (null) has none by that hash.
      return answer.status && !answer.data ? { status: false, error: 'notFound', fieldErrors: {} } : (answer as ActionResult<Experience>);
    },
    month: (q) => client.experienceDays('getesperienzemonth', { year: String(q.year), month: String(q.month), pax: String(q.partySize) }),
    day: (q) => client.experienceDays('getesperienzeday', { day: q.date, pax: String(q.partySize) }),
    days: (q) => client.experience('availabledays', { experienceId: String(q.experienceId), year: String(q.year), month: String(q.month), pax: String(q.partySize) }),
    times: (q) => client.experience('getavailabletimes', { experienceId: String(q.experienceId), day: q.date, pax: String(q.partySize), ...(q.language ? { language: q.language } : {}) }),
    fields: (q) => client.experience('getadditionalfields', { experienceId: String(q.experienceId), zoneID: q.zone }),
    booking: async (hash) => readAnswer(await client.experience('getreserve', { hash }), bookedExperienceOf),
    create: (values, submit) =>
      client.experience('createexperiencereserve', {
        // One key per submit from the browser (a retry reuses it): a lost answer never books twice.
        ...(submit.idempotencyKey ? { idempotencyKey: submit.idempotencyKey } : {}),
        payload: JSON.stringify(experiencePayload(values, submit)),
        recaptchaV3Token: submit.tokens.recaptchaV3Token ?? '',
        recaptchaV2Token: submit.tokens.recaptchaV2Token ?? '',
        tokenVersion: submit.tokens.recaptchaV2Token ? 'v2' : 'v3',
        source: submit.source,
      }),
    startPayment: (p) =>
      client.experiencePayment('startpayment', { experienceId: String(p.experienceId), ...wireChange(p), email: p.email, ...(p.language ? { language: p.language } : {}) }),
    confirmLocalDeposit: (card) => client.experiencePayment('confirmlocaldeposit', card),
    edit: (hash, change) => client.experience('editreserve', { hash, ...wireChange(change) }),
    cancel: (hash) => client.experience('cancelreserve', { hash }),
  };
}
