import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripeProvider } from '@/lib/payments/stripe';

describe('Stripe calls', () => {
  it('create every SetupIntent with an idempotency key: the caller’s, or a fresh one', async () => {
    const keys: (string | undefined)[] = [];
    const customerKeys: (string | undefined)[] = [];
    const server = http.createServer((req, res) => {
      // Each setup first makes its Customer, under the setup's key plus `-customer`.
      (req.url === '/v1/customers' ? customerKeys : keys).push(req.headers['idempotency-key'] as string | undefined);
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: `seti_${keys.length}`, object: 'setup_intent', client_secret: `seti_${keys.length}_secret`, status: 'requires_payment_method', metadata: {} }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const provider = stripeProvider({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x', apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      const input = { amountCents: 100, currency: 'EUR', email: '', description: 'd' };
      await provider.createSetup({ ...input, metadata: { idempotencyKey: 'guarantee-abc' } });
      await provider.createSetup({ ...input, metadata: {} });
      await provider.createSetup({ ...input, metadata: {} });
      expect(keys[0]).toBe('guarantee-abc');
      expect(keys[1]).toMatch(/^setup-[0-9a-f-]{36}$/);
      expect(keys[2]).toMatch(/^setup-/);
      expect(keys[2]).not.toBe(keys[1]);
      expect(customerKeys).toEqual(keys.map((key) => `${key}-customer`));
    } finally {
      server.close();
    }
  });
});
