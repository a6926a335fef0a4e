import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { stripeProvider, stripeProviderFromEnv } from '@/lib/payments/stripe';
import { WebhookSignatureError } from '@/lib/payments/types';
import { recaptchaVerifier } from '@/lib/botcheck/recaptcha';
import { httpSmsTransport } from '@/server/outbox/sms';
import type { OutboxRow } from '@/server/db/schema';
import { testDay } from '../helpers/clock';
import { fakeStripe } from '../helpers/fake-stripe';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

/** A local HTTP server standing in for an outside service; `answer` decides each response. */
async function fakeService(answer: (req: Seen) => { status: number; body: unknown }) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(request);
      const { status, body: out } = answer(request);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      res.end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const setupIntent = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  object: 'setup_intent',
  client_secret: `${id}_secret_abc`,
  status: 'requires_payment_method',
  payment_method: null,
  last_setup_error: null,
  metadata: { venue: 'demo' },
  usage: 'off_session',
  ...extra,
});

describe('Stripe card guarantee, offline: the stripe SDK against a local server', () => {
  const secret = 'whsec_test_secret';
  let api: Awaited<ReturnType<typeof fakeStripe>>;
  beforeAll(async () => {
    api = await fakeStripe({ secretKeys: ['sk_test_123'] });
  });
  afterAll(() => api.close());
  const provider = () => stripeProvider({ secretKey: 'sk_test_123', publishableKey: 'pk_test_123', webhookSecret: secret, apiBase: api.url });
  const newSetup = () => provider().createSetup({ amountCents: 100, currency: '€', email: '', description: 'd', metadata: {} });

  test('creates a SetupIntent for an off-session card, with the secret key, metadata and an idempotency key', async () => {
    const created = await provider().createSetup({ amountCents: 15000, currency: '€', email: 'a@example.com', description: `Demo ${testDay(4)} 20:00 (6)`, metadata: { date: testDay(4), idempotencyKey: 'hold-abc' } });
    const [intent] = api.setupIntents;
    expect(created).toEqual({ reference: intent.id, clientSecret: intent.client_secret });
    // The card is saved to a Customer (an off-session no-show fee needs one), made once per key too.
    const customer = api.seen.find((r) => r.method === 'POST' && r.url === '/v1/customers')!;
    expect(customer.headers['idempotency-key']).toBe('hold-abc-customer');
    expect(new URLSearchParams(customer.body).get('email')).toBe('a@example.com');
    const request = api.seen.find((r) => r.method === 'POST' && r.url === '/v1/setup_intents')!;
    expect(request.headers.authorization).toBe('Bearer sk_test_123');
    expect(request.headers['idempotency-key']).toBe('hold-abc');
    const form = new URLSearchParams(request.body);
    expect(form.get('customer')).toBe(api.customers[0].id);
    expect(intent.customer).toBe(api.customers[0].id);
    expect(form.get('usage')).toBe('off_session');
    expect(form.get('metadata[date]')).toBe(testDay(4));
    expect(form.get('metadata[amountCents]')).toBe('15000');
    expect(form.get('metadata[idempotencyKey]')).toBeNull();
    expect(provider().publicConfig()).toEqual({ kind: 'stripe', publishableKey: 'pk_test_123' });
  });

  test('retrieves: succeeded with its payment method, declined with the decline code, unknown as null', async () => {
    const saved = (await newSetup()).reference;
    const refused = (await newSetup()).reference;
    api.saveCard(saved);
    api.refuseCard(refused, 'insufficient_funds');
    expect(await provider().retrieveSetup(saved)).toMatchObject({ status: 'succeeded', paymentMethod: 'pm_card_visa', lastError: null });
    expect(await provider().retrieveSetup(refused)).toMatchObject({ status: 'requires_payment_method', paymentMethod: null, lastError: 'insufficient_funds' });
    expect(await provider().retrieveSetup('seti_unknown')).toBeNull();
    const before = api.seen.length;
    expect(await provider().retrieveSetup('../../v1/customers')).toBeNull();
    expect(api.seen.length).toBe(before);
  });

  test('webhooks: a valid signature is accepted; tampered, wrongly signed, replayed or unsigned ones are refused', () => {
    const signer = new Stripe('sk_test_123');
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'setup_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: setupIntent('seti_ok', { status: 'succeeded', payment_method: 'pm_1' }) } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    expect(provider().parseWebhook(payload, header)).toEqual({
      id: 'evt_1',
      type: 'setup_intent.succeeded',
      created: expect.any(Number),
      setup: { reference: 'seti_ok', status: 'succeeded', paymentMethod: 'pm_1', lastError: null, metadata: { venue: 'demo' }, customer: null },
      charge: null,
    });
    expect(() => provider().parseWebhook(payload.replace('pm_1', 'pm_2'), header)).toThrow(WebhookSignatureError);
    expect(() => provider().parseWebhook(payload, signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }))).toThrow(WebhookSignatureError);
    const old = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(() => provider().parseWebhook(payload, old)).toThrow(WebhookSignatureError);
    expect(() => provider().parseWebhook(payload, null)).toThrow(WebhookSignatureError);
  });

  test('configuration: none means the local provider; a secret key without a webhook secret is refused', () => {
    delete process.env.STRIPE_SECRET_KEY;
    expect(stripeProviderFromEnv()).toBeNull();
    process.env.STRIPE_SECRET_KEY = 'sk_test_123';
    expect(() => stripeProviderFromEnv()).toThrow(/STRIPE_WEBHOOK_SECRET/);
    process.env.STRIPE_WEBHOOK_SECRET = secret;
    expect(stripeProviderFromEnv()?.publicConfig()).toEqual({ kind: 'stripe', publishableKey: null });
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
  });
});

