import 'server-only';
import { getDb } from '@/server/db/client';
import { errorMessage, log } from '@/lib/log';
import { WebhookSignatureError } from '@/lib/payments/types';
import { applyPaymentEvent, guaranteeProvider } from './index';
import { isCheckoutEventBody } from './checkout';
import { handleCheckoutWebhook } from '@/server/giftcards/webhook';
import { venueKeyForHost } from '@/lib/venue/host';
import { toLocale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { backendFor } from '@/server/backend';
import { linkFormAnswer } from '@/server/http/link-form';
import { linkIdOf } from '@/lib/backend/links';

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
 * provider's bank check, approved or refused, through the link door (`guestLinks.authenticateFee`;
 * on a front the contract's `payment/feeauthenticate`), then 303 back to the page, which says how it ended. A link that is
 * not the site's, or a fee with nothing to confirm, is a 400 page; a backend that cannot
 * answer a 503 page.
 */
export async function handleFeeAuthentication(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const field = (name: string) => String(form?.get(name) ?? '').slice(0, 100);
  const [id, s] = [field('id'), field('s')];
  const locale = toLocale(field('language'));
  const result = await backendFor(venueKeyForHost(request.headers.get('host'))).guestLinks.authenticateFee({ id: linkIdOf(id), s }, field('approve') === '1');
  const back = localizedPath(locale, `/frontpage/fee/${encodeURIComponent(id)}?s=${encodeURIComponent(s)}`);
  return linkFormAnswer(result, locale, back, { title: 'noshow.page.title', invalid: 'noshow.page.invalid' });
}
