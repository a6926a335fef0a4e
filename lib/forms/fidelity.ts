import { z } from 'zod';
import { withNationalPhone } from '@/lib/identity';
import { birthDay, birthMonth, checkPhone, contactShape, daysInMonth, email, optionalConsent, requiredConsent } from './fields';

/**
 * Loyalty sign-up (spec sections 3 and 5): field names are the contract's; messages are
 * keys under `forms.errors`. Both consents are required to complete the registration.
 */
export const fidelitySchema = z
  .object({
    ...contactShape,
    compleannoGiorno: birthDay,
    compleannoMese: birthMonth,
    privacy: requiredConsent('privacyRequired'),
    marketing: requiredConsent('marketingRequired'),
    marketingSms: optionalConsent,
  })
  .superRefine((v, ctx) => {
    checkPhone(v, ctx);
    if (v.compleannoGiorno > daysInMonth(v.compleannoMese)) {
      ctx.addIssue({ code: 'custom', path: ['compleannoGiorno'], message: 'birthDayRequired' });
    }
  })
  .transform(withNationalPhone);

export type FidelityInput = z.input<typeof fidelitySchema>;
export type FidelityData = z.output<typeof fidelitySchema>;

export { fidelityFields, fidelityOutcomes, type FidelityField, type FidelityOutcome } from './fidelity-fields';

export const fidelityLookupSchema = z.object({ email: email() });

export const fidelityErrorReasons = ['alreadyRegistered', 'notFound', 'disabled', 'generic'] as const;
export type FidelityErrorReason = (typeof fidelityErrorReasons)[number];
