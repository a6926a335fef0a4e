import type { Locale } from '@/lib/i18n/locales';
import type { PrefixOption } from '@/components/forms/phone-field';
import type { PublicBotConfig } from '@/lib/botcheck/types';
import type { ReservationDetails } from '@/lib/forms/reservation';

export type DayInfo = { date: string; state: 'past' | 'closed' | 'experience' | 'available' | 'completed' };
export type SlotInfo = { time: string; shift: string; available: boolean; condition?: string; zones: { key: string; available: boolean; condition?: string }[] };
/** A day's experience, in the domain's names (the answer's `titolo`, `descrizione`, `orari`, `prezzo`, `aggiungibile`: wizard-calls.ts maps them). */
export type DayExperience = { hash: string; title: Record<string, string>; description: Record<string, string>; times: string[]; price: number; /** It can be added to a table booking (paid at the venue). */ addable?: boolean };
export type DayDetail = { date: string; state: DayInfo['state']; condition?: string; waitingList: boolean; slots: SlotInfo[] };

/** Everything the wizard's client code needs, prepared on the server: data only; its texts come through next-intl (`useTranslations('reserve')`). */
export type WizardSetup = {
  locale: Locale;
  module: string | null;
  partySize: { min: number; directMax: number; max: number };
  phone: string;
  visitReasons: { key: string; label: string }[];
  waitingList: boolean;
  zones: Record<string, string>;
  /** Shift names by key (Lunch, Dinner): the times step's groups. */
  shifts?: Record<string, string>;
  /**
   * The phone field's prefixes, or null: fetched with the details step (`/api/phone-prefixes`, components/forms/fetched-prefixes.ts,
   * components/reservation/details-step.tsx), not sent in the page (`/reserve`: 11.7 KB of its
   * HTML, only needed once the guest reaches that step; issue 43).
   */
  prefixes: PrefixOption[] | null;
  defaultPrefix: string;
  /** The venue's time zone (IANA): a card step's free-cancellation deadline is reckoned in it. */
  timezone?: string;
  /** The venue's country (ISO alpha-2): the phone field's default and the name of a shared prefix. */
  country?: string;
  /** The venue's week and closures (from the same data as the JSON-LD), to say why a day has no tables (components/reservation/closed-day.tsx). */
  opening?: { weekdays: number[]; closures: { from: string; to: string }[] };
  monthNames: string[];
  weekdayNames: string[];
  policies: { privacy: string; marketing: string };
  /** How the browser gets bot-check tokens (reCAPTCHA, or the local verifier). */
  botcheck: PublicBotConfig;
  /** Editing an existing booking (`/reserve/{hash}/edit`): its key, choice and details. */
  edit: { hash: string; choice: { pax: number; date: string; time: string; zone: string }; details: ReservationDetails; /** The title of the experience added to the booking, if any. */ experience?: string } | null;
};

/** The last booking, kept in sessionStorage for the outcome page. */
export type LastReservation = {
  outcome: string;
  hash?: string;
  pax: number;
  date: string;
  time: string;
  zone: string;
  name: string;
  /** What the guest typed, shown back on the confirmation: the visit reason (in words) and the notes. */
  reason?: string;
  note?: string;
  /** The card guarantee's terms, when a card was saved for it. */
  guarantee?: { refundable: 'never' | 'always' | 'until'; hoursBefore: number; feeCents: number; per: 'reservation' | 'guest'; currency: string; totalCents: number };
  /** When it was made (ISO): a free-cancellation deadline already past then is not promised (issue 45). */
  bookedAt?: string;
};
export const LAST_RESERVATION_KEY = 'frontpageLastReservation';
export const DETAILS_KEY = 'frontpageReservationDetails';
export const HOLD_KEY = 'frontpageReservationHold';
export const GUARANTEE_KEY = 'frontpageReservationGuarantee';

/** Confirms the card with the provider; resolves with an error code, or null when the card is saved. */
export type ConfirmCard = () => Promise<string | null>;
