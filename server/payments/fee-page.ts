import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { noshowCharges, type VenueRow } from '@/server/db/schema';
import { bookingOf } from './noshow';
import { isSignedFeeLink } from './fee-link';

/** What the guest's fee link shows: the fee to authenticate, or how it ended. */
export type FeePage =
  | { state: 'invalid' }
  | {
      state: 'open' | 'succeeded' | 'failed' | 'refunded' | 'settled';
      provider: 'stripe' | 'local';
      amountCents: number;
      currency: string;
      date: string;
      time: string;
      policy: string;
      /** Stripe only, while open: what the browser confirms the payment with. */
      clientSecret: string | null;
      paymentMethod: string;
    };

export async function feePageState(db: Db, venue: VenueRow, chargeId: number, signature: string): Promise<FeePage> {
  if (!Number.isInteger(chargeId) || chargeId <= 0 || !isSignedFeeLink(venue.id, chargeId, signature)) return { state: 'invalid' };
  const [charge] = await db.select().from(noshowCharges).where(and(eq(noshowCharges.id, chargeId), eq(noshowCharges.venueId, venue.id)));
  const b = charge ? await bookingOf(db, charge) : null;
  if (!charge || !b) return { state: 'invalid' };
  const state = charge.status === 'requires_action' ? 'open' : charge.status === 'succeeded' || charge.status === 'failed' || charge.status === 'refunded' ? charge.status : 'settled';
  return {
    state,
    provider: charge.provider,
    amountCents: charge.amountCents,
    currency: charge.currency,
    date: b.date,
    time: b.time,
    policy: b.guaranteeTerms?.text ?? '',
    clientSecret: state === 'open' && charge.provider === 'stripe' ? charge.clientSecret : null,
    paymentMethod: charge.paymentMethod,
  };
}
