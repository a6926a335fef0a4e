import { z } from 'zod';
import { email, isValidPhone, phoneNumber, prefix, requiredConsent, requiredText } from './fields';

/**
 * "Download the promo" (issue 16; spec section 2 leaves the fields open): first name,
 * surname, e-mail, phone with prefix, privacy consent (required) and marketing consent
 * (optional: a promo code is not conditional on marketing). Field names follow the
 * contract's other forms; messages are keys under `forms.errors`. The server validates
 * with this schema; the browser checks the same rules with react-hook-form rules
 * (components/promo/promo-form.tsx) so the full zod does not ship to guests.
 */
export const promoRequestSchema = z
  .object({
    nome: requiredText('nameRequired'),
    cognome: requiredText('surnameRequired'),
    email: email(),
    prefisso: prefix,
    telefono: phoneNumber,
    privacy: requiredConsent('privacyRequired'),
    marketing: z
      .union([z.boolean(), z.literal('1'), z.literal('true'), z.literal('0'), z.literal('false'), z.literal('')])
      .optional()
      .transform((v) => v === true || v === '1' || v === 'true'),
  })
  .superRefine((v, ctx) => {
    if (!isValidPhone(v.prefisso, v.telefono)) ctx.addIssue({ code: 'custom', path: ['telefono'], message: 'phoneInvalid' });
  });

export type PromoRequestData = z.output<typeof promoRequestSchema>;

/** The form's fields in screen order. */
export const promoFields = ['nome', 'cognome', 'email', 'prefisso', 'telefono', 'privacy', 'marketing'] as const;
export type PromoField = (typeof promoFields)[number];
