/**
 * A local stand-in for api.stripe.com for the PostgreSQL e2e site (scripts/e2e-server.ts): the
 * real `stripe` SDK of the site talks to it through `STRIPE_API_BASE`. It answers:
 *
 * - SetupIntents (`/v1/setup_intents`), for the reservation guarantee (any other `/v1` call gets one too, as before);
 * - Checkout Sessions (`POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/{id}`), for gift
 *   card purchases, with a small hosted page of its own (`/pay/{id}`) standing in for
 *   checkout.stripe.com: "Pay" marks the session paid, sends the site a `checkout.session.completed`
 *   webhook signed with the site's `STRIPE_WEBHOOK_SECRET` (the SDK's own test signer, the same
 *   scheme as Stripe's `Stripe-Signature`) and redirects to `success_url`; "Cancel" redirects to
 *   `cancel_url`, as Stripe Checkout does.
 * - `GET /__e2e/sessions/{id}`: what became of a session's webhook (for the tests).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Session = {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  locale: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  expires_at: number;
  created: number;
  mode: 'payment';
  /** Not Stripe's: what the site answered to the webhook (`/__e2e/sessions/{id}`). */
  webhook?: { status: number; body: string } | { error: string };
  productName: string;
  quantity: number;
};

const signer = new Stripe('sk_test_e2e_signer_only');
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Reads a form-encoded Stripe request (`a[b][0][c]=v`) into the few fields used here. */
function field(form: URLSearchParams, key: string) {
  return form.get(key) ?? '';
}

function metadataOf(form: URLSearchParams) {
  const out: Record<string, string> = {};
  for (const [key, value] of form) {
    const m = /^metadata\[([^\]]+)\]$/.exec(key);
    if (m) out[m[1]] = value;
  }
  return out;
}

/** The session as Stripe's API shows it (without this stand-in's own fields). */
const publicSession = (s: Session) => {
  const rest: Partial<Session> = { ...s };
  delete rest.webhook;
  delete rest.productName;
  delete rest.quantity;
  return rest;
};

