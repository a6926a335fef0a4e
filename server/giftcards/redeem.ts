import 'server-only';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { giftCardOrders, giftCardRedemptions, giftCards, issuedGiftCards, type VenueRow } from '@/server/db/schema';
import { now as clockNow } from '@/server/clock';
import { localMoment } from '@/server/booking/time';
import { GiftcardError } from './errors';

/** The venue's own day: a card valid until a date is valid through that whole day where the venue is. */
const today = (venue: VenueRow) => localMoment(venue.timezone, clockNow()).date;

/** A card's printable page, by its 128-bit print token. */
export async function printableCard(db: Database, venue: VenueRow, token: string) {
  if (!/^[A-Za-z0-9_-]{22}$/.test(token)) return null;
  const [row] = await db
    .select({ card: issuedGiftCards, order: giftCardOrders, regulations: giftCards.regulations })
    .from(issuedGiftCards)
    .innerJoin(giftCardOrders, eq(giftCardOrders.id, issuedGiftCards.orderId))
    .innerJoin(giftCards, eq(giftCards.id, giftCardOrders.giftCardId))
    .where(and(eq(issuedGiftCards.venueId, venue.id), eq(issuedGiftCards.printToken, token)));
  if (!row) return null;
  const { card, order } = row;
  return {
    code: card.code,
    value: card.valueCents,
    balance: card.balanceCents,
    validUntil: card.validUntil,
    currency: order.currency,
    product: order.productTitle,
    regulations: row.regulations,
    message: order.message,
    from: `${order.firstName} ${order.lastName}`,
    to: order.toMe ? `${order.firstName} ${order.lastName}` : `${order.recipientFirstName ?? ''} ${order.recipientLastName ?? ''}`.trim(),
  };
}

/** The venue looks a card up by its code. */
export async function lookupCard(db: Database, venue: VenueRow, code: string) {
  const [card] = await db.select().from(issuedGiftCards).where(and(eq(issuedGiftCards.venueId, venue.id), eq(issuedGiftCards.code, code)));
  if (!card) return null;
  return { code: card.code, value: card.valueCents, balance: card.balanceCents, validUntil: card.validUntil, expired: card.validUntil < today(venue) };
}

/**
 * Takes `amountCents` off a card (partial redemptions allowed). One conditional UPDATE
 * (`balance >= amount`), so concurrent redemptions never take the balance below zero, and
 * the CHECK constraint refuses it even if a query tried.
 */
export async function redeemCard(db: Database, venue: VenueRow, code: string, amountCents: number, reference: string) {
  return db.transaction(async (tx) => {
    const [card] = await tx
      .update(issuedGiftCards)
      .set({ balanceCents: sql`${issuedGiftCards.balanceCents} - ${amountCents}` })
      .where(and(eq(issuedGiftCards.venueId, venue.id), eq(issuedGiftCards.code, code), gte(issuedGiftCards.balanceCents, amountCents), gte(issuedGiftCards.validUntil, today(venue))))
      .returning();
    if (!card) {
      const found = await lookupCard(tx, venue, code);
      if (!found) throw new GiftcardError('notFound', 'code');
      if (found.expired) throw new GiftcardError('expired', 'code');
      throw new GiftcardError('insufficientBalance', 'amount');
    }
    await tx.insert(giftCardRedemptions).values({ cardId: card.id, amountCents, reference });
    return { code: card.code, value: card.valueCents, balance: card.balanceCents, validUntil: card.validUntil, redeemed: amountCents };
  });
}
