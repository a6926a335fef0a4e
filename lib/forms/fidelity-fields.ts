// Zod-free, so the loyalty form's client code can import it without the schema.
/** The form's fields in screen order: the error summary and focus follow it. */
export const fidelityFields = [
  'nome',
  'cognome',
  'email',
  'prefisso',
  'telefono',
  'compleannoGiorno',
  'compleannoMese',
  'privacy',
  'marketing',
  'marketingSms',
] as const;
export type FidelityField = (typeof fidelityFields)[number];

/** Outcomes of a sign-up (spec section 4, "Loyalty"): the landing page's states. */
export const fidelityOutcomes = ['success', 'alreadyRegistered', 'disabled', 'generic'] as const;
export type FidelityOutcome = (typeof fidelityOutcomes)[number];
