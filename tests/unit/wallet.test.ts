import { generateKeyPairSync, verify } from 'node:crypto';
import { parseSerial, serialOfPath, venueInstant, walletPath } from '@/server/wallet/items';
import { appleConfigured, googleConfigured, googleCredentials } from '@/server/wallet/credentials';
import { HttpGoogleWalletApi } from '@/server/wallet/google';
import { walletBadgesEmail } from '@/server/wallet/badges';
import { sitePng, solidPng } from '@/server/wallet/apple';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';

describe('wallet serials', () => {
  it('names each pass by the key of its page, and refuses anything else', () => {
    expect(serialOfPath('giftcard', [TOKEN])).toBe(`g.${TOKEN}`);
    expect(serialOfPath('promo', ['aperitivo-omaggio', TOKEN])).toBe(`p.aperitivo-omaggio.${TOKEN}`);
    expect(serialOfPath('experience', [TOKEN])).toBe(`e.${TOKEN}`);
    expect(parseSerial(`p.aperitivo-omaggio.${TOKEN}`)).toEqual({ kind: 'promo', urlName: 'aperitivo-omaggio', id: TOKEN });
    for (const [kind, key] of [['giftcard', ['a.b']], ['giftcard', [TOKEN, 'x']], ['promo', ['Bad_Slug', TOKEN]], ['promo', [TOKEN]], ['booking', [TOKEN]], ['experience', ['../etc']]] as const) {
      expect(serialOfPath(kind, [...key])).toBeNull();
    }
    expect(parseSerial(`g.${TOKEN}.x`)).toBeNull();
    expect(walletPath('google', `p.aperitivo-omaggio.${TOKEN}`)).toBe(`/api/wallet/google/promo/aperitivo-omaggio/${TOKEN}`);
    expect(walletPath('apple', 'nonsense')).toBeNull();
  });

  it("ends a card's validity at the end of its day where the venue is, summer time or not", () => {
    expect(venueInstant('Europe/Rome', '2030-07-31').toISOString()).toBe('2030-07-31T21:59:59.000Z');
    expect(venueInstant('Europe/Rome', '2030-01-31').toISOString()).toBe('2030-01-31T22:59:59.000Z');
    expect(venueInstant('Europe/Rome', '2030-03-31', '18:30').toISOString()).toBe('2030-03-31T16:30:00.000Z');
  });
});

describe('wallet credentials', () => {
  const apple = { WALLET_APPLE_PASS_TYPE_ID: 'pass.x', WALLET_APPLE_TEAM_ID: 'T', WALLET_APPLE_CERT: 'c', WALLET_APPLE_KEY: 'k', WALLET_APPLE_WWDR: 'w' };
  it('takes all five Apple variables or none, and names the missing ones', () => {
    expect(appleConfigured({})).toBe(false);
    expect(appleConfigured(apple)).toBe(true);
    expect(() => appleConfigured({ ...apple, WALLET_APPLE_WWDR: '', WALLET_APPLE_KEY: ' ' })).toThrow(/missing: WALLET_APPLE_KEY, WALLET_APPLE_WWDR/);
  });
  it("reads Google's service account key from the variable", () => {
    const env = { WALLET_GOOGLE_ISSUER_ID: '123', WALLET_GOOGLE_SERVICE_ACCOUNT: JSON.stringify({ client_email: 'sa@x.iam.gserviceaccount.com', private_key: 'PEM' }) };
    expect(googleConfigured(env)).toBe(true);
    expect(googleCredentials(env)).toEqual({ issuerId: '123', clientEmail: 'sa@x.iam.gserviceaccount.com', privateKey: 'PEM', test: false });
    expect(() => googleCredentials({ ...env, WALLET_GOOGLE_SERVICE_ACCOUNT: '{"client_email":"x"}' })).toThrow(/client_email and private_key/);
  });
});

describe("Google Wallet's REST API", () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const creds = { issuerId: '3388', clientEmail: 'sa@x.iam.gserviceaccount.com', privateKey, test: false };

  it('gets a token with a signed assertion once, then patches the object; 404 means never saved', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const statuses = [200, 404, 500];
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (url.startsWith('https://oauth2.googleapis.com/token')) return new Response(JSON.stringify({ access_token: 'tok', expires_in: 3600 }), { status: 200 });
      return new Response('{}', { status: statuses.shift() });
    }) as unknown as typeof fetch;
    const api = new HttpGoogleWalletApi(creds, fetcher);
    expect(await api.patch('giftCardObject', '3388.g.x', { balance: { micros: 1 } })).toEqual({ found: true });
    expect(await api.patch('offerObject', '3388.p.y', { state: 'COMPLETED' })).toEqual({ found: false });
    await expect(api.patch('offerObject', '3388.p.y', { state: 'COMPLETED' })).rejects.toThrow(/HTTP 500/);
    expect(calls.map((c) => c.url)).toEqual([
      'https://oauth2.googleapis.com/token',
      'https://walletobjects.googleapis.com/walletobjects/v1/giftCardObject/3388.g.x',
      'https://walletobjects.googleapis.com/walletobjects/v1/offerObject/3388.p.y',
      'https://walletobjects.googleapis.com/walletobjects/v1/offerObject/3388.p.y',
    ]);
    const assertion = new URLSearchParams(String(calls[0].init.body)).get('assertion')!;
    const [h, c, s] = assertion.split('.');
    expect(verify('RSA-SHA256', Buffer.from(`${h}.${c}`), publicKey, Buffer.from(s, 'base64url'))).toBe(true);
    expect(JSON.parse(Buffer.from(c, 'base64url').toString())).toMatchObject({ iss: creds.clientEmail, scope: 'https://www.googleapis.com/auth/wallet_object.issuer', aud: 'https://oauth2.googleapis.com/token' });
    expect(calls[1].init).toMatchObject({ method: 'PATCH', headers: { authorization: 'Bearer tok' }, body: JSON.stringify({ balance: { micros: 1 } }) });
  });
});

describe('wallet badges and images', () => {
  it('puts both badges in an e-mail within 320 px, escaped, and none without an origin', () => {
    const { html, text } = walletBadgesEmail('https://venue.example', `g.${TOKEN}`, 'fr');
    expect(html).toContain(`href="https://venue.example/api/wallet/apple/giftcard/${TOKEN}?lang=fr"`);
    expect(html).toContain('>Ajouter à Apple Wallet</a>');
    expect(html).toContain('>Ajouter à Google Wallet</a>');
    expect(html).toContain('max-width:320px');
    expect(text).toBe(`Ajouter à Apple Wallet\u00a0: https://venue.example/api/wallet/apple/giftcard/${TOKEN}?lang=fr\nAjouter à Google Wallet\u00a0: https://venue.example/api/wallet/google/giftcard/${TOKEN}?lang=fr`);
    expect(walletBadgesEmail('', `g.${TOKEN}`, 'fr')).toEqual({ html: '', text: '' });
    expect(walletBadgesEmail('https://venue.example', 'nonsense', 'fr')).toEqual({ html: '', text: '' });
  });

  it('draws a PNG in the brand colour, and takes only a PNG of the site as the logo', () => {
    const png = solidPng(4, [138, 44, 27]);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    expect(png.readUInt32BE(16)).toBe(4);
    expect(sitePng('/venues/demo/logo.svg')).toBeNull();
    expect(sitePng('/../package.json')).toBeNull();
    expect(sitePng('/../../etc/x.png')).toBeNull();
    expect(sitePng('https://elsewhere.example/logo.png')).toBeNull();
  });
});
