import { z } from 'zod';
import { num, str, texts } from './fields';
import { promoStates } from '@/lib/promo/state';

/**
 * The answers (`data`) of the promotion calls (docs/backend-contract.md, "Promotions").
 * Spec section 7 leaves them unshown; they follow the contract's style.
 */
const state = z.enum(promoStates).catch('disabled');

export const promoSchema = z.object({
  urlName: z.string().min(1),
  title: texts,
  description: texts,
  image: str,
  /** ISO instants: the promotion opens at `startsAt`; the countdown ends at `endsAt`. */
  startsAt: z.string().min(1),
  endsAt: z.string().min(1),
  /** `yyyy-mm-dd`: the codes' "valid until" day, and the instant it ends (`expiresAt`). */
  validUntil: z.string().min(1),
  expiresAt: z.string().min(1),
  timezone: str,
  count: num,
  remaining: num,
  state,
  serverTime: str,
});
export type Promo = z.output<typeof promoSchema>;

const codeStatus = z.enum(['requested', 'used', 'expired']);
export const promoCodeSchema = z.object({
  id: z.string().min(1),
  code: z.string().min(1),
  urlName: z.string().min(1),
  title: texts,
  status: codeStatus,
  requestedAt: z.string().min(1),
  usedAt: str,
  validUntil: z.string().min(1),
  expiresAt: str,
  timezone: str,
  /** `promo/lookup` and `promo/redeem` only: the guest's name, for the staff. */
  guest: str,
});
export type PromoCode = z.output<typeof promoCodeSchema>;

export const promoRequestedSchema = z.object({ id: z.string().min(1), code: z.string().min(1) });

export const promoRedeemedSchema = z.object({
  result: z.enum(['used', 'alreadyUsed']),
  code: promoCodeSchema,
});
export type PromoRedeemed = z.output<typeof promoRedeemedSchema>;

export const promoAnswers = {
  'promo/request': promoRequestedSchema,
  'promo/getcode': promoCodeSchema,
  'promo/resend': z.object({ sent: z.boolean() }),
  'promo/lookup': promoCodeSchema,
  'promo/redeem': promoRedeemedSchema,
} as const;
export type PromoCall = keyof typeof promoAnswers;
