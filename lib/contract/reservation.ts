import { z } from 'zod';
import { flagOr, num, orNull, str, texts } from './fields';

/**
 * The answers (`data`) of the calls that change or read one booking (docs/backend-contract.md,
 * "Table reservations"). Every answer is read through one of these before it is used or
 * passed to the browser: an answer that does not fit reads as a failed call.
 */
/** A day's state in the calendar: the one list, also the availability engine's `DayState`. */
const dayState = z.enum(['past', 'closed', 'experience', 'available', 'completed']);
export type DayState = z.infer<typeof dayState>;
const condition = z.string().nullish().transform((v) => v ?? undefined);
export const isoOrNull = orNull(z.string());

export const monthDaysSchema = z.array(z.object({ date: z.string(), state: dayState }));

export const dayDetailSchema = z.object({
  date: z.string(),
  state: dayState,
  condition,
  waitingList: z.boolean(),
  slots: z.array(
    z.object({
      time: z.string(),
      shift: str,
      available: z.boolean(),
      condition,
      zones: z.array(z.object({ key: z.string(), available: z.boolean(), condition })),
    }),
  ),
});

export const holdSchema = z.object({ holdToken: z.string().min(1), expiresAt: z.string() });

export const createdSchema = z.object({
  outcome: z.enum(['confirm', 'accept', 'waitinglist', 'suspended']),
  hash: z.string().min(1),
});

export const termsSchema = z.object({
  refundable: z.enum(['never', 'always', 'until']),
  hoursBefore: num,
  feeCents: num,
  per: z.enum(['reservation', 'guest']),
  currency: str,
});

export const guaranteeOfferSchema = z.union([
  z.object({ required: z.literal(false) }),
  z.object({
    required: z.literal(true),
    terms: termsSchema.extend({ totalCents: num }),
    payment: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('stripe'), publishableKey: z.string().nullable() }),
      z.object({ kind: z.literal('local') }),
    ]),
    reference: z.string().optional(),
    clientSecret: z.string().optional(),
  }),
]);

export const cardStatusSchema = z.object({ status: z.string() });

export const codeOutcomeSchema = z.union([
  z.object({ outcome: z.enum(['confirm', 'accept', 'suspendedError']) }),
  z.object({ outcome: z.literal('codeWrong'), attemptsLeft: num }),
]);

export const codeSentSchema = z.object({ expiresAt: z.string() });

export const reservationStatusSchema = z.enum(['confirmed', 'pending', 'waitinglist', 'suspended', 'failed', 'cancelled', 'declined']);

export const codeStatusSchema = z.object({
  status: reservationStatusSchema,
  phoneEnding: str,
  expiresAt: isoOrNull,
  attemptsLeft: num,
  canResendAt: isoOrNull,
});

const birthPart = z.union([z.number().int(), z.literal('')]).nullish().transform((v) => v ?? '');

/** `reservation/get`: the booking as its edit, cancel and outcome pages show it. */
export const bookingViewSchema = z.object({
  hash: z.string().min(1),
  status: reservationStatusSchema,
  pax: num,
  date: z.string(),
  time: z.string(),
  zone: str,
  zoneName: texts,
  reservemodule: str,
  nome: str,
  cognome: str,
  email: str,
  prefisso: str,
  telefono: str,
  motivo: str,
  compleannoGiorno: birthPart,
  compleannoMese: birthPart,
  note: str,
  marketing: z.boolean(),
  guarantee: termsSchema.nullable(),
  changeable: z.boolean(),
  cancellation: z.object({ free: z.boolean(), feeCents: num, deadline: isoOrNull }),
  cancellationFeeCents: z.number().nullable(),
  /** The experience added to the booking (docs/experiences.md); a backend without them sends nothing. */
  experience: z
    .object({ hash: str, titolo: texts })
    .nullish()
    .transform((v) => v ?? null),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

export const editedSchema = z.object({ outcome: z.literal('changed') });
export const cancelledSchema = z.object({ outcome: z.literal('cancelled'), feeCents: num });
/** `reservation/release` answers nothing the site reads. */
export const nothingSchema = z.unknown().transform(() => null);

/** The answer schema of each `reservation/*` call. */
export const reservationAnswers = {
  getmonth: monthDaysSchema,
  getday: dayDetailSchema,
  hold: holdSchema,
  release: nothingSchema,
  create: createdSchema,
  guarantee: guaranteeOfferSchema,
  verifycode: codeOutcomeSchema,
  resendcode: codeSentSchema,
  codestatus: codeStatusSchema,
  get: bookingViewSchema,
  edit: editedSchema,
  cancel: cancelledSchema,
} as const;
export type ReservationCall = keyof typeof reservationAnswers;
export type ReservationAnswer<C extends ReservationCall> = z.output<(typeof reservationAnswers)[C]>;

/** `payment/confirmlocal`: the local test provider's card form. */
export const paymentAnswers = { confirmlocal: cardStatusSchema } as const;

/** `experience/getesperienzemonth` and `experience/getesperienzeday` (spec section 7: lists whose items the spec leaves open). */
export const experienceDayAnswers = {
  getesperienzemonth: z.array(z.object({ date: z.string(), esperienze: z.array(z.string()).default([]) })),
  getesperienzeday: z.array(
    z.object({
      hash: z.string(),
      titolo: texts,
      descrizione: texts,
      orari: z.array(z.string()).nullish().transform((v) => v ?? []),
      prezzo: num,
      numOspitiMin: num,
      numOspitiMax: num,
      /** Whether it can be added to a table booking (docs/experiences.md); missing reads true. */
      aggiungibile: flagOr(true),
    }),
  ),
} as const;

/** `fidelity/subscribe` and `fidelity/lookup`: the outcome is `status` and `error`; `data` is not read. */
export const fidelityAnswers = {
  'fidelity/subscribe': nothingSchema,
  'fidelity/lookup': nothingSchema,
} as const;
