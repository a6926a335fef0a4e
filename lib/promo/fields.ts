/** The promo form's fields in screen order (lib/forms/promo.ts): the error summary and focus follow it. No imports: ships to the browser. */
export const promoFields = ['nome', 'cognome', 'email', 'prefisso', 'telefono', 'privacy', 'marketing', 'marketingSms'] as const;
export type PromoField = (typeof promoFields)[number];
