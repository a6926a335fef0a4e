import { orderStatuses } from '@/lib/giftcards/order';
import { paymentProviders } from '@/lib/routes';
import { boolean, number, object, oneOf, string } from '../check';

/** What the gift card pages' `/api/giftcard/*` calls answer in `data` (lib/api/client.ts). */
export const checkoutAnswer = object({ fingerprint: string, provider: oneOf(...paymentProviders) });

export const createAnswer = object({ status: oneOf(...orderStatuses) });

export const balanceAnswer = object({ balance: number, value: number, validUntil: string, expired: boolean, test: boolean });
