import 'server-only';
import { getDb } from '@/server/db/client';
import { errorMessage, log } from '@/lib/log';
import { WebhookSignatureError } from '@/lib/payments/types';
import type { CheckoutProvider } from '@/lib/payments/checkout';
import { checkoutProvider } from '@/server/payments/checkout';
import { applyCheckoutEvent } from './service';
import { observeWebhookLag } from '@/server/observability/observe';

/**
 * A `checkout.session.*` webhook (Stripe's, or the local provider's signed the same way):
 * verified, then applied. Replays are harmless: the cards exist once per payment reference
 * (service.ts, `fulfil`). A failure to apply is a 500, so the provider delivers it again.
 */
export async function handleCheckoutWebhook(rawBody: string, signature: string | null, provider: CheckoutProvider = checkoutProvider()): Promise<Response> {
  try {
    const event = provider.parseWebhook(rawBody, signature);
    const result = await applyCheckoutEvent(await getDb(), event);
    log.info('checkout_webhook', { type: event.type, result });
    observeWebhookLag('giftcards', event.created);
    return Response.json({ received: true, result });
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      log.warn('payment_webhook_refused', { reason: error.message.slice(0, 120) });
      return Response.json({ error: 'invalidSignature' }, { status: 400 });
    }
    log.error('checkout_webhook_failed', { error: errorMessage(error) });
    return Response.json({ error: 'generic' }, { status: 500 });
  }
}
