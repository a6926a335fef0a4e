import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { cardSetups, localLedger, noshowCharges } from '@/server/db/schema';
import { PermanentPaymentError, type CardSetup, type ChargeEvent, type GuaranteeProvider, type OffSessionCharge, type PaymentEvent, type SetupStatus } from '@/lib/payments/types';
import { verifiedEvent } from '@/lib/payments/stripe';
import { now as clockNow } from '@/server/clock';
import { storedSecret } from '@/server/backend/token';

/**
 * The local provider signs its webhooks the way Stripe does: with LOCAL_PAYMENTS_WEBHOOK_SECRET,
 * or a random secret made once per data directory (DATA_DIR/local-webhook-secret), never a
 * public default that would let anyone sign a "card saved" event.
 */
export const localWebhookSecret = () => storedSecret('LOCAL_PAYMENTS_WEBHOOK_SECRET', 'local-webhook-secret', 'local_webhook_secret_generated');

/**
 * Test cards, as Stripe documents them: 4242... is saved, 4000...0002 is declined,
 * 4000...9995 is declined for insufficient funds, 4000...0119 fails with a processing error.
 * Any other number that passes the Luhn check is saved; one that does not is refused.
 * Off-session charges (the no-show fee) of a saved card: 4000...0341 is saved but its charge
 * is declined, 4000 0027 6000 3184 is saved but its charge needs the guest to authenticate;
 * any other saved card is charged.
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  processingError: '4000000000000119',
  chargeDeclined: '4000000000000341',
  chargeNeedsAuthentication: '4000002760003184',
} as const;

/** What an off-session charge to a saved test card does. */
export function offSessionOutcome(number: string): 'succeed' | 'decline' | 'authenticate' {
  const digits = number.replace(/[\s-]/g, '');
  return digits === TEST_CARDS.chargeDeclined ? 'decline' : digits === TEST_CARDS.chargeNeedsAuthentication ? 'authenticate' : 'succeed';
}

