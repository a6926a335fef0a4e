import { array, boolean, either, nullable, number, object, oneOf, optional, string, texts, type Checked } from '../check';

/**
 * What the table booking's `/api/reservation/*` calls answer in `data`, checked in the browser
 * (lib/api/client.ts) and, against the real handlers, in
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

/** How the card is asked for: the local test provider's form, or Stripe's. */
export const paymentConfig = either(object({ kind: oneOf('local') }), object({ kind: oneOf('stripe'), publishableKey: nullable(string) }));

export const guaranteeTerms = object({ refundable: oneOf('never', 'always', 'until'), hoursBefore: number, feeCents: number, per: oneOf('reservation', 'guest'), currency: string, totalCents: number });

export const guaranteeAnswer = either(
  object({ required: oneOf(false) }),
  object({
    required: oneOf(true),
    terms: guaranteeTerms,
    payment: paymentConfig,
    reference: optional(string),
    clientSecret: optional(string),
  }),
);

export const bookingAnswer = object({ outcome: string, hash: string });

/** `release` answers nothing the page reads. */
export { anything as releaseAnswer } from '../check';

export const editAnswer = object({ outcome: oneOf('changed') });

/** A cancellation, of a table booking or an experience booked on its own. */
export const cancelAnswer = object({ outcome: oneOf('cancelled'), feeCents: number });

/** The local test provider's card form (a guarantee or a deposit). */
export const cardAnswer = object({ status: string });

export const codeAnswer = either(object({ outcome: oneOf('confirm', 'accept', 'suspendedError') }), object({ outcome: oneOf('codeWrong'), attemptsLeft: number }));

export const codeSentAnswer = object({ expiresAt: string });

export type MonthAnswer = Checked<typeof monthAnswer>;
export type DayAnswer = Checked<typeof dayAnswer>;
export type GuaranteeAnswer = Checked<typeof guaranteeAnswer>;
