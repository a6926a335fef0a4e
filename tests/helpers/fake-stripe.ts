import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type FakePaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  last_payment_error: null | { code: string; decline_code?: string; type: string };
  customer?: string | null;
  payment_method?: string | null;
};

/**
 * Stripe's test payment methods for off-session charges (the no-show fee): `pm_card_visa` is
 * charged, `pm_card_chargeCustomerFail` is declined, `pm_card_authenticationRequired` needs the
 * customer to authenticate. The last two answer 402 with the intent in the error, as Stripe does.
 */
/** A payment method detached from its Customer: Stripe refuses the request itself (400), no intent is made. */
const DETACHED = 'pm_card_detached';

const OFF_SESSION_ERRORS: Record<string, { code: string; decline_code: string; status: FakePaymentIntent['status'] }> = {
  pm_card_chargeCustomerFail: { code: 'card_declined', decline_code: 'generic_decline', status: 'requires_payment_method' },
  pm_card_authenticationRequired: { code: 'authentication_required', decline_code: 'authentication_required', status: 'requires_action' },
};

export type FakeSetupIntent = {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  status: 'requires_payment_method' | 'succeeded';
  customer: string | null;
  payment_method: string | null;
  last_setup_error: null | { code: string; decline_code?: string; type: string };
  metadata: Record<string, string>;
  usage: string;
};

export type SeenRequest = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

const notFound = { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } };

/** Stripe's form encoding (`metadata[venue]=demo`) read back into nested objects, one level deep. */
function readForm(body: string): Record<string, string | Record<string, string>> {
  const out: Record<string, string | Record<string, string>> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const nested = /^([a-z_]+)\[([^\]]+)\]$/.exec(key);
    if (nested) out[nested[1]] = { ...((out[nested[1]] as Record<string, string>) ?? {}), [nested[2]]: value };
    else out[key] = value;
  }
  return out;
}

