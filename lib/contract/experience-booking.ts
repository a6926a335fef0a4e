import { z } from 'zod';
import { flag, num, orNull, str, texts } from './fields';
import { isoOrNull, termsSchema } from './reservation';
import { experienceSchema } from './experience';
import { additionalFieldsField, readTime } from './experience-fields';
import { experienceOutcomes } from '@/lib/routes';

/**
 * The answers of the experience booking calls of spec section 7, read leniently: the spec
 * leaves their shapes open, so each accepts a list or a map (docs/backend-contract.md).
 */

/** `getsingleexperience` / `getsingleexperiencebyhash`: `data.experience` (null when unknown). */
export const singleExperienceSchema = z
  .object({ experience: experienceSchema.nullish() })
  .nullish()
  .transform((v) => v?.experience ?? null);

export type ExperienceDayState = 'available' | 'completed' | 'closed' | 'past';
export type ExperienceDay = { date: string; state: ExperienceDayState; posti: number };
const ISO = /^\d{4}-\d{2}-\d{2}$/;
/** `dd/mm/yyyy` (spec section 9) or ISO, read as ISO. */
function readDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().slice(0, 10);
  if (ISO.test(v)) return v;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}
function readDayState(value: unknown, places: number): ExperienceDayState {
  if (value === undefined || value === null) return places > 0 ? 'available' : 'completed';
  if (typeof value === 'string' && ['available', 'completed', 'closed', 'past'].includes(value)) return value as ExperienceDayState;
  if (typeof value === 'string' && ['full', 'soldout', 'esaurito'].includes(value.toLowerCase())) return 'completed';
  return flag.parse(value) ? 'available' : 'completed';
}
function readDay(item: unknown, mapKey?: string): ExperienceDay | null {
  if (typeof item === 'string' && !mapKey) {
    const date = readDate(item);
    return date ? { date, state: 'available', posti: 0 } : null;
  }
  if (item && typeof item === 'object') {
    const o = item as Record<string, unknown>;
    const date = readDate(o.date ?? o.data ?? o.giorno ?? o.day) ?? readDate(mapKey);
    if (!date) return null;
    const posti = num.parse(o.posti ?? o.disponibili ?? o.places);
    return { date, state: readDayState(o.state ?? o.stato ?? o.disponibile ?? o.available, posti), posti };
  }
  const date = readDate(mapKey);
  if (!date) return null;
  const posti = typeof item === 'number' ? item : 0;
  return { date, state: typeof item === 'number' ? (item > 0 ? 'available' : 'completed') : readDayState(item, 1), posti };
}

/** `availabledays`: `[{date, state, posti}]`, `["yyyy-mm-dd"]`, `{date: state | places | bool}`, or `{days: ...}`. */
export const availableDaysSchema = z
  .unknown()
  .transform((v): ExperienceDay[] => {
    let value = v;
    if (value && typeof value === 'object' && !Array.isArray(value) && 'days' in value) value = (value as { days: unknown }).days;
    if (value && typeof value === 'object' && !Array.isArray(value) && 'giorni' in value) value = (value as { giorni: unknown }).giorni;
    const list = Array.isArray(value) ? value.map((i) => readDay(i)) : value && typeof value === 'object' ? Object.entries(value).map(([k, i]) => readDay(i, k)) : [];
    return list.filter((d): d is ExperienceDay => d !== null).sort((a, b) => a.date.localeCompare(b.date));
  });

export type ExperienceTime = { time: string; available: boolean; posti: number };
function readSlot(item: unknown, mapKey?: string): ExperienceTime | null {
  if (typeof item === 'string' && !mapKey) {
    const time = readTime(item);
    return time ? { time, available: true, posti: 0 } : null;
  }
  if (item && typeof item === 'object') {
    const o = item as Record<string, unknown>;
    const time = readTime(o.time ?? o.orario ?? o.ora) ?? readTime(mapKey);
    if (!time) return null;
    const posti = num.parse(o.posti ?? o.disponibili ?? o.places);
    const given = o.available ?? o.disponibile;
    return { time, available: given === undefined ? posti > 0 || o.posti === undefined : flag.parse(given), posti };
  }
  const time = readTime(mapKey) ?? readTime(item);
  if (!time) return null;
  if (typeof item === 'number') return { time, available: item > 0, posti: item };
  return { time, available: item === undefined || item === null ? true : typeof item === 'string' ? true : flag.parse(item), posti: 0 };
}

/** `getavailabletimes`: `[{time, available, posti}]`, `["20:00"]`, `{"20:00": places | bool}` or `{orari: ...}`. */
export const availableTimesSchema = z.unknown().transform((v): ExperienceTime[] => {
  let value = v;
  if (value && typeof value === 'object' && !Array.isArray(value) && 'orari' in value) value = (value as { orari: unknown }).orari;
  const list = Array.isArray(value) ? value.map((i) => readSlot(i)) : value && typeof value === 'object' ? Object.entries(value).map(([k, i]) => readSlot(i, k)) : [];
  const seen = new Set<string>();
  return list.filter((t): t is ExperienceTime => t !== null && !seen.has(t.time) && Boolean(seen.add(t.time))).sort((a, b) => a.time.localeCompare(b.time));
});

