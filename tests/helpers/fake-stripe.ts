import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
const OFF_SESSION_ERRORS: Record<string, { code: string; decline_code: string; status: FakePaymentIntent['status'] }> = {
  pm_card_chargeCustomerFail: { code: 'card_declined', decline_code: 'generic_decline', status: 'requires_payment_method' },
  pm_card_authenticationRequired: { code: 'authentication_required', decline_code: 'authentication_required', status: 'requires_action' },
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

/**
 * A local HTTP server standing in for Stripe's PaymentIntents and Refunds APIs, for the real `stripe` SDK
 * (`STRIPE_API_BASE`): create (form body, `Idempotency-Key` honoured: the same key gets the
 * same intent back), retrieve (404 `resource_missing` when unknown), and `pay`/`decline`, which
 * play the browser's `stripe.confirmPayment` with a test card. Every request is kept in `seen`.
 */
export async function fakeStripe() {
  const seen: SeenRequest[] = [];
  const intents = new Map<string, FakePaymentIntent>();
  const byKey = new Map<string, string>();
  const refunds: { id: string; payment_intent: string; amount: number; currency: string; status: string; reason: string | null }[] = [];
  const refundsByKey = new Map<string, (typeof refunds)[number]>();
  const answersByKey = new Map<string, { status: number; body: unknown }>();
  const customers: { id: string; email: string | null }[] = [];
  /** Requests to answer with a 500 before anything else (an unreachable Stripe). */
  const failures = { next: 0 };
  let next = 1;
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
      if (req.headers.authorization !== 'Bearer sk_test_fake') return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (failures.next > 0) {
        failures.next--;
        return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
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
        const refund = { id: `re_fake${String(refunds.length + 1).padStart(6, '0')}`, object: 'refund', payment_intent: intent.id, amount: intent.amount_received, currency: intent.currency, status: 'succeeded', reason: typeof form.reason === 'string' ? form.reason : null };
        refunds.push(refund);
        if (key) refundsByKey.set(key, refund);
        return send(200, refund);
      }
      const retrieve = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(request.url);
      if (request.method === 'GET' && retrieve) {
        const intent = intents.get(retrieve[1]);
        return intent ? send(200, intent) : send(404, notFound);
      }
      return send(404, notFound);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
    /** Set `failures.next = n`: the next n requests get a 500 (Stripe unreachable for a while). */
    failures,
    /** The guest's card is charged (`pm_card_visa`): the intent `succeeded`. */
    pay: (id: string) => update(id, { status: 'succeeded', amount_received: intents.get(id)?.amount ?? 0, last_payment_error: null }),
    /** The guest's card is declined: the intent stays `requires_payment_method` with the error. */
    decline: (id: string) => update(id, { status: 'requires_payment_method', last_payment_error: { code: 'card_declined', decline_code: 'generic_decline', type: 'card_error' } }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