export type FakeCheckoutSession = {
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
  livemode: boolean;
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
const publicSession = (s: FakeCheckoutSession) => {
  const rest: Partial<FakeCheckoutSession> = { ...s };
  delete rest.webhook;
  delete rest.productName;
  delete rest.quantity;
  return rest;
};

/**
 * The one local stand-in for Stripe (api.stripe.com and Checkout's hosted page), for the real
 * `stripe` SDK pointed at it (`STRIPE_API_BASE`, `apiBase`): the Jest suites and the e2e site
 * (scripts/e2e-server.ts) use it alike. It answers, as Stripe does:
 *
 * - Customers (`POST /v1/customers`);
 * - SetupIntents (`POST /v1/setup_intents`, `GET /v1/setup_intents/{id}`), awaiting a card;
 * - PaymentIntents: create (form body, `Idempotency-Key` honoured: the same key gets the same
 *   intent back; off-session with Stripe's test payment methods), retrieve (404
 *   `resource_missing` when unknown), and `pay`/`decline`, which play the browser's
 *   `stripe.confirmPayment` with a test card;
 * - PaymentIntent search by metadata (`GET /v1/payment_intents/search?query=metadata['k']:'v'`);
 * - Refunds (`POST /v1/refunds`, one per PaymentIntent; `GET /v1/refunds?payment_intent=`);
 * - `pm_card_detached` for an off-session charge: refused as a detached card (400 `resource_missing`);
 * - Checkout Sessions (`POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/{id}`), with a
 *   small hosted page (`/pay/{id}`) standing in for checkout.stripe.com: "Pay" marks the session
 *   paid, sends `webhook.url` a `checkout.session.completed` event signed with `webhook.secret`
 *   (the SDK's own test signer, the scheme of Stripe's `Stripe-Signature`) and redirects to
 *   `success_url`; "Cancel" redirects to `cancel_url`;
 * - `GET /__e2e/sessions/{id}`: what became of a session's webhook (for the e2e tests).
 *
 * A request without one of `secretKeys` as its bearer gets Stripe's 401. Every request is kept
 * in `seen`; `failures.next = n` answers the next n with a 500 (Stripe unreachable for a while).
 */
export async function fakeStripe(opts: { secretKeys?: string[]; webhook?: { url: string; secret: string } } = {}) {
  const secretKeys = opts.secretKeys ?? ['sk_test_fake'];
  const seen: SeenRequest[] = [];
  const intents = new Map<string, FakePaymentIntent>();
  const byKey = new Map<string, string>();
  const refunds: { id: string; payment_intent: string; amount: number; currency: string; status: string; reason: string | null; metadata?: Record<string, string> }[] = [];
  const refundsByKey = new Map<string, (typeof refunds)[number]>();
  const answersByKey = new Map<string, { status: number; body: unknown }>();
  const customers: { id: string; email: string | null }[] = [];
  /** Requests to answer with a 500 before anything else (an unreachable Stripe). */
  const failures = { next: 0 };
  let next = 1;
  const sessions = new Map<string, FakeCheckoutSession>();
  const sessionsByKey = new Map<string, string>();
  const setupIntents: FakeSetupIntent[] = [];
  let origin = '';

  async function sendWebhook(session: FakeCheckoutSession) {
    if (!opts.webhook) return;
    const payload = JSON.stringify({
      id: `evt_fake${randomBytes(8).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: session.livemode,
      type: 'checkout.session.completed',
      data: { object: publicSession(session) },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: opts.webhook.secret });
    try {
      const response = await fetch(opts.webhook.url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
      session.webhook = { status: response.status, body: await response.text() };
    } catch (error) {
      session.webhook = { error: error instanceof Error ? error.message : String(error) };
    }
  }
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(request);
      const send = (status: number, out: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seen.length}` });
        res.end(JSON.stringify(out));
      };
      const parts = new URL(request.url, 'http://stripe.local').pathname.split('/').filter(Boolean);
      // Checkout's hosted page (checkout.stripe.com's part) and the e2e tests' look at a session: no API key.
      if (parts[0] === 'pay' && parts[1]) return hosted(req, res, parts);
      if (request.method === 'GET' && parts[0] === '__e2e' && parts[1] === 'sessions' && parts[2]) {
        const session = sessions.get(parts[2]);
        return session ? send(200, { ...publicSession(session), webhook: session.webhook ?? null }) : send(404, noSession(parts[2]));
      }
      if (!secretKeys.some((key) => req.headers.authorization === `Bearer ${key}`)) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (failures.next > 0) {
        failures.next--;
        return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      }
      if (parts[0] === 'v1' && parts[1] === 'checkout' && parts[2] === 'sessions') {
        if (request.method === 'POST' && parts.length === 3) return send(...createSession(body, String(req.headers['idempotency-key'] ?? '')));
        const session = request.method === 'GET' && parts.length === 4 ? sessions.get(parts[3]) : undefined;
        return session ? send(200, publicSession(session)) : send(404, noSession(parts[3] ?? ''));
      }
      if (parts[0] === 'v1' && parts[1] === 'setup_intents') {
        if (request.method === 'POST' && parts.length === 2) {
          const form = readForm(body);
          const id = `seti_fake${String(setupIntents.length + 1).padStart(6, '0')}`;
          const intent: FakeSetupIntent = {
            id,
            object: 'setup_intent',
            client_secret: `${id}_secret_fake`,
            status: 'requires_payment_method',
            customer: typeof form.customer === 'string' ? form.customer : null,
            payment_method: null,
            last_setup_error: null,
            metadata: (form.metadata as Record<string, string>) ?? {},
            usage: typeof form.usage === 'string' ? form.usage : 'off_session',
          };
          setupIntents.push(intent);
          return send(200, intent);
        }
        const intent = setupIntents.find((s) => s.id === parts[2]);
        return intent ? send(200, intent) : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such setupintent: '${parts[2]}'` } });
      }
      if (request.method === 'POST' && request.url === '/v1/customers') {
        const form = readForm(body);
        const customer = { id: `cus_fake${String(customers.length + 1).padStart(6, '0')}`, object: 'customer', email: typeof form.email === 'string' ? form.email : null };
        customers.push(customer);
        return send(200, customer);
      }
      const idempotencyKey = String(req.headers['idempotency-key'] ?? '');
      const answered = request.method === 'POST' && idempotencyKey ? answersByKey.get(idempotencyKey) : undefined;
      if (answered) return send(answered.status, answered.body);
      if (request.method === 'POST' && request.url === '/v1/payment_intents') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const replay = key ? byKey.get(key) : undefined;
        if (replay) return send(200, intents.get(replay));
        const form = readForm(body);
        const amount = Number(form.amount);
        if (!Number.isInteger(amount) || amount < 50 || typeof form.currency !== 'string') return send(400, { error: { type: 'invalid_request_error', code: 'parameter_invalid_integer', message: 'Invalid amount' } });
        // Like Stripe: a malformed receipt address refuses the whole create.
        if (typeof form.receipt_email === 'string' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.receipt_email))
          return send(400, { error: { type: 'invalid_request_error', code: 'email_invalid', param: 'receipt_email', message: 'Invalid email address' } });
        if (form.payment_method === DETACHED)
          return send(400, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: `No such PaymentMethod: '${DETACHED}'` } });
        const id = `pi_fake${String(next++).padStart(6, '0')}`;
        const auto = form.automatic_payment_methods as Record<string, string> | undefined;
        const intent: FakePaymentIntent = {
          id,
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency: form.currency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_fake`,
          description: typeof form.description === 'string' ? form.description : null,
          receipt_email: typeof form.receipt_email === 'string' ? form.receipt_email : null,
          metadata: (form.metadata as Record<string, string>) ?? {},
          automatic_payment_methods: auto ? { enabled: auto.enabled === 'true', allow_redirects: auto.allow_redirects } : null,
          last_payment_error: null,
        };
        intents.set(id, intent);
        if (key) byKey.set(key, id);
        if (form.off_session === 'true' && form.confirm === 'true') {
          const pm = String(form.payment_method ?? '');
          Object.assign(intent, { customer: typeof form.customer === 'string' ? form.customer : null, payment_method: pm });
          const failure = OFF_SESSION_ERRORS[pm];
          if (!failure) {
            Object.assign(intent, { status: 'succeeded', amount_received: amount });
            return send(200, intent);
          }
          Object.assign(intent, { status: failure.status, last_payment_error: { code: failure.code, decline_code: failure.decline_code, type: 'card_error' } });
          const error = { status: 402, body: { error: { type: 'card_error', code: failure.code, decline_code: failure.decline_code, message: 'Your card was declined.', payment_intent: intent } } };
          if (key) answersByKey.set(key, error);
          return send(error.status, error.body);
        }
        return send(200, intent);
      }
      if (request.method === 'POST' && request.url === '/v1/refunds') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const replay = key ? refundsByKey.get(key) : undefined;
        if (replay) return send(200, replay);
        const form = readForm(body);
        const intent = intents.get(String(form.payment_intent ?? ''));
        if (!intent) return send(404, notFound);
        if (intent.status !== 'succeeded') return send(400, { error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent has no successful charge to refund' } });
        if (refunds.some((r) => r.payment_intent === intent.id)) return send(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded' } });
        const refund = { id: `re_fake${String(refunds.length + 1).padStart(6, '0')}`, object: 'refund', payment_intent: intent.id, amount: intent.amount_received, currency: intent.currency, status: 'succeeded', reason: typeof form.reason === 'string' ? form.reason : null, metadata: (form.metadata as Record<string, string>) ?? {} };
        refunds.push(refund);
        if (key) refundsByKey.set(key, refund);
        return send(200, refund);
      }
      const address = new URL(request.url, 'http://stripe.local');
      // Search by metadata (`metadata['key']:'value'`), as Stripe's search API answers it.
      if (request.method === 'GET' && address.pathname === '/v1/payment_intents/search') {
        const m = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(address.searchParams.get('query') ?? '');
        if (!m) return send(400, { error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'Invalid search query' } });
        const data = [...intents.values()].filter((i) => i.metadata[m[1]] === m[2]);
        return send(200, { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' });
      }
      // Refunds of a PaymentIntent.
      if (request.method === 'GET' && address.pathname === '/v1/refunds') {
        const intent = address.searchParams.get('payment_intent');
        return send(200, { object: 'list', data: refunds.filter((r) => !intent || r.payment_intent === intent), has_more: false, url: '/v1/refunds' });
      }
      const retrieve = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(request.url);
      if (request.method === 'GET' && retrieve) {
        const intent = intents.get(retrieve[1]);
        return intent ? send(200, intent) : send(404, notFound);
      }
      return send(404, notFound);
    });
  });
  function hostedPage(session: FakeCheckoutSession) {
    const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay ${escapeHtml(amount)} – Stripe Checkout (stand-in)</title>
<style>body{font-family:sans-serif;margin:2rem;color:#1a1a1a}button{font-size:1rem;padding:.5rem 1rem;margin-right:1rem}</style></head>
<body><main><h1>Stripe Checkout (stand-in)</h1>
<p>${session.quantity} × ${escapeHtml(session.productName)}</p>
<p>Total: <strong>${escapeHtml(amount)}</strong></p>
<p>E-mail: ${escapeHtml(session.customer_email ?? '')}</p>
${session.status === 'open' ? `<form method="post" action="/pay/${session.id}/pay"><button type="submit">Pay ${escapeHtml(amount)}</button></form>
<form method="post" action="/pay/${session.id}/cancel"><button type="submit">Back to the site</button></form>` : `<p role="status">This Checkout Session is ${session.status}.</p>`}
</main></body></html>`;
  }

  const noSession = (id: string) => ({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${id}'`, param: 'id' } });

  /** `POST /v1/checkout/sessions`: a payment-mode session for one line item, with its hosted page. */
  function createSession(body: string, key: string): [number, unknown] {
    const again = key ? sessionsByKey.get(key) : undefined;
    if (again) return [200, publicSession(sessions.get(again)!)];
    const form = new URLSearchParams(body);
    const quantity = Number(field(form, 'line_items[0][quantity]'));
    const unit = Number(field(form, 'line_items[0][price_data][unit_amount]'));
    const successUrl = field(form, 'success_url');
    const cancelUrl = field(form, 'cancel_url');
    if (field(form, 'mode') !== 'payment' || !Number.isInteger(quantity) || quantity < 1 || !Number.isInteger(unit) || unit < 1 || !successUrl || !cancelUrl) {
      return [400, { error: { type: 'invalid_request_error', message: 'Invalid Checkout Session parameters' } }];
    }
    const id = `cs_test_fake${randomBytes(12).toString('hex')}`;
    const created = Math.floor(Date.now() / 1000);
    const session: FakeCheckoutSession = {
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
      livemode: false,
      productName: field(form, 'line_items[0][price_data][product_data][name]'),
      quantity,
    };
    sessions.set(id, session);
    if (key) sessionsByKey.set(key, id);
    return [200, publicSession(session)];
  }

  /** The hosted page: GET shows it; "Pay" completes the session, sends the webhook and redirects; "Cancel" goes back. */
  function hosted(req: http.IncomingMessage, res: http.ServerResponse, parts: string[]) {
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
      Object.assign(session, { status: 'complete', payment_status: 'paid', url: null });
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

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  origin = url;
  const update = (id: string, change: Partial<FakePaymentIntent>) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`no PaymentIntent ${id}`);
    Object.assign(intent, change);
  };
  return {
    url,
    seen,
    intents,
    /** Refunds made (`POST /v1/refunds`, one per PaymentIntent, `Idempotency-Key` honoured). */
    refunds,
    customers,
    setupIntents,
    /** Checkout Sessions by id (a test may change one, as Stripe would: paid, expired, live). */
    sessions,
    /** Set `failures.next = n`: the next n requests get a 500 (Stripe unreachable for a while). */
    failures,
    /** The guest saved a card (Stripe.js's `confirmSetup`): the SetupIntent `succeeded` with it. */
    saveCard: (id: string, paymentMethod = 'pm_card_visa') => Object.assign(setupIntents.find((i) => i.id === id)!, { status: 'succeeded', payment_method: paymentMethod, last_setup_error: null }),
    /** The guest's card was refused while saving it: the SetupIntent keeps waiting, with the error. */
    refuseCard: (id: string, declineCode = 'insufficient_funds') => Object.assign(setupIntents.find((i) => i.id === id)!, { last_setup_error: { code: 'card_declined', decline_code: declineCode, type: 'card_error' } }),
    /** The guest's card is charged (`pm_card_visa`): the intent `succeeded`. */
    pay: (id: string) => update(id, { status: 'succeeded', amount_received: intents.get(id)?.amount ?? 0, last_payment_error: null }),
    /** The guest's card is declined: the intent stays `requires_payment_method` with the error. */
    decline: (id: string) => update(id, { status: 'requires_payment_method', last_payment_error: { code: 'card_declined', decline_code: 'generic_decline', type: 'card_error' } }),
    /** Lets the process exit while the stand-in is open (the e2e site's). */
    unref: () => server.unref(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