export async function startFakeStripe(opts: { webhookUrl: string; webhookSecret: string }): Promise<string> {
  let setupIntents = 0;
  const sessions = new Map<string, Session>();
  const byIdempotencyKey = new Map<string, string>();
  let origin = '';

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const missing = (res: http.ServerResponse, id: string) =>
    json(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${id}'`, param: 'id' } });

  async function sendWebhook(session: Session) {
    const payload = JSON.stringify({
      id: `evt_e2e${randomBytes(8).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type: 'checkout.session.completed',
      data: { object: publicSession(session) },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret });
    try {
      const response = await fetch(opts.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
      session.webhook = { status: response.status, body: await response.text() };
    } catch (error) {
      session.webhook = { error: error instanceof Error ? error.message : String(error) };
    }
  }

  function hostedPage(session: Session) {
    const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay ${escapeHtml(amount)} – Stripe Checkout (e2e stand-in)</title>
<style>body{font-family:sans-serif;margin:2rem;color:#1a1a1a}button{font-size:1rem;padding:.5rem 1rem;margin-right:1rem}</style></head>
<body><main><h1>Stripe Checkout (e2e stand-in)</h1>
<p>${session.quantity} × ${escapeHtml(session.productName)}</p>
<p>Total: <strong>${escapeHtml(amount)}</strong></p>
<p>E-mail: ${escapeHtml(session.customer_email ?? '')}</p>
${session.status === 'open' ? `<form method="post" action="/pay/${session.id}/pay"><button type="submit">Pay ${escapeHtml(amount)}</button></form>
<form method="post" action="/pay/${session.id}/cancel"><button type="submit">Back to the site</button></form>` : `<p role="status">This Checkout Session is ${session.status}.</p>`}
</main></body></html>`;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', origin);
      const parts = url.pathname.split('/').filter(Boolean);

      if (parts[0] === 'v1' && parts[1] === 'checkout' && parts[2] === 'sessions') {
        if (req.method === 'POST' && parts.length === 3) {
          const key = req.headers['idempotency-key'];
          const again = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
          if (again) return json(res, 200, publicSession(sessions.get(again)!));
          const form = new URLSearchParams(body);
          const quantity = Number(field(form, 'line_items[0][quantity]'));
          const unit = Number(field(form, 'line_items[0][price_data][unit_amount]'));
          const successUrl = field(form, 'success_url');
          const cancelUrl = field(form, 'cancel_url');
          if (field(form, 'mode') !== 'payment' || !Number.isInteger(quantity) || quantity < 1 || !Number.isInteger(unit) || unit < 1 || !successUrl || !cancelUrl) {
            return json(res, 400, { error: { type: 'invalid_request_error', message: 'Invalid Checkout Session parameters' } });
          }
          const id = `cs_test_e2e${randomBytes(12).toString('hex')}`;
          const created = Math.floor(Date.now() / 1000);
          const session: Session = {
            id,
            object: 'checkout.session',
            status: 'open',
            payment_status: 'unpaid',
            amount_total: quantity * unit,
            currency: field(form, 'line_items[0][price_data][currency]').toLowerCase(),
            customer_email: form.get('customer_email'),
            client_reference_id: form.get('client_reference_id'),
            locale: form.get('locale'),
            metadata: metadataOf(form),
            success_url: successUrl,
            cancel_url: cancelUrl,
            url: `${origin}/pay/${id}`,
            expires_at: created + 24 * 3600,
            created,
            mode: 'payment',
            productName: field(form, 'line_items[0][price_data][product_data][name]'),
            quantity,
          };
          sessions.set(id, session);
          if (typeof key === 'string') byIdempotencyKey.set(key, id);
          return json(res, 200, publicSession(session));
        }
        if (req.method === 'GET' && parts.length === 4) {
          const session = sessions.get(parts[3]);
          return session ? json(res, 200, publicSession(session)) : missing(res, parts[3]);
        }
      }

      // The hosted page (checkout.stripe.com's part).
      if (parts[0] === 'pay' && parts[1]) {
        const session = sessions.get(parts[1]);
        if (!session) {
          res.writeHead(404, { 'content-type': 'text/plain' });
          return res.end('No such Checkout Session');
        }
        if (req.method === 'GET' && parts.length === 2) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(hostedPage(session));
        }
        if (req.method === 'POST' && parts[2] === 'pay' && session.status === 'open') {
          session.status = 'complete';
          session.payment_status = 'paid';
          session.url = null;
          // Stripe sends the webhook and redirects the guest at about the same time: the site's
          // return page and its webhook race, and must create the cards once between them.
          void sendWebhook(session);
          res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
          return res.end();
        }
        if (req.method === 'POST' && parts[2] === 'cancel' && session.status === 'open') {
          res.writeHead(303, { location: session.cancel_url });
          return res.end();
        }
        res.writeHead(303, { location: `/pay/${session.id}` });
        return res.end();
      }

      if (req.method === 'GET' && parts[0] === '__e2e' && parts[1] === 'sessions' && parts[2]) {
        const session = sessions.get(parts[2]);
        return session ? json(res, 200, { ...publicSession(session), webhook: session.webhook ?? null }) : missing(res, parts[2]);
      }

      // SetupIntents (and, as before, any other API call): a fresh (POST) or the named (GET) intent awaiting a card.
      if (parts[0] === 'v1') {
        const id = req.method === 'POST' && parts.length === 2 ? `seti_e2e${++setupIntents}` : parts[2];
        return json(res, 200, { id, object: 'setup_intent', client_secret: `${id}_secret_e2e`, status: 'requires_payment_method', payment_method: null, last_setup_error: null, metadata: {}, usage: 'off_session' });
      }

      json(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return origin;
}
