import type { Experience } from '@/lib/contract/experience';

/**
 * What a public page may offer for an experience, read from the contract's flags: one home for
 * the rules the list, the detail and booking pages, the sitemap and the structured data share.
 * (The backend's own rules on its rows are in server/experiences/rules.ts.)
 */

/** `tipoEsperienza` 2: only added to a table booking, never booked on its own. */
const ADD_ON_ONLY = 2;

/** Active and its last date not behind us. */
export const bookableNow = (e: Pick<Experience, 'flagAttiva' | 'flagEsperienzaPassata'>) => Boolean(e.flagAttiva && !e.flagEsperienzaPassata);

/** Shown in the venue's list (and its sitemap): listed (`flagVisibile`) and bookable now. The others are reached by link. */
export const listedNow = (e: Pick<Experience, 'flagVisibile' | 'flagAttiva' | 'flagEsperienzaPassata'>) => Boolean(e.flagVisibile) && bookableNow(e);

/** Whether it has its own booking form (`tipoEsperienza` 0 or 1). */
export const hasOwnForm = (e: Pick<Experience, 'tipoEsperienza'>) => e.tipoEsperienza !== ADD_ON_ONLY;

/** Why its own booking form cannot be used, as the `experiences` message that says so, or null when it can. */
export function whyNotBookable(e: Pick<Experience, 'flagAttiva' | 'flagEsperienzaPassata' | 'tipoEsperienza'>): 'notBookable' | 'past' | 'addOnOnly' | null {
  if (e.flagEsperienzaPassata) return 'past';
  if (!e.flagAttiva) return 'notBookable';
  return hasOwnForm(e) ? null : 'addOnOnly';
}

/** A single-date experience whose places (`maxPrenotazioni`) are all taken. */
export const soldOut = (e: Pick<Experience, 'maxPrenotazioni' | 'data' | 'scadenza' | 'esperienzeDisponibili'>) =>
  e.maxPrenotazioni > 0 && e.data !== '' && e.data === e.scadenza && e.esperienzeDisponibili <= 0;