/** `getadditionalfields`: the fields as `campiAggiuntivi` may be (a list, a map or a string). */
export const additionalFieldsSchema = z.unknown().transform((v) => {
  const value = v && typeof v === 'object' && !Array.isArray(v) && 'campiAggiuntivi' in v ? (v as { campiAggiuntivi: unknown }).campiAggiuntivi : v;
  return additionalFieldsField.parse(value ?? null);
});

/** The outcomes of an experience booking (spec sections 2 and 4): the routes' list. */
export type ExperienceOutcome = (typeof experienceOutcomes)[number];

/** `createexperiencereserve`: `{outcome, hash}`; `esito` is read as `outcome`, `suspended` as `accept`. */
export const experienceCreatedSchema = z
  .object({ outcome: str.optional(), esito: str.optional(), hash: str })
  .transform((v) => {
    const raw = (v.outcome || v.esito || '').toLowerCase();
    const outcome: ExperienceOutcome = (experienceOutcomes as readonly string[]).includes(raw) ? (raw as ExperienceOutcome) : raw === 'suspended' ? 'accept' : 'confirm';
    return { outcome, hash: v.hash };
  });

/** `getreserve {hash}` (*addition*): an experience booked on its own, for its edit and cancel pages. */
export const experienceBookingViewSchema = z.object({
  hash: z.string().min(1),
  experienceId: num,
  experienceHash: str,
  titolo: texts,
  /** `declined`: refused by the venue (a pending booking); read as a booking, no longer changeable, rather than as a failed call. */
  status: z.enum(['confirmed', 'pending', 'waitinglist', 'cancelled', 'declined']),
  pax: num,
  date: z.string(),
  time: str,
  zone: str,
  zoneName: orNull(texts),
  nome: str,
  cognome: str,
  priceCents: num,
  paidCents: num,
  guarantee: termsSchema.nullable(),
  policy: termsSchema,
  changeable: z.boolean(),
  cancellable: z.boolean(),
  paxFixed: z.boolean(),
  cancellation: z.object({ free: z.boolean(), feeCents: num, deadline: isoOrNull, refundCents: num }),
  cancellationFeeCents: z.number().nullable(),
});
export type ExperienceBookingView = z.output<typeof experienceBookingViewSchema>;

/** The schema of each `experience/*` booking call's `data`. */
export const experienceBookingAnswers = {
  getsingleexperience: singleExperienceSchema,
  getsingleexperiencebyhash: singleExperienceSchema,
  availabledays: availableDaysSchema,
  getavailabletimes: availableTimesSchema,
  getadditionalfields: additionalFieldsSchema,
  createexperiencereserve: experienceCreatedSchema,
  getreserve: experienceBookingViewSchema,
  editreserve: z.object({ outcome: z.literal('changed') }),
  cancelreserve: z.object({ outcome: z.literal('cancelled'), feeCents: num, refundCents: num }),
} as const;
export type ExperienceBookingCall = keyof typeof experienceBookingAnswers;
export type ExperienceBookingAnswer<C extends ExperienceBookingCall> = z.output<(typeof experienceBookingAnswers)[C]>;

const paymentConfig = z.discriminatedUnion('kind', [z.object({ kind: z.literal('stripe'), publishableKey: z.string().nullable() }), z.object({ kind: z.literal('local') })]);

/** `experience/startpayment` (*addition*): the card guarantee (as `reservation/guarantee`) and the deposit, each or null. */
export const experiencePaymentSchema = z.object({
  guarantee: z
    .object({
      required: z.literal(true),
      terms: z.object({ refundable: z.enum(['never', 'always', 'until']), hoursBefore: num, feeCents: num, per: z.enum(['reservation', 'guest']), currency: str, totalCents: num }),
      payment: paymentConfig,
      reference: z.string().optional(),
      clientSecret: z.string().optional(),
    })
    .nullable(),
  deposit: z
    .object({
      amountCents: num,
      currency: str,
      kind: z.enum(['deposit', 'prepayment']),
      payment: paymentConfig,
      reference: z.string().optional(),
      clientSecret: z.string().optional(),
    })
    .nullable(),
});
export type ExperiencePayment = z.output<typeof experiencePaymentSchema>;

/** The payment calls of experience bookings (*additions*). */
export const experiencePaymentAnswers = {
  startpayment: experiencePaymentSchema,
  confirmlocaldeposit: z.object({ status: z.string() }),
} as const;
export type ExperiencePaymentCall = keyof typeof experiencePaymentAnswers;
