import type { WizardSetup } from '@/components/reservation/types';

/** What the experience form's client code needs about the experience, prepared on the server: data only; its texts come through next-intl (`experiences`, `reserve`). */
export type ExperienceFormSetup = {
  wizard: WizardSetup;
  experience: {
    id: number;
    hash: string;
    title: string;
    /** Price per guest, in the venue's currency. */
    price: number;
    currency: string;
    minGuests: number;
    maxGuests: number;
    /** `flagSceltaZona`: the guest chooses among these zones. */
    zones: { id: number; key: string; label: string }[] | null;
    /** `flagMotivoVisita`. */
    askVisitReason: boolean;
    /** `flagOrari` 0: the day is booked without a time. */
    hasTimes: boolean;
    /** It asks additional fields (`campiAggiuntivi`); which ones may depend on the zone. */
    hasFields: boolean;
    /** Whether a card guarantee or a payment will be asked (known from `tipoCCGaranzia` and `tipoAcquisto`). */
    guarantee: boolean;
    payment: boolean;
    /** The first and last day it runs (`data`, `scadenza`, yyyy-mm-dd), or ''. */
    firstDate: string;
    lastDate: string;
  };
  /** From `/frontpage/esperienze/{hash}/{pax}/{date}`. */
  initial: { pax: number; date: string };
};

export const EXPERIENCE_LAST_KEY = 'frontpageLastExperience';
/** The booking just made; `booking` is its own hash, the guest's key to change or cancel it. */
export type LastExperience = { outcome: string; hash: string; title: string; pax: number; date: string; time: string; name: string; booking?: string; reason?: string; note?: string };
