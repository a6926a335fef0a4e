import { z } from 'zod';
import { withNationalPhone } from '@/lib/identity';
import { checkPhone, contactShape, optionalConsent, requiredConsent } from './fields';

/**
 * "Download the promo" (issue 16; spec section 2 leaves the fields open): first name,
 * surname, e-mail, phone with prefix, privacy and marketing consent (both required, as
 * in the loyalty form: the code is given in exchange for them). Field names follow the
 * contract's other forms; messages are keys under `forms.errors`. The server validates
 * with this schema; the browser checks the same rules without zod (`checkPromo` in
 * lib/forms/client-rules.ts, tests/unit/client-rules.test.ts keeps them in step).
 */
export const promoRequestSchema = z
  .object({
    ...contactShape,
    privacy: requiredConsent('privacyRequired'),
    marketing: requiredConsent('promoMarketingRequired'),
    marketingSms: optionalConsent,
  })
  .superRefine(checkPhone)
  .transform(withNationalPhone);

export type PromoRequestInput = z.input<typeof promoRequestSchema>;
export type PromoRequestData = z.output<typeof promoRequestSchema>;

export { promoFields, type PromoField } from '@/lib/promo/fields';
