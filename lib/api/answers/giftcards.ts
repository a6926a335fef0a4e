import { boolean, number, object, oneOf, string } from '../check';

/** What the gift card pages' `/api/giftcard/*` calls answer in `data` (lib/api/client.ts). */
export const checkoutAnswer = object({ fingerprint: string, provider: oneOf('stripe', 'testpay') });

export const createAnswer = object({ status: oneOf('paid', 'pending', 'failed') });

export const balanceAnswer = object({ balance: number, value: number, validUntil: string, expired: boolean });
