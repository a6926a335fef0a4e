import 'server-only';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { giftCardOrders, giftCardRedemptions, giftCards, issuedGiftCards, type VenueRow } from '@/server/db/schema';
import { now as clockNow } from '@/server/clock';
import { localMoment } from '@/server/booking/time';
import { GiftcardError } from './errors';
import { kickWalletDelivery, passChanged } from '@/server/wallet/changes';
import { giftcardPatch } from '@/server/wallet/patches';
import { giftcardSerial } from '@/server/wallet/items';

/** The venue's own day: a card valid until a date is valid through that whole day where the venue is. */
const today = (venue: VenueRow) => localMoment(venue.timezone, clockNow()).date;

/** A card's printable page, by its 128-bit print token. */
export async function printableCard(db: Db, venue: VenueRow, token: string) {
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
    test: card.test,
    currency: order.currency,
    product: order.productTitle,
    regulations: row.regulations,
    message: order.message,
    from: `${order.firstName} ${order.lastName}`,
    to: order.toMe ? `${order.firstName} ${order.lastName}` : `${order.recipientFirstName ?? ''} ${order.recipientLastName ?? ''}`.trim(),
  };
}

/** The venue looks a card up by its code. */
export async function lookupCard(db: Db, venue: VenueRow, code: string) {
  const [card] = await db.select().from(issuedGiftCards).where(and(eq(issuedGiftCards.venueId, venue.id), eq(issuedGiftCards.code, code)));
  if (!card) return null;
  return { code: card.code, value: card.valueCents, balance: card.balanceCents, validUntil: card.validUntil, expired: card.validUntil < today(venue), test: card.test };
}

/**
 * Takes `amountCents` off a card (partial redemptions allowed). One conditional UPDATE
 * (`balance >= amount`), so concurrent redemptions never take the balance below zero, and
 * the CHECK constraint refuses it even if a query tried.
 *
 * A non-empty `reference` is the till's key for this redemption: unique per card (a partial
 * unique index). The redemption row is inserted first; a retry with the same reference
 * (after a time-out, or racing the first) conflicts, waits for the first to commit, and
 * answers the first result with `replayed: true`, taking nothing more (the same reference with
 * another amount: 409 `referenceReused`). Should the first be
 * refused (rolled back), the retry is a new attempt.
 */
export async function redeemCard(db: Db, venue: VenueRow, code: string, amountCents: number, reference: string, test = false) {
  const result = await db.transaction(async (tx) => {
    const [target] = await tx.select({ id: issuedGiftCards.id, test: issuedGiftCards.test }).from(issuedGiftCards).where(and(eq(issuedGiftCards.venueId, venue.id), eq(issuedGiftCards.code, code)));
    if (!target) throw new GiftcardError('notFound', 'code');
    // Test money stays test money: a card paid with it is redeemed only by a call that says it is a test.
    if (target.test && !test) throw new GiftcardError('testCard', 'code');
    let claimed: number | undefined;
    if (reference) {
      const [row] = await tx.insert(giftCardRedemptions).values({ cardId: target.id, amountCents, reference }).onConflictDoNothing().returning({ id: giftCardRedemptions.id });
      if (!row) return replay(tx, target.id, reference, amountCents);
      claimed = row.id;
    }
    const [card] = await tx
      .update(issuedGiftCards)
      .set({ balanceCents: sql`${issuedGiftCards.balanceCents} - ${amountCents}` })
      .where(and(eq(issuedGiftCards.id, target.id), gte(issuedGiftCards.balanceCents, amountCents), gte(issuedGiftCards.validUntil, today(venue))))
      .returning();
    if (!card) {
      const found = await lookupCard(tx, venue, code);
      if (!found) throw new GiftcardError('notFound', 'code');
      if (found.expired) throw new GiftcardError('expired', 'code');
      throw new GiftcardError('insufficientBalance', 'amount');
    }
    // The guest's wallet pass shows the new balance (docs/wallet.md).
    await passChanged(tx, venue.id, giftcardSerial(card.printToken), giftcardPatch(card.balanceCents, venue.currency));
    if (claimed) await tx.update(giftCardRedemptions).set({ balanceAfterCents: card.balanceCents }).where(eq(giftCardRedemptions.id, claimed));
    else await tx.insert(giftCardRedemptions).values({ cardId: card.id, amountCents, reference, balanceAfterCents: card.balanceCents });
    return { code: card.code, value: card.valueCents, balance: card.balanceCents, validUntil: card.validUntil, redeemed: amountCents, replayed: false };
  });
  if (!result.replayed) kickWalletDelivery();
  return result;
}

/**
 * The answer a redemption gave the first time (its reference is already used on this card). The
 * reference names one redemption of one amount: the same reference with another amount is no
 * retry but a till's mistake (or a second sale filed under the first receipt), refused 409
 * `referenceReused` (issue 41), taking nothing.
 */
async function replay(db: Db, cardId: number, reference: string, amountCents: number) {
  const [row] = await db
    .select({ card: issuedGiftCards, redemption: giftCardRedemptions })
    .from(giftCardRedemptions)
    .innerJoin(issuedGiftCards, eq(issuedGiftCards.id, giftCardRedemptions.cardId))
    .where(and(eq(giftCardRedemptions.cardId, cardId), eq(giftCardRedemptions.reference, reference)));
  const { card, redemption } = row;
  if (redemption.amountCents !== amountCents) throw new GiftcardError('referenceReused', 'reference');
  return {
    code: card.code,
    value: card.valueCents,
    balance: redemption.balanceAfterCents ?? card.balanceCents,
    validUntil: card.validUntil,
    redeemed: redemption.amountCents,
    replayed: true,
  };
}
