import { array, boolean, either, nullable, number, object, oneOf, optional, string, texts, type Checked } from './check';

/**
 * What the booking wizard's `/api/reservation/*` calls answer in `data`, checked in the browser
 * (components/reservation/api.ts) and, against the real handlers, in
 * tests/integration/api-answers.pglite.test.ts: a handler that changes its answer fails there.
 */
const dayState = oneOf('past', 'closed', 'experience', 'available', 'completed');

export const monthAnswer = array(object({ date: string, state: dayState }));

export const dayAnswer = object({
  date: string,
  state: dayState,
  condition: optional(string),
  waitingList: boolean,
  slots: array(object({ time: string, shift: string, available: boolean, condition: optional(string), zones: array(object({ key: string, available: boolean, condition: optional(string) })) })),
});

export const dayExperiencesAnswer = array(object({ hash: string, titolo: texts, descrizione: texts, orari: array(string), prezzo: number, aggiungibile: optional(boolean) }));

export const experienceDaysAnswer = array(object({ date: string }));

export const holdAnswer = object({ holdToken: string, expiresAt: string });

const paymentConfig = either(object({ kind: oneOf('local') }), object({ kind: oneOf('stripe'), publishableKey: nullable(string) }));

export const guaranteeAnswer = either(
  object({ required: oneOf(false) }),
  object({
    required: oneOf(true),
    terms: object({ refundable: oneOf('never', 'always', 'until'), hoursBefore: number, feeCents: number, per: oneOf('reservation', 'guest'), currency: string, totalCents: number }),
    payment: paymentConfig,
    reference: optional(string),
    clientSecret: optional(string),
  }),
);

export const bookingAnswer = object({ outcome: string, hash: string });

export type MonthAnswer = Checked<typeof monthAnswer>;
export type DayAnswer = Checked<typeof dayAnswer>;
export type GuaranteeAnswer = Checked<typeof guaranteeAnswer>;
