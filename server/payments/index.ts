import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { cardSetups, noshowCharges, paymentEvents, type VenueRow } from '@/server/db/schema';
import type { PaymentEvent, PaymentStart, StartedPayment } from '@/lib/payments/types';
import { log } from '@/lib/log';
import { guaranteeProvider, localPayments, startedMirror, venueMetadata } from './provider';
import { now as clockNow } from '@/server/clock';
import { kickDelivery } from '@/server/outbox/delivery';
import { applyChargeEvent } from './noshow';
import { feePageState } from './fee-page';
import { observeWebhookLag } from '@/server/observability/observe';

export { guaranteeProvider, localPayments } from './provider';

/**
 * Starts saving a card for a guarantee: the provider's setup, mirrored in `card_setups`
 * with the venue, so a reference from another venue or made up is "Payment not found.".
 */
/** The setup's metadata as stored: without the idempotency key, which is only for the provider. */
const withoutKey = (metadata: Record<string, string>) => Object.fromEntries(Object.entries(metadata).filter(([key]) => key !== 'idempotencyKey'));

export async function startCardSetup(
  db: Db,
  venue: VenueRow,
  input: PaymentStart,
  provider = guaranteeProvider(),
): Promise<StartedPayment> {
  const created = await provider.createSetup({ ...input, metadata: venueMetadata(venue, input.metadata) });
  // The same call again (same idempotency key) gets the same setup back from Stripe: mirrored once.
  await db
    .insert(cardSetups)
    .values({ ...startedMirror(venue, provider.kind, created, input), metadata: venueMetadata(venue, withoutKey(input.metadata)) })
    .onConflictDoNothing({ target: cardSetups.reference });
  log.info('card_setup_started', { venueId: venue.id, provider: provider.kind });
  return created;
}

export type CardCheck = { ok: true; provider: 'stripe' | 'local'; paymentMethod: string } | { ok: false; error: 'paymentNotFound' | 'paymentFailed' };

/**
 * Verifies server-side, with the provider itself, that the card was saved: the browser's
 * word is never taken for it.
 */
export async function verifyCardSetup(db: Db, venue: VenueRow, reference: string, provider = guaranteeProvider()): Promise<CardCheck> {
  const [mirror] = await db.select().from(cardSetups).where(eq(cardSetups.reference, reference));
  if (!mirror || mirror.venueId !== venue.id || mirror.provider !== provider.kind) return { ok: false, error: 'paymentNotFound' };
  const setup = await provider.retrieveSetup(reference);
  if (!setup) return { ok: false, error: 'paymentNotFound' };
  if (setup.status !== 'succeeded' || !setup.paymentMethod) return { ok: false, error: 'paymentFailed' };
  await db.update(cardSetups).set({ status: setup.status, paymentMethod: setup.paymentMethod, ...(setup.customer ? { customer: setup.customer } : {}), updatedAt: clockNow() }).where(eq(cardSetups.id, mirror.id));
  return { ok: true, provider: provider.kind, paymentMethod: setup.paymentMethod };
}

/**
 * A signed webhook (Stripe's, or the local provider's signed the same way): verified, then
 * applied once; a replayed event id is acknowledged and ignored. The event id is recorded in
 * the same transaction that applies it: should applying fail (or the process die) the record
 * goes too, so the provider's redelivery applies the event instead of finding it "done".
 */
export async function applyPaymentEvent(db: Db, event: PaymentEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
  const result = await db.transaction(async (tx) => {
    const inserted = await tx.insert(paymentEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing().returning({ id: paymentEvents.eventId });
    if (!inserted.length) return 'duplicate' as const;
    if (event.charge) return (await applyChargeEvent(tx, event.charge)) ? ('applied' as const) : ('ignored' as const);
    if (!event.setup) return 'ignored' as const;
    const updated = await tx
      .update(cardSetups)
      .set({ status: event.setup.status, paymentMethod: event.setup.paymentMethod, ...(event.setup.customer ? { customer: event.setup.customer } : {}), lastError: event.setup.lastError, webhookAt: clockNow(), updatedAt: clockNow() })
      .where(eq(cardSetups.reference, event.setup.reference))
      .returning({ id: cardSetups.id });
    return updated.length ? ('applied' as const) : ('ignored' as const);
  });
  log.info('payment_webhook', { type: event.type, result });
  if (result === 'applied') observeWebhookLag('payments', event.created);
  if (result === 'applied' && event.charge) kickDelivery();
  return result;
}

/**
 * The local provider's authentication (the fee page's form): the guest approves or refuses
 * the bank's check, told by the provider's signed webhook and applied as any webhook is.
 * False when the link is not the site's or there is nothing to authenticate.
 */
export async function authenticateLocalFee(db: Db, venue: VenueRow, chargeId: number, signature: string, approve: boolean): Promise<boolean> {
  const page = await feePageState(db, venue, chargeId, signature);
  if (page.state !== 'open' || page.provider !== 'local') return false;
  const [charge] = await db.select().from(noshowCharges).where(eq(noshowCharges.id, chargeId));
  const event = await localPayments().authenticateCharge(charge.reference!, charge.clientSecret ?? '', approve);
  if (!event) return false;
  return (await applyPaymentEvent(db, localPayments().parseWebhook(event.body, event.signature))) === 'applied';
}
