import 'server-only';
import { getDb } from '@/server/db/client';
import { errorMessage, log } from '@/lib/log';
import { WebhookSignatureError } from '@/lib/payments/types';
import { applyPaymentEvent, guaranteeProvider } from './index';
import { isCheckoutEventBody } from './checkout';
import { handleCheckoutWebhook } from '@/server/giftcards/webhook';

/**
 * `POST /api/payments/webhook`: the provider's signed events (Stripe's `Stripe-Signature`).
 * A bad, tampered or stale signature is a 400 and changes nothing; a replayed event is
 * acknowledged without being applied twice.
 */
export async function handlePaymentWebhook(request: Request): Promise<Response> {
  const body = await request.text();
  // Checkout Sessions (gift card purchases) have their own handler, which verifies the signature itself.
  if (isCheckoutEventBody(body)) return handleCheckoutWebhook(body, request.headers.get('stripe-signature'));
  try {
    const event = guaranteeProvider().parseWebhook(body, request.headers.get('stripe-signature'));
    const result = await applyPaymentEvent(await getDb(), event);
    return Response.json({ received: true, result });
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      log.warn('payment_webhook_refused', { reason: error.message.slice(0, 120) });
      return Response.json({ error: 'invalidSignature' }, { status: 400 });
    }
    log.error('payment_webhook_failed', { error: errorMessage(error) });
    return Response.json({ error: 'generic' }, { status: 500 });
  }
}
