import 'server-only';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { giftCardOrders, localCheckoutSessions } from '@/server/db/schema';
import { now as clockNow } from '@/server/clock';

// Kept apart from service.ts (server-only, the providers): the housekeeping sweep imports it at startup.

/** A Checkout Session lives 24 hours (Stripe's default; none is opened with a shorter `expires_at`). */
export const CHECKOUT_SESSION_TTL_MS = 24 * 3_600_000;
/** The sweep waits an hour more, so the session is surely past its expiry at the provider too. */
export const CHECKOUT_EXPIRY_GRACE_MS = 3_600_000;

/**
 * The housekeeping sweep (server/runtime/housekeeping.ts): orders left `pending` past their session's
 * expiry become `expired`, and their local test sessions close (the test page no longer pays
 * them). One conditional UPDATE on `pending` only, so a paid order is never touched; and a
 * late signed `completed` webhook still creates the cards, once (`fulfil` takes any unpaid order).
 */
export async function expireAbandonedOrders(db: Db, now = clockNow(), venueId?: number): Promise<number> {
  const cutoff = new Date(now.getTime() - CHECKOUT_SESSION_TTL_MS - CHECKOUT_EXPIRY_GRACE_MS);
  const expired = await db
    .update(giftCardOrders)
    .set({ status: 'expired' })
    .where(and(eq(giftCardOrders.status, 'pending'), lt(giftCardOrders.createdAt, cutoff), venueId === undefined ? undefined : eq(giftCardOrders.venueId, venueId)))
    .returning({ reference: giftCardOrders.paymentReference });
  const local = expired.map((o) => o.reference).filter((r): r is string => Boolean(r?.startsWith('lcs_')));
  if (local.length) {
    await db
      .update(localCheckoutSessions)
      .set({ status: 'expired' })
      .where(and(inArray(localCheckoutSessions.id, local), eq(localCheckoutSessions.status, 'open')));
  }
  return expired.length;
}
