import type { useRouter } from 'next/navigation';
import { localizedPath } from '@/lib/i18n/paths';
import type { ReservationDetails } from '@/lib/forms/reservation';
import { bookingEventId, embedHost, sendEmbedEvent } from '@/lib/embed/client';
import { api, fetchChecked } from '@/lib/api/client';
import { submitKeys } from '@/lib/api/submit-key';
import { bookingAnswer, dayAnswer, dayExperiencesAnswer, editAnswer, experienceDaysAnswer, guaranteeAnswer, holdAnswer, monthAnswer } from '@/lib/api/answers/reservation';
import { writeSession } from './session';
import { lastHoldToken, rememberHold } from './last-hold';
import type { useBotSubmit } from './use-bot-submit';
import type { GuaranteeOffer } from './guarantee-step';
import type { Hold } from './hold-notice';
import { HOLD_KEY, DETAILS_KEY, GUARANTEE_KEY, LAST_RESERVATION_KEY, type DayExperience, type WizardSetup } from './types';

/** The guarantee offered for one choice, and the saved card's reference once given. */
export type Guarantee = { choice: string; offer: GuaranteeOffer | null; reference?: string };

type Choice = { pax: number; date: string; time: string; zone: string };

/** The calendar's and the day's reads (SWR fetchers), each answer parsed with its check (lib/api/answers.ts). */
export const fetchMonth = fetchChecked(monthAnswer);
/** The booking's idempotency key: one per submit, the same for its retry. */
const reservationKey = submitKeys();
export const fetchDay = fetchChecked(dayAnswer);
export const fetchExperienceDays = fetchChecked(experienceDaysAnswer);
const readDayExperiences = fetchChecked(dayExperiencesAnswer);
/** The day's experiences, the answer's legacy names mapped to the domain's. */
export const fetchDayExperiences = async (url: string): Promise<DayExperience[]> =>
  (await readDayExperiences(url)).map((e) => ({ hash: e.hash, title: e.titolo, description: e.descrizione, times: e.orari, price: e.prezzo, addable: e.aggiungibile }));

/**
 * Holds the seats of a chosen time (`/api/reservation/hold`), kept in the session so a reload
 * keeps it. Refused: the error code (`unavailable` when the site could not be reached).
 */
export async function holdSeats(setup: WizardSetup, choice: Choice): Promise<{ hold: Hold } | { error: string }> {
  // This browser's earlier hold (another tab, a tab closed at the card step) is replaced by this one (issue 45).
  const result = await api('/api/reservation/hold', holdAnswer, { ...choice, reservemodule: setup.module ?? undefined, hash: setup.edit?.hash, holdToken: lastHoldToken() });
  if (!result.ok) return { error: result.status === 0 ? 'unavailable' : result.error };
  const hold: Hold = { token: result.data.holdToken, expiresAt: result.data.expiresAt, ...choice };
  writeSession(HOLD_KEY, hold);
  rememberHold(hold.token);
  return { hold };
}

/**
 * Whether the venue asks a card guarantee for this choice (`/api/reservation/guarantee`). The
 * limit of card set-ups refuses with its code, and an answer the page cannot read (a 200 its
 * check refuses) with `generic`: the guest stays on the details step rather than going on
 * without the card the venue may want.
 */
export async function guaranteeFor(setup: WizardSetup, choice: Choice, email: string, hold: Hold | null): Promise<{ offer: GuaranteeOffer | null } | { error: string }> {
  const result = await api('/api/reservation/guarantee', guaranteeAnswer, { ...choice, reservemodule: setup.module ?? undefined, email, holdToken: hold?.token });
  if (!result.ok && (result.status === 429 || (result.status >= 200 && result.status < 300))) return { error: result.error };
  return { offer: result.ok && result.data.required ? result.data : null };
}

export type Booking = {
  setup: WizardSetup;
  /** The visit reason in the guest's words, kept for the outcome page. */
  reason: string;
  router: ReturnType<typeof useRouter>;
  bot: ReturnType<typeof useBotSubmit>;
  details: ReservationDetails;
  /** Where the details are kept (editing keeps its own copy). */
  detailsKey: string;
  choice: Choice;
  experience: string;
  hold: Hold | null;
  offer: Guarantee | null;
};

/**
 * The booking wizard's last call: the booking (`/api/reservation`) or, editing, the change
 * (`/api/reservation/edit`), then on to the outcome's page. Resolves with the error code to
 * show on the summary, or null once the guest has been sent on.
 */
export async function sendBooking({ setup, reason, router, bot, details, detailsKey, choice, experience, hold, offer }: Booking, v2Token?: string): Promise<string | null> {
  const { pax, date, time, zone } = choice;
  const { edit } = setup;
  const holdToken = hold && hold.date === date && hold.time === time && hold.zone === zone && hold.pax === pax ? hold.token : undefined;
  if (edit) {
    const result = await api('/api/reservation/edit', editAnswer, { ...details, hash: edit.hash, pax, date, time, zone, reservemodule: setup.module ?? undefined, holdToken });
    // Unreachable: stay on the summary with the guest's choices and details, and say so.
    if (!result.ok && (result.status === 0 || result.error === 'unavailable')) return 'unavailable';
    if (result.ok) {
      writeSession(HOLD_KEY, null);
      rememberHold(null);
      writeSession(detailsKey, null);
      router.push(localizedPath(setup.locale, `/reserve/${edit.hash}/edit/confirm`));
      return null;
    }
    if (result.status === 409 || result.status === 400) return result.error.startsWith('reserveEdit') || result.error === 'notChangeable' ? `edit.${result.error}` : result.error;
    router.push(localizedPath(setup.locale, `/reserve/${edit.hash}/edit/error`));
    return null;
  }
  const form = {
    ...details,
    pax,
    date,
    time,
    zone,
    experience: experience || undefined,
    reservemodule: setup.module ?? undefined,
    holdToken,
    language: setup.locale,
    guaranteeReference: offer?.reference,
    cancellationPolicy: Boolean(offer?.reference),
    ...(await bot.tokens(v2Token)),
  };
  // In the widget's frame the booking is tagged `embed` (issue 46), else the server tags it `web`.
  const result = await api('/api/reservation', bookingAnswer, { ...form, idempotencyKey: reservationKey(form), ...(embedHost() ? { source: 'embed' } : {}) });
  if (result.ok) {
    bot.passed();
    writeSession(HOLD_KEY, null);
    rememberHold(null);
    writeSession(DETAILS_KEY, null);
    writeSession(GUARANTEE_KEY, null);
    writeSession(LAST_RESERVATION_KEY, { outcome: result.data.outcome, hash: result.data.hash, pax, date, time, zone, name: `${details.nome} ${details.cognome}`, reason, note: details.note, guarantee: offer?.reference ? offer.offer?.terms : undefined, bookedAt: new Date().toISOString() });
    sendEmbedEvent({ type: 'booked', id: await bookingEventId(result.data.hash), status: result.data.outcome, pax, date });
    router.push(localizedPath(setup.locale, result.data.outcome === 'suspended' ? `/a2fa/reserve/${result.data.hash}` : `/reserve/${result.data.outcome}`));
    return null;
  }
  if (result.status === 0) return 'unavailable';
  if (bot.refused(result.error)) return result.error === 'botcheckUnsure' ? 'botcheckUnsure' : null;
  return result.error;
}
