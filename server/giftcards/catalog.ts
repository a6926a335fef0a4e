import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { giftCards, type GiftCardRow, type VenueRow } from '@/server/db/schema';
import { GiftcardError } from './errors';

/** A card on sale, as the contract's `giftcard/getlist` and `giftcard/get` give it (amounts in cents). */
export function cardView(row: GiftCardRow) {
  return {
    id: row.key,
    title: row.title,
    description: row.description,
    regulations: row.regulations,
    value: row.valueCents,
    price: row.priceCents,
    customMin: row.customMinCents,
    customMax: row.customMaxCents,
    maxQuantity: row.maxQuantity,
    image: row.image,
  };
}

export async function listCards(db: Db, venue: VenueRow) {
  const rows = await db.select().from(giftCards).where(and(eq(giftCards.venueId, venue.id), eq(giftCards.active, true))).orderBy(asc(giftCards.sort), asc(giftCards.id));
  return rows.map(cardView);
}

export async function findCard(db: Db, venue: VenueRow, id: string) {
  const [row] = await db.select().from(giftCards).where(and(eq(giftCards.venueId, venue.id), eq(giftCards.key, id), eq(giftCards.active, true)));
  return row ?? null;
}

/**
 * The price of one card of `valueCents`: the card's own, or, on a free-amount card
 * (`customValue`), the amount the buyer typed at the card's price ratio. A free-amount card
 * requires the amount (issue 45): it never falls back to a value of its own.
 */
export function unitAmounts(card: GiftCardRow, customValueCents: number | null): { valueCents: number; priceCents: number } {
  if (customValueCents === null) {
    if (card.customMinCents !== null) throw new GiftcardError('required', 'customValue');
    return { valueCents: card.valueCents, priceCents: card.priceCents };
  }
  if (card.customMinCents === null || card.customMaxCents === null) throw new GiftcardError('amountInvalid', 'customValue');
  if (customValueCents < card.customMinCents || customValueCents > card.customMaxCents) throw new GiftcardError('amountRange', 'customValue');
  return { valueCents: customValueCents, priceCents: Math.round((customValueCents * card.priceCents) / card.valueCents) };
}
