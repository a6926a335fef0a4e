import 'server-only';
import { now as clockNow } from '@/server/clock';
import { currencyOf } from '@/lib/currency';
import type { WalletItem } from './items';

/** Google Wallet's three kinds of object this site issues, by the REST resource that holds them. */
export type GoogleResource = 'giftCardObject' | 'offerObject' | 'eventTicketObject';
export type GooglePatch = { resource: GoogleResource; body: Record<string, unknown> };

/** What changes on an object after a redemption or a cancellation: its balance, its state. */
export const giftcardPatch = (balanceCents: number, currency: string) => ({
  resource: 'giftCardObject' as GoogleResource,
  body: { balance: { micros: balanceCents * 10_000, currencyCode: currencyOf(currency).code }, balanceUpdateTime: { date: clockNow().toISOString() } },
});
export const promoPatch = (status: 'requested' | 'used' | 'expired') => ({ resource: 'offerObject' as GoogleResource, body: { state: status === 'used' ? 'COMPLETED' : status === 'expired' ? 'EXPIRED' : 'ACTIVE' } });
export const experiencePatch = (cancelled: boolean) => ({ resource: 'eventTicketObject' as GoogleResource, body: { state: cancelled ? 'INACTIVE' : 'ACTIVE' } });

export function googlePatchOf(item: WalletItem): GooglePatch {
  if (item.kind === 'giftcard') return giftcardPatch(item.balanceCents, item.currency);
  if (item.kind === 'promo') return promoPatch(item.status);
  return experiencePatch(item.cancelled);
}

