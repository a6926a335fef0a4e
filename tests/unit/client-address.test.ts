import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { clientAddress, clientAddressFrom, installClientAddress, trustedHops, CLIENT_ADDRESS_HEADER, CLIENT_MARK_HEADER } from '@/server/http/client-address';
import { badLimitVariables, envName, limitFor, limitOverridesSchema, LIMITS } from '@/server/limits/config';

describe('the client address rule', () => {
  it('with no trusted hop, is the socket, whatever X-Forwarded-For says', () => {
    expect(clientAddressFrom(undefined, '198.51.100.7', 0)).toBe('198.51.100.7');
    expect(clientAddressFrom('6.6.6.6', '198.51.100.7', 0)).toBe('198.51.100.7');
    expect(clientAddressFrom('6.6.6.6, 7.7.7.7', '::ffff:198.51.100.7', 0)).toBe('198.51.100.7');
  });

  it('with one trusted hop, is the entry our proxy appended, never one the client wrote before it', () => {
    // The client forged "6.6.6.6"; our proxy (the socket, 10.0.0.2) appended the address it saw.
    expect(clientAddressFrom('6.6.6.6, 203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
    expect(clientAddressFrom('203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
    // Two headers are one list.
    expect(clientAddressFrom(['6.6.6.6', '203.0.113.9'], '10.0.0.2', 1)).toBe('203.0.113.9');
    // A proxy that wrote nothing cannot be skipped: the oldest address there is.
    expect(clientAddressFrom(undefined, '10.0.0.2', 1)).toBe('10.0.0.2');
    expect(clientAddressFrom('203.0.113.9, 10.0.0.3', '10.0.0.2', 2)).toBe('203.0.113.9');
  });

  it('reads TRUST_PROXY_HOPS as a small whole number, 0 otherwise', () => {
    expect(trustedHops({})).toBe(0);
    expect(trustedHops({ TRUST_PROXY_HOPS: '1' })).toBe(1);
    expect(trustedHops({ TRUST_PROXY_HOPS: '-1' })).toBe(0);
    expect(trustedHops({ TRUST_PROXY_HOPS: 'yes' })).toBe(0);
  });

  it('is stamped from the socket by the wrapped server, and a forged copy of the stamp is replaced', async () => {
    installClientAddress();
    const seen: Headers[] = [];
    const server = http.createServer((req, res) => {
      seen.push(new Headers(req.headers as Record<string, string>));
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const forged = { 'x-forwarded-for': '6.6.6.6', [CLIENT_ADDRESS_HEADER]: '6.6.6.6', [CLIENT_MARK_HEADER]: 'guess' };
      await fetch(`http://127.0.0.1:${port}/`, { headers: forged });
      expect(clientAddress(seen[0])).toBe('127.0.0.1');
      process.env.TRUST_PROXY_HOPS = '1';
      await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' } });
      expect(clientAddress(seen[1])).toBe('203.0.113.9');
    } finally {
      delete process.env.TRUST_PROXY_HOPS;
      server.close();
    }
    // A request no wrapped server stamped: its own copy of the stamp is not believed.
    expect(clientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: '6.6.6.6', [CLIENT_MARK_HEADER]: 'guess', 'x-forwarded-for': '198.51.100.1' }))).toBe('198.51.100.1');
  });
});

describe('the limits table', () => {
  it('takes the venue file over the environment over the default', () => {
    expect(limitFor('fidelityLookupEmail', null, {})).toEqual({ count: LIMITS.fidelityLookupEmail.count, windowSeconds: LIMITS.fidelityLookupEmail.windowSeconds });
    expect(envName('fidelityLookupEmail')).toBe('LIMIT_FIDELITY_LOOKUP_EMAIL');
    expect(limitFor('fidelityLookupEmail', null, { LIMIT_FIDELITY_LOOKUP_EMAIL: '5/60' })).toEqual({ count: 5, windowSeconds: 60 });
    expect(limitFor('fidelityLookupEmail', null, { LIMIT_FIDELITY_LOOKUP_EMAIL: '5' })).toEqual({ count: 5, windowSeconds: LIMITS.fidelityLookupEmail.windowSeconds });
    expect(limitFor('fidelityLookupEmail', { fidelityLookupEmail: { count: 1, windowSeconds: 10 } }, { LIMIT_FIDELITY_LOOKUP_EMAIL: '5/60' })).toEqual({ count: 1, windowSeconds: 10 });
  });

  it('reports variables that name no limit or do not parse, and refuses unknown names in a venue file', () => {
    expect(badLimitVariables({ LIMIT_HOLD_ADRESS: '3/60', LIMIT_CREATE_EMAIL: 'many', LIMIT_CREATE_PHONE: '4/60' })).toEqual(['LIMIT_HOLD_ADRESS', 'LIMIT_CREATE_EMAIL']);
    expect(limitOverridesSchema.safeParse({ createEmail: { count: 3, windowSeconds: 60 } }).success).toBe(true);
    expect(limitOverridesSchema.safeParse({ createMail: { count: 3, windowSeconds: 60 } }).success).toBe(false);
    expect(limitOverridesSchema.safeParse({ createEmail: { count: 0, windowSeconds: 60 } }).success).toBe(false);
  });

  it('names the limits the gift card, promo and experience calls use', () => {
    for (const name of ['giftcardCheckout', 'promoRequest', 'promoRequestEmail', 'experienceCreate'] as const) expect(LIMITS[name].count).toBeGreaterThan(0);
  });
});