describe('reCAPTCHA verifier against a local siteverify', () => {
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  let api: Awaited<ReturnType<typeof fakeService>>;
  beforeAll(async () => {
    process.env.LOG_LEVEL = 'silent';
    api = await fakeService(() => answer);
  });
  afterAll(() => api.close());
  const verifier = (url = `${api.url}/siteverify`) => recaptchaVerifier({ secretV3: 's3', secretV2: 's2', siteKeyV3: 'k3', siteKeyV2: 'k2', verifyUrl: url, hostname: 'demo.example' });

  test('v3 scores: pass above the threshold, unsure below, fail for a wrong action or host', async () => {
    answer = { status: 200, body: { success: true, score: 0.9, action: 'reserve', hostname: 'demo.example' } };
    expect(await verifier().verify('tok', 'v3', { action: 'reserve', remoteIp: '1.2.3.4' })).toBe('pass');
    const form = new URLSearchParams(api.seen.at(-1)!.body);
    expect([form.get('secret'), form.get('response'), form.get('remoteip')]).toEqual(['s3', 'tok', '1.2.3.4']);
    answer = { status: 200, body: { success: true, score: 0.3, action: 'reserve', hostname: 'demo.example' } };
    expect(await verifier().verify('tok', 'v3', { action: 'reserve' })).toBe('unsure');
    answer = { status: 200, body: { success: true, score: 0.9, action: 'login', hostname: 'demo.example' } };
    expect(await verifier().verify('tok', 'v3', { action: 'reserve' })).toBe('fail');
    answer = { status: 200, body: { success: true, score: 0.9, action: 'reserve', hostname: 'evil.example' } };
    expect(await verifier().verify('tok', 'v3', { action: 'reserve' })).toBe('fail');
    answer = { status: 200, body: { success: false, 'error-codes': ['timeout-or-duplicate'] } };
    expect(await verifier().verify('tok', 'v3', { action: 'reserve' })).toBe('fail');
  });

  test('v2 passes or fails with its own secret; errors and missing tokens fail', async () => {
    answer = { status: 200, body: { success: true, hostname: 'demo.example' } };
    expect(await verifier().verify('tok2', 'v2', { action: 'reserve' })).toBe('pass');
    expect(new URLSearchParams(api.seen.at(-1)!.body).get('secret')).toBe('s2');
    answer = { status: 500, body: {} };
    expect(await verifier().verify('tok2', 'v2', { action: 'reserve' })).toBe('fail');
    expect(await verifier('http://127.0.0.1:1/siteverify').verify('tok', 'v3', { action: 'reserve' })).toBe('fail');
    const before = api.seen.length;
    expect(await verifier().verify('', 'v3', { action: 'reserve' })).toBe('fail');
    expect(api.seen.length).toBe(before);
  });
});

describe('HTTP SMS gateway', () => {
  test('posts JSON with the bearer token; a non-2xx answer throws (the outbox retries)', async () => {
    let status = 200;
    const api = await fakeService(() => ({ status, body: { ok: status === 200 } }));
    const transport = httpSmsTransport({ url: `${api.url}/send`, token: 'tkn', sender: 'Demo' });
    const message = { id: 7, template: 'reservationCode', recipient: '+393471234567', sender: '', bodyText: 'Demo: your code is 123456.' } as OutboxRow;
    await transport.send(message);
    expect(api.seen[0].headers.authorization).toBe('Bearer tkn');
    expect(JSON.parse(api.seen[0].body)).toEqual({ to: '+393471234567', from: 'Demo', text: 'Demo: your code is 123456.', reference: '7-reservationCode' });
    status = 503;
    await expect(transport.send(message)).rejects.toThrow('SMS gateway answered 503');
    await api.close();
  });
});
