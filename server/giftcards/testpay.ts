import 'server-only';
import { getDb } from '@/server/db/client';
import { formatMoney } from '@/lib/currency';
import { toLocale } from '@/lib/i18n/locales';
import { log } from '@/lib/log';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';
import { localCheckoutProvider } from '@/server/payments/checkout';
import { TEST_CARDS } from '@/server/payments/local';
import { applyCheckoutEvent } from './service';
import { config } from '@/server/runtime/config';
import { escapeHtml } from '@/lib/html/escape';
import { fill } from '@/lib/i18n/fill';

const catalogues = { it, en, fr, es, de };
/**
 * The page may send its form back to itself and be redirected to the shop's return pages, which
 * on a front are on another origin (browsers hold a form's redirects to form-action too).
 */
const html = (body: string, status = 200, row?: Row | null) => {
  const returns = row ? [...new Set([row.successUrl, row.cancelUrl].map(originOf).filter(Boolean))].join(' ') : '';
  const csp = `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${returns ? ' ' + returns : ''}`;
  return new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Frame-Options': 'DENY', 'Content-Security-Policy': csp } });
};
const originOf = (url: string) => {
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : '';
  } catch {
    return '';
  }
};
/** A front hosts no payment pages: an old relative link that opened one there goes on to its backend's. */
const onBackend = (id: string) => {
  const backend = config.backendUrl;
  return backend ? new Response(null, { status: 307, headers: { Location: `${backend}/api/payments/testpay/${encodeURIComponent(id)}`, 'Cache-Control': 'private, no-store' } }) : null;
};
const redirect = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'private, no-store' } });

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof localCheckoutProvider>['session']>>>;

function page(row: Row | null, localeHint: string, error?: string, cardNumber: string = TEST_CARDS.success) {
  const locale = toLocale(row?.locale ?? localeHint);
  const t = catalogues[locale].giftcards.testpay as Record<string, string>;
  const amount = row ? formatMoney(row.amountTotal, row.currency, locale) : '';
  const content = !row || row.status !== 'open'
    ? `<p role="alert">${escapeHtml(t.closed)}</p>`
    : `<p>${escapeHtml(row.description)}</p>
<p class="amount">${escapeHtml(t.amount)}: <strong>${escapeHtml(amount)}</strong></p>
<form method="post">
${error ? `<p role="alert" class="error" id="card-error">${escapeHtml(t[error] ?? t.card_declined)}</p>` : ''}
<label for="cardNumber">${escapeHtml(t.cardNumber)}</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" value="${escapeHtml(cardNumber)}"${error ? ' aria-invalid="true" aria-describedby="card-error"' : ''}>
<p class="hint">${escapeHtml(t.hint)}</p>
<p class="hint">${escapeHtml(t.wallet)}</p>
<button type="submit" name="action" value="pay">${escapeHtml(fill(t.pay, { amount }))}</button>
<button type="submit" name="action" value="cancel" class="ghost">${escapeHtml(t.cancel)}</button>
</form>`;
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(t.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1f1b16;background:#fff}
.badge{display:inline-block;background:#8a4b00;color:#fff;border-radius:4px;padding:.2rem .6rem;font-weight:bold}
label{display:block;font-weight:bold;margin-top:1rem}input{font-size:1.1rem;padding:.5rem;width:100%;box-sizing:border-box;border:1px solid #555;border-radius:4px}
.hint{color:#4a4540;font-size:.9rem}.error{color:#a00000;font-weight:bold}
button{font-size:1rem;padding:.6rem 1rem;margin:.5rem .5rem 0 0;border-radius:4px;border:2px solid #1f4e79;background:#1f4e79;color:#fff;cursor:pointer}
button.ghost{background:#fff;color:#1f4e79}button:focus-visible,input:focus-visible{outline:3px solid #f0b400;outline-offset:2px}</style></head>
<body><main><p class="badge">${escapeHtml(t.badge)}</p><h1>${escapeHtml(t.title)}</h1>${content}</main></body></html>`;
}

/** `GET /api/payments/testpay/{id}`: the local provider's hosted payment page ("Test mode"). */
export async function showTestPayment(id: string, localeHint: string) {
  const elsewhere = onBackend(id);
  if (elsewhere) return elsewhere;
  const row = await localCheckoutProvider().session(id);
  return html(page(row, localeHint), row ? 200 : 404, row);
}

/**
 * `POST /api/payments/testpay/{id}`: pays with a test card (then signs the webhook and
 * applies it through the same verification as Stripe's, and redirects to the success URL),
 * declines (the page again, with the reason), fails (the payment error page), or cancels
 * (back to the checkout).
 */
export async function submitTestPayment(id: string, request: Request) {
  const elsewhere = onBackend(id);
  if (elsewhere) return elsewhere;
  const provider = localCheckoutProvider();
  const form = await request.formData().catch(() => null);
  const action = form?.get('action');
  const cardNumber = String(form?.get('cardNumber') ?? '').slice(0, 40);
  if (action === 'cancel') {
    const back = await provider.cancel(id);
    return back ? redirect(back) : showTestPayment(id, 'it');
  }
  const result = await provider.pay(id, cardNumber);
  if (!result) return showTestPayment(id, 'it');
  if (result.outcome === 'declined') {
    const row = await provider.session(id);
    return html(page(row, 'it', result.code, cardNumber), 402, row);
  }
  if (result.outcome === 'paid') {
    // The signed event goes through the provider's verification, as a webhook would.
    const applied = await applyCheckoutEvent(await getDb(), provider.parseWebhook(result.event.body, result.event.signature));
    log.info('testpay_paid', { applied });
  }
  return redirect(result.redirect);
}