/** The local provider's PaymentIntent id for an idempotency key: the same key, the same intent (as Stripe). */
const localIntentId = (idempotencyKey: string) => `lnpi_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** What a test card does: saved, or the error code Stripe would give. */
export function testCardOutcome(number: string): { ok: true } | { ok: false; code: 'card_declined' | 'insufficient_funds' | 'processing_error' | 'incorrect_number' } {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || !luhn(digits)) return { ok: false, code: 'incorrect_number' };
  if (digits === TEST_CARDS.declined) return { ok: false, code: 'card_declined' };
  if (digits === TEST_CARDS.insufficientFunds) return { ok: false, code: 'insufficient_funds' };
  if (digits === TEST_CARDS.processingError) return { ok: false, code: 'processing_error' };
  return { ok: true };
}

const signer = new Stripe('sk_test_local_signer_only');

/** The local provider's refund of a payment (a fee's `lnpi_...`, a deposit's `lpi_...`): one ledger line per payment. */
export async function recordLocalRefund(db: Db, reference: string): Promise<void> {
  await db.insert(localLedger).values({ idempotencyKey: `refund-${reference}`, kind: 'refund', reference, status: 'succeeded' }).onConflictDoNothing();
}

/** Whether the local provider refunded this payment. */
export async function findLocalRefund(db: Db, reference: string): Promise<boolean> {
  const [line] = await db.select({ key: localLedger.idempotencyKey }).from(localLedger).where(and(eq(localLedger.idempotencyKey, `refund-${reference}`), eq(localLedger.kind, 'refund')));
  return Boolean(line);
}

function toSetup(row: typeof cardSetups.$inferSelect): CardSetup {
  return { reference: row.reference, status: row.status as SetupStatus, paymentMethod: row.paymentMethod, lastError: row.lastError, metadata: row.metadata, customer: null };
}

/** A no-show fee's intent in a (local) webhook; null for anything else. */
function chargeOf(type: string, object: { id?: string; metadata?: Record<string, string>; last_payment_error?: { code?: string } | null }): ChargeEvent | null {
  if (!object.id || object.metadata?.kind !== 'noshow') return null;
  if (type === 'payment_intent.succeeded') return { reference: object.id, status: 'succeeded', error: null };
  if (type === 'payment_intent.payment_failed') return { reference: object.id, status: 'failed', error: object.last_payment_error?.code ?? 'card_declined' };
  return null;
}

/** Signs an event like Stripe does, so it goes through the same verification as a real webhook. */
export function signLocalEvent(event: { id: string; type: string; created: number; data: { object: unknown } }): { body: string; signature: string } {
  const body = JSON.stringify({ object: 'event', livemode: false, ...event });
  return { body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret: localWebhookSecret() }) };
}

/**
 * The local test provider: the same interface and states as Stripe SetupIntents, kept in
 * the `card_setups` table, with the test cards above. Used when no Stripe keys are set.
 */
export function localProvider(getDb: () => Promise<Db>): GuaranteeProvider & {
  confirm(reference: string, clientSecret: string, card: { number: string }): Promise<{ setup: CardSetup; event: { body: string; signature: string } } | null>;
  authenticateCharge(reference: string, clientSecret: string, approve: boolean): Promise<{ body: string; signature: string } | null>;
} {
  return {
    kind: 'local',
    publicConfig: () => ({ kind: 'local' }),
    async createSetup() {
      // The row itself is written by the caller (server/payments/index.ts), as for Stripe.
      return { reference: `lseti_${randomBytes(12).toString('hex')}`, clientSecret: `lseti_secret_${randomBytes(18).toString('base64url')}` };
    },
    async retrieveSetup(reference) {
      if (!/^lseti_[a-f0-9]{24}$/.test(reference)) return null;
      const db = await getDb();
      const [row] = await db.select().from(cardSetups).where(and(eq(cardSetups.reference, reference), eq(cardSetups.provider, 'local')));
      return row ? toSetup(row) : null;
    },
    parseWebhook(rawBody, header): PaymentEvent {
      const event = verifiedEvent(signer, rawBody, header, localWebhookSecret());
      const object = (event.data?.object ?? {}) as { id?: string; status?: SetupStatus; payment_method?: string | null; last_setup_error?: { code?: string } | null; metadata?: Record<string, string> };
      const setup = event.type.startsWith('setup_intent.') && object.id
        ? { reference: object.id, status: object.status ?? 'requires_payment_method', paymentMethod: object.payment_method ?? null, lastError: object.last_setup_error?.code ?? null, metadata: object.metadata ?? {} }
        : null;
      const charge = event.type.startsWith('payment_intent.') ? chargeOf(event.type, object as Parameters<typeof chargeOf>[1]) : null;
      return { id: event.id, type: event.type, created: event.created, setup, charge };
    },
    /**
     * The saved test card decides: charged, declined, or the guest must authenticate (TEST_CARDS).
     * A card no longer saved (detached) is refused as Stripe refuses it: PermanentPaymentError.
     * What was charged is kept in the ledger by key, as Stripe keeps it (findCharge).
     */
    async chargeOffSession({ paymentMethod, idempotencyKey, metadata }) {
      const db = await getDb();
      const [card] = await db.select().from(cardSetups).where(and(eq(cardSetups.paymentMethod, paymentMethod), eq(cardSetups.provider, 'local')));
      const reference = localIntentId(idempotencyKey);
      if (!card || card.status !== 'succeeded') throw new PermanentPaymentError('resource_missing', `No such PaymentMethod: '${paymentMethod}'`);
      const outcome: OffSessionCharge =
        card.offSession === 'decline'
          ? { reference, status: 'failed', error: 'card_declined', clientSecret: null }
          : card.offSession === 'authenticate'
            ? { reference, status: 'requires_action', error: 'authentication_required', clientSecret: `${reference}_secret_${randomBytes(18).toString('base64url')}` }
            : { reference, status: 'succeeded', error: null, clientSecret: null };
      await db.insert(localLedger).values({ idempotencyKey, kind: 'charge', reference, status: outcome.status, metadata: { ...metadata, kind: 'noshow', charge_key: idempotencyKey } }).onConflictDoNothing();
      return outcome;
    },
    // The local provider holds no money: the ledger's line (and the charge's row, `refunded`) is the refund.
    async refundCharge(reference) {
      await recordLocalRefund(await getDb(), reference);
    },
    async findCharge(idempotencyKey) {
      const [line] = await (await getDb()).select().from(localLedger).where(and(eq(localLedger.idempotencyKey, idempotencyKey), eq(localLedger.kind, 'charge')));
      return line ? { reference: line.reference, status: line.status as OffSessionCharge['status'], error: line.status === 'failed' ? 'card_declined' : line.status === 'requires_action' ? 'authentication_required' : null, clientSecret: null } : null;
    },
    findRefund: async (reference) => findLocalRefund(await getDb(), reference),
    /** The local authentication page: the guest approves (charged) or fails it, told by a signed webhook as Stripe would. */
    async authenticateCharge(reference, clientSecret, approve) {
      const db = await getDb();
      const [row] = await db.select().from(noshowCharges).where(and(eq(noshowCharges.reference, reference), eq(noshowCharges.provider, 'local')));
      if (!row?.clientSecret || row.clientSecret.length !== clientSecret.length || !timingSafeEqual(Buffer.from(row.clientSecret), Buffer.from(clientSecret))) return null;
      return signLocalEvent({
        id: `levt_${randomBytes(12).toString('hex')}`,
        type: approve ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
        created: Math.floor(clockNow().getTime() / 1000),
        data: { object: { id: reference, object: 'payment_intent', status: approve ? 'succeeded' : 'requires_payment_method', metadata: { kind: 'noshow' }, last_payment_error: approve ? null : { code: 'payment_intent_authentication_failure' } } },
      });
    },
    /** The test card form's submit: saves the card or records the decline, then signs the webhook. */
    async confirm(reference, clientSecret, card) {
      const db = await getDb();
      const [row] = await db.select().from(cardSetups).where(and(eq(cardSetups.reference, reference), eq(cardSetups.provider, 'local')));
      if (!row?.clientSecret || row.clientSecret.length !== clientSecret.length || !timingSafeEqual(Buffer.from(row.clientSecret), Buffer.from(clientSecret))) return null;
      if (row.status === 'succeeded') return null;
      const outcome = testCardOutcome(card.number);
      const values = outcome.ok
        ? { status: 'succeeded', paymentMethod: `lpm_${randomBytes(12).toString('hex')}`, lastError: null, offSession: offSessionOutcome(card.number) }
        : { status: 'requires_payment_method', paymentMethod: null, lastError: outcome.code };
      const [updated] = await db.update(cardSetups).set({ ...values, updatedAt: clockNow() }).where(eq(cardSetups.id, row.id)).returning();
      const setup = toSetup(updated);
      const event = signLocalEvent({
        id: `levt_${randomBytes(12).toString('hex')}`,
        type: outcome.ok ? 'setup_intent.succeeded' : 'setup_intent.setup_failed',
        created: Math.floor(clockNow().getTime() / 1000),
        data: {
          object: { id: setup.reference, object: 'setup_intent', status: setup.status, payment_method: setup.paymentMethod, last_setup_error: setup.lastError ? { code: setup.lastError } : null, metadata: setup.metadata },
        },
      });
      return { setup, event };
    },
  };
}
