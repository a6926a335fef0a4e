import { stripeProvider } from '@/lib/payments/stripe';
import { fakeStripe } from '../helpers/fake-stripe';

describe('Stripe calls', () => {
  it('create every SetupIntent with an idempotency key: the caller’s, or a fresh one', async () => {
    const api = await fakeStripe({ secretKeys: ['sk_test_x'] });
    try {
      const provider = stripeProvider({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x', apiBase: api.url });
      const input = { amountCents: 100, currency: 'EUR', email: '', description: 'd' };
      await provider.createSetup({ ...input, metadata: { idempotencyKey: 'guarantee-abc' } });
      await provider.createSetup({ ...input, metadata: {} });
      await provider.createSetup({ ...input, metadata: {} });
      const keysOf = (url: string) => api.seen.filter((r) => r.method === 'POST' && r.url === url).map((r) => r.headers['idempotency-key'] as string | undefined);
      const keys = keysOf('/v1/setup_intents');
      expect(keys[0]).toBe('guarantee-abc');
      expect(keys[1]).toMatch(/^setup-[0-9a-f-]{36}$/);
      expect(keys[2]).toMatch(/^setup-/);
      expect(keys[2]).not.toBe(keys[1]);
      // Each setup first makes its Customer, under the setup's key plus `-customer`.
      expect(keysOf('/v1/customers')).toEqual(keys.map((key) => `${key}-customer`));
    } finally {
      await api.close();
    }
  });
});
