import 'server-only';
import { getDb } from '@/server/db/client';
import { errorMessage, log } from '@/lib/log';
import { WebhookSignatureError } from '@/lib/payments/types';
import { applyPaymentEvent, authenticateLocalFee, guaranteeProvider } from './index';
import { isCheckoutEventBody } from './checkout';
import { handleCheckoutWebhook } from '@/server/giftcards/webhook';
import { findVenueByKey } from '@/server/venues/queries';
import { venueKeyForHost } from '@/lib/venue/host';
import { toLocale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { noStoreJson } from '@/server/http';

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

/**
 * `POST /api/payments/fee` (the fee page's form: id, s, approve, language): the local test
 * provider's bank check, approved or refused, then 303 back to the page, which says how it
 * ended. A link that is not the site's, or a fee with nothing to confirm, is a 400.
 */
export async function handleFeeAuthentication(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const field = (name: string) => String(form?.get(name) ?? '').slice(0, 100);
  const id = /^\d{1,9}$/.test(field('id')) ? Number(field('id')) : 0;
  const signature = field('s');
  const db = await getDb();
  const venue = await findVenueByKey(db, venueKeyForHost(request.headers.get('host')));
  if (!venue || !(await authenticateLocalFee(db, venue, id, signature, field('approve') === '1'))) return noStoreJson({ error: 'invalid' }, 400);
  const back = localizedPath(toLocale(field('language')), `/frontpage/fee/${id}?s=${encodeURIComponent(signature)}`);
  return new Response(null, { status: 303, headers: { Location: back, 'Cache-Control': 'private, no-store' } });
}
