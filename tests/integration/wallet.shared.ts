import { createHash, verify } from 'node:crypto';
import forge from 'node-forge';
import { eq } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { testDay, TEST_NOW } from '../helpers/clock';
import { unzip } from '../helpers/zip';
import type { ExperienceBookingInput } from '@/lib/forms/experience';
import { localToken } from '@/lib/botcheck/local';

const HOST = 'localhost:3000';
const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://${HOST}${path}`, { headers: { host: HOST, ...headers } });
const send = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
  new Request(`http://${HOST}${path}`, { method, headers: { host: HOST, ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined });

type PassJson = Record<string, unknown> & {
  serialNumber: string;
  passTypeIdentifier: string;
  authenticationToken: string;
  webServiceURL: string;
  voided?: boolean;
  barcodes: { message: string }[];
  headerFields?: { value: string }[];
};
const fieldsOf = (pass: PassJson, style: string) => {
  const s = pass[style] as Record<string, { key: string; value: string }[]>;
  return Object.fromEntries(['headerFields', 'primaryFields', 'secondaryFields', 'auxiliaryFields', 'backFields'].flatMap((k) => (s[k] ?? []).map((f) => [f.key, f.value])));
};

/**
 * Checks a `.pkpass` as Wallet does: the manifest's SHA-1 of every file, and the detached
 * PKCS#7 signature of the manifest, by the pass certificate the test root issued.
 */
function checkPkpass(buffer: Buffer, chain: { caCert: string; passCert: string }) {
  const files = unzip(buffer);
  expect([...files.keys()]).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png']));
  const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Record<string, string>;
  for (const [name, content] of files) {
    if (name === 'manifest.json' || name === 'signature') continue;
    expect(manifest[name]).toBe(createHash('sha1').update(content).digest('hex'));
  }
  expect(Object.keys(manifest).sort()).toEqual([...files.keys()].filter((n) => n !== 'manifest.json' && n !== 'signature').sort());

  const asn1 = forge.asn1.fromDer(files.get('signature')!.toString('binary'));
  const p7 = forge.pkcs7.messageFromAsn1(asn1) as forge.pkcs7.PkcsSignedData & { rawCapture: { signerInfos: forge.asn1.Asn1[] } };
  // The signer's certificate is the test pass certificate, issued by the test root (the WWDR stand-in).
  const ca = forge.pki.certificateFromPem(chain.caCert);
  const signer = p7.certificates.find((c) => forge.pki.certificateToPem(c).replace(/\s/g, '') === chain.passCert.replace(/\s/g, ''));
  expect(signer).toBeDefined();
  expect(ca.verify(signer!)).toBe(true);
  // SignerInfo: version, issuerAndSerial, digestAlgorithm, [0] authenticatedAttributes, digestEncryptionAlgorithm, encryptedDigest.
  const info = p7.rawCapture.signerInfos[0].value as forge.asn1.Asn1[];
  const attributes = info[3];
  expect(attributes.tagClass).toBe(forge.asn1.Class.CONTEXT_SPECIFIC);
  const attrs = attributes.value as forge.asn1.Asn1[];
  const digestAttr = attrs.find((a) => forge.asn1.derToOid((a.value as forge.asn1.Asn1[])[0].value as string) === forge.pki.oids.messageDigest)!;
  const digest = Buffer.from(((digestAttr.value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[])[0].value as string, 'binary');
  const algorithm = forge.asn1.derToOid(((info[2].value as forge.asn1.Asn1[])[0].value as string)) === forge.pki.oids.sha256 ? 'sha256' : 'sha1';
  expect(digest.equals(createHash(algorithm).update(files.get('manifest.json')!).digest())).toBe(true);
  // The signature covers the attributes DER-encoded as a SET (RFC 5652, 5.4).
  const signed = Buffer.from(forge.asn1.toDer(attributes).getBytes(), 'binary');
  signed[0] = 0x31;
  const signature = Buffer.from(info[5].value as string, 'binary');
  expect(verify(algorithm, signed, forge.pki.certificateToPem(signer!), signature)).toBe(true);
  // And a manifest changed after signing no longer matches.
  expect(createHash(algorithm).update(Buffer.concat([files.get('manifest.json')!, Buffer.from(' ')])).digest().equals(digest)).toBe(false);
  return { files, pass: JSON.parse(files.get('pass.json')!.toString('utf8')) as PassJson };
}

/** Reads and checks a "Save to Google Wallet" link's JWT with the issuer's public key. */
function checkGoogleLink(location: string, publicKey: string) {
  const m = /^https:\/\/pay\.google\.com\/gp\/v\/save\/([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(location);
  expect(m).not.toBeNull();
  const [, header, claims, signature] = m!;
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
  expect(verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
  expect(verify('RSA-SHA256', Buffer.from(`${header}.${claims}x`), publicKey, Buffer.from(signature, 'base64url'))).toBe(false);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { iss: string; aud: string; typ: string; origins: string[]; payload: Record<string, Record<string, unknown>[]> };
}

/** Wallet passes (issue 47): the `.pkpass` and its signature, Google's JWT, Apple's web service, and what a redemption changes. */
export function describeWallet(driver: Driver) {
  describe(`wallet passes on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true });
    beforeAll(() => {
      delete process.env.STRIPE_SECRET_KEY;
      for (const name of Object.keys(process.env)) if (name.startsWith('WALLET_')) delete process.env[name];
    });

    const setup = async () => {
      const { dispatch } = await import('@/server/backend/dispatch');
      const { getDb } = await import('@/server/db/client');
      const schema = await import('@/server/db/schema');
      const http = await import('@/server/wallet/http');
      const { testChain, TEST_PASS_TYPE_ID, TEST_GOOGLE_ISSUER } = await import('@/server/wallet/credentials');
      const { LocalPassPusher, setPassPusher } = await import('@/server/wallet/push');
      const { LocalGoogleWalletApi, setGoogleWalletApi } = await import('@/server/wallet/google');
      const { deliverWalletChanges } = await import('@/server/wallet/delivery');
      const pusher = new LocalPassPusher();
      const google = new LocalGoogleWalletApi();
      setPassPusher(pusher);
      setGoogleWalletApi(google);
      const call = (name: string, params: Record<string, string>) => dispatch(name, 'localhost', new URLSearchParams(params));
      const db = await getDb();
      const download = async (provider: 'apple' | 'google', kind: string, key: string[], lang = 'en') => http.handleWalletDownload(get(`/api/wallet/${provider}/${kind}/${key.join('/')}?lang=${lang}`), { provider, kind, key });
      const apple = async (kind: string, key: string[], lang = 'en') => {
        const res = await download('apple', kind, key, lang);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
        return checkPkpass(Buffer.from(await res.arrayBuffer()), testChain());
      };
      const googleClaims = async (kind: string, key: string[], lang = 'en') => {
        const res = await download('google', kind, key, lang);
        expect(res.status).toBe(302);
        return checkGoogleLink(res.headers.get('location')!, testChain().googlePublicKey);
      };
      const deliver = () => deliverWalletChanges(db);
      return { call, db, schema, http, apple, googleClaims, download, pusher, google, deliver, TEST_PASS_TYPE_ID, TEST_GOOGLE_ISSUER };
    };

    const buyCard = async (call: (name: string, params: Record<string, string>) => Promise<{ httpStatus: number; body: { data?: unknown } }>, db: Awaited<ReturnType<typeof setup>>['db'], schema: Awaited<ReturnType<typeof setup>>['schema']) => {
      const started = await call('giftcard/checkout', {
        id: 'buono-50', quantity: '1', firstName: 'Anna', lastName: 'Rossi', email: 'wallet@example.com', prefix: '+39', mobile: '347 123 4567', city: 'Firenze', country: 'Italia', province: 'FI', cap: '50100',
        recipient: 'me', message: '', paymentMethod: 'card', privacy: '1', marketing: '0', language: 'en', siteBase: 'http://localhost:3000/en', remoteIp: '203.0.113.47',
      });
      expect(started.httpStatus).toBe(200);
      const { fingerprint } = started.body.data as { fingerprint: string };
      const [order] = await db.select().from(schema.giftCardOrders).where(eq(schema.giftCardOrders.fingerprint, fingerprint));
      const { localCheckout } = await import('@/server/payments/checkout');
      const { getDb } = await import('@/server/db/client');
      await localCheckout(getDb).pay(order.paymentReference!, '4242424242424242');
      await call('giftcard/create', { fingerprint });
      const [card] = await db.select().from(schema.issuedGiftCards).where(eq(schema.issuedGiftCards.orderId, order.id));
      return card;
    };

    it('serves a gift card as a signed store card and a Google link, and after a redemption at the till both show the new balance', async () => {
      const { call, db, schema, http, apple, googleClaims, pusher, google, deliver, TEST_PASS_TYPE_ID, TEST_GOOGLE_ISSUER } = await setup();
      const card = await buyCard(call, db, schema);
      const serial = `g.${card.printToken}`;
      const { pass, files } = await apple('giftcard', [card.printToken]);
      expect(pass).toMatchObject({ formatVersion: 1, serialNumber: serial, passTypeIdentifier: TEST_PASS_TYPE_ID, webServiceURL: 'http://localhost:3000/api/wallet', barcodes: [expect.objectContaining({ message: card.code, format: 'PKBarcodeFormatQR' })] });
      expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
      expect(fieldsOf(pass, 'storeCard')).toMatchObject({ balance: expect.stringMatching(/^€\s?50$/), value: expect.stringMatching(/^€\s?50$/), test: 'Test – no value' });
      expect(files.get('icon.png')!.subarray(1, 4).toString()).toBe('PNG');
      // In the guest's language.
      expect(fieldsOf((await apple('giftcard', [card.printToken], 'de')).pass, 'storeCard')).toMatchObject({ test: 'Test – ohne Wert' });

      const claims = await googleClaims('giftcard', [card.printToken]);
      expect(claims).toMatchObject({ iss: 'wallet-test@frontpage.invalid', aud: 'google', typ: 'savetowallet', origins: ['http://localhost:3000'] });
      const [object] = claims.payload.giftCardObjects;
      expect(object).toMatchObject({ id: `${TEST_GOOGLE_ISSUER}.${serial}`, cardNumber: card.code, balance: { micros: 50_000_000, currencyCode: 'EUR' }, classId: claims.payload.giftCardClasses[0].id });
      expect(JSON.stringify(object)).toContain('Test – no value');

      // The card's e-mail carries both badges, in the guest's language, within 320 px.
      const [mail] = await db.select().from(schema.outbox).where(eq(schema.outbox.template, 'giftcardRecipient')).then((rows) => rows.filter((m) => m.recipient === 'wallet@example.com'));
      expect(mail.bodyHtml).toContain(`href="http://localhost:3000/api/wallet/apple/giftcard/${card.printToken}?lang=en"`);
      expect(mail.bodyHtml).toContain(`href="http://localhost:3000/api/wallet/google/giftcard/${card.printToken}?lang=en"`);
      expect(mail.bodyHtml).toMatch(/>Add to Apple Wallet<\/a>[\s\S]*>Add to Google Wallet<\/a>/);
      expect(mail.bodyText).toContain(`Add to Apple Wallet: http://localhost:3000/api/wallet/apple/giftcard/${card.printToken}?lang=en`);
      const badges = /<table[^>]*max-width:320px[^>]*>[\s\S]*?<\/table>/.exec(mail.bodyHtml!)![0];
      // Two buttons side by side: each width, padding of its cell and border, at most 320 px together.
      const widths = [...badges.matchAll(/[;"]width:(\d+)px/g)].map((m) => Number(m[1]));
      expect(widths).toHaveLength(2);
      expect(widths.reduce((a, b) => a + b + 8, 0)).toBeLessThanOrEqual(320);
      // And the card's block around them, as the rest of the e-mail's blocks.
      expect(mail.bodyHtml).toMatch(/max-width:320px;box-sizing:border-box"><p[^>]*>€\s?50<\/p>/);

      // Apple's web service: the pass's token, registration, the list of changed serials, If-Modified-Since.
      const base = `/api/wallet/v1/devices/device1/registrations/${TEST_PASS_TYPE_ID}`;
      const auth = { authorization: `ApplePass ${pass.authenticationToken}` };
      const register = (headers: Record<string, string>) => http.handleWalletRegister(send('POST', `${base}/${serial}`, headers, { pushToken: 'abc123' }), { params: Promise.resolve({ device: 'device1', passType: TEST_PASS_TYPE_ID, serial }) });
      expect((await register({ authorization: 'ApplePass wrong-token-wrong-token' })).status).toBe(401);
      expect((await register({})).status).toBe(401);
      expect((await register(auth)).status).toBe(201);
      expect((await register(auth)).status).toBe(200);
      expect((await http.handleWalletRegister(send('POST', `${base}/${serial}`, auth, { pushToken: 'not a token!' }), { params: Promise.resolve({ device: 'device1', passType: TEST_PASS_TYPE_ID, serial }) })).status).toBe(400);
      const serials = (since?: string) => http.handleWalletSerials(get(`${base}${since ? `?passesUpdatedSince=${since}` : ''}`), { device: 'device1', passType: TEST_PASS_TYPE_ID });
      const all = await serials();
      expect(all.status).toBe(200);
      const first = (await all.json()) as { serialNumbers: string[]; lastUpdated: string };
      expect(first.serialNumbers).toEqual([serial]);
      expect((await serials(first.lastUpdated)).status).toBe(204);
      const latest = (headers: Record<string, string>) => http.handleWalletLatestPass(get(`/api/wallet/v1/passes/${TEST_PASS_TYPE_ID}/${serial}`, headers), { passType: TEST_PASS_TYPE_ID, serial });
      expect((await latest({})).status).toBe(401);
      expect((await latest({ ...auth, 'if-modified-since': TEST_NOW.toUTCString() })).status).toBe(304);

      // The till redeems 12.50 €: the device is pushed, Google's object patched, the pass served anew.
      expect(await call('giftcard/redeem', { code: card.code, amount: '1250', reference: 'wallet 1', test: '1' })).toMatchObject({ httpStatus: 200, body: { data: { balance: 3750 } } });
      expect(await deliver()).toBe(1);
      expect(pusher.pushes).toEqual([{ passTypeId: TEST_PASS_TYPE_ID, pushToken: 'abc123' }]);
      expect(google.patches).toEqual([{ resource: 'giftCardObject', objectId: `${TEST_GOOGLE_ISSUER}.${serial}`, body: expect.objectContaining({ balance: { micros: 37_500_000, currencyCode: 'EUR' } }) }]);
      expect(await deliver()).toBe(0);
      const changed = await serials(first.lastUpdated);
      expect(changed.status).toBe(200);
      const second = (await changed.json()) as { serialNumbers: string[]; lastUpdated: string };
      expect(second.serialNumbers).toEqual([serial]);
      expect(Number(second.lastUpdated)).toBeGreaterThan(Number(first.lastUpdated));
      expect((await serials(second.lastUpdated)).status).toBe(204);
      const fresh = await latest({ ...auth, 'if-modified-since': new Date(TEST_NOW.getTime() - 3600_000).toUTCString(), 'accept-language': 'en-GB,en;q=0.8' });
      expect(fresh.status).toBe(200);
      const { pass: updated } = checkPkpass(Buffer.from(await fresh.arrayBuffer()), (await import('@/server/wallet/credentials')).testChain());
      expect(fieldsOf(updated, 'storeCard')).toMatchObject({ balance: expect.stringMatching(/^€\s?37\.50$/) });
      expect((await latest({ ...auth, 'if-modified-since': fresh.headers.get('last-modified')! })).status).toBe(304);
      // The Google link made now carries the new balance too.
      expect((await googleClaims('giftcard', [card.printToken])).payload.giftCardObjects[0]).toMatchObject({ balance: { micros: 37_500_000 } });

      // A replayed redemption changes nothing; unregistering ends the pushes.
      await call('giftcard/redeem', { code: card.code, amount: '1250', reference: 'wallet 1', test: '1' });
      expect(await deliver()).toBe(0);
      expect((await http.handleWalletUnregister(send('DELETE', `${base}/${serial}`, auth), { params: Promise.resolve({ device: 'device1', passType: TEST_PASS_TYPE_ID, serial }) })).status).toBe(200);
      expect((await serials()).status).toBe(204);
      const { walletRegistrations } = schema;
      expect(await db.select().from(walletRegistrations)).toHaveLength(0);
    });

    it('voids a promo code pass once redeemed, on Apple and on Google', async () => {
      const { call, apple, googleClaims, google, deliver, db, schema } = await setup();
      await db.update(schema.promotions).set({ startsAt: new Date(TEST_NOW.getTime() - 86_400_000), endsAt: new Date(TEST_NOW.getTime() + 10 * 86_400_000), validUntil: new Date(TEST_NOW.getTime() + 30 * 86_400_000).toISOString().slice(0, 10), quantity: 100, active: true }).where(eq(schema.promotions.urlName, 'aperitivo-omaggio'));
      const requested = await call('promo/request', { urlName: 'aperitivo-omaggio', nome: 'Anna', cognome: 'Rossi', email: 'promo-wallet@example.com', prefisso: '+39', telefono: '347 555 0101', privacy: '1', marketing: '1', language: 'en', remoteIp: '203.0.113.48' });
      expect(requested.body).toMatchObject({ status: true });
      const { id, code } = requested.body.data as { id: string; code: string };
      const before = await apple('promo', ['aperitivo-omaggio', id]);
      expect(before.pass).toMatchObject({ serialNumber: `p.aperitivo-omaggio.${id}`, voided: false });
      expect(before.pass.barcodes[0].message).toMatch(/\/redeem\?s=/);
      expect(fieldsOf(before.pass, 'coupon')).toMatchObject({ code });
      expect((await googleClaims('promo', ['aperitivo-omaggio', id])).payload.offerObjects[0]).toMatchObject({ state: 'ACTIVE' });
      expect(await call('promo/redeem', { id })).toMatchObject({ httpStatus: 200 });
      expect(await deliver()).toBe(1);
      expect(google.patches.at(-1)).toMatchObject({ resource: 'offerObject', body: { state: 'COMPLETED' } });
      const after = await apple('promo', ['aperitivo-omaggio', id]);
      expect(after.pass).toMatchObject({ voided: true });
      expect(fieldsOf(after.pass, 'coupon')).toMatchObject({ status: 'Used' });
      expect((await googleClaims('promo', ['aperitivo-omaggio', id])).payload.offerObjects[0]).toMatchObject({ state: 'COMPLETED' });
    });

    it('serves an experience booking as an event ticket and voids it when cancelled', async () => {
      const { apple, googleClaims, google, deliver, db, schema } = await setup();
      const { createBackendClient } = await import('@/lib/backend/client');
      const { builtinTransport } = await import('@/server/backend/builtin');
      const client = createBackendClient(builtinTransport('localhost'), 'builtin');
      const [wine] = await db.select().from(schema.experiences).where(eq(schema.experiences.key, 'vini-toscani'));
      const payload: Partial<ExperienceBookingInput> = { experienceId: wine.id, day: testDay(41), time: '18:00', pax: 2, nome: 'Ospite', cognome: 'Wallet', email: 'exp-wallet@example.com', prefisso: '+39', telefono: '3471234567', privacy: true, marketing: false };
      const answer = await client.experience('createexperiencereserve', { payload: JSON.stringify({ language: 'en', ...payload }), recaptchaV3Token: localToken('v3', 'pass'), recaptchaV2Token: '', tokenVersion: 'v3' });
      if (!answer.status) throw new Error(answer.error);
      const hash = answer.data.hash;
      const { pass } = await apple('experience', [hash]);
      expect(pass).toMatchObject({ serialNumber: `e.${hash}`, voided: false });
      expect(fieldsOf(pass, 'eventTicket')).toMatchObject({ party: '2', time: '18:00' });
      expect((await googleClaims('experience', [hash])).payload.eventTicketObjects[0]).toMatchObject({ state: 'ACTIVE' });
      expect(await client.experience('cancelreserve', { hash })).toMatchObject({ status: true });
      expect(await deliver()).toBe(1);
      expect(google.patches.at(-1)).toMatchObject({ resource: 'eventTicketObject', body: { state: 'INACTIVE' } });
      const after = await apple('experience', [hash]);
      expect(after.pass).toMatchObject({ voided: true });
      expect(fieldsOf(after.pass, 'eventTicket')).toMatchObject({ cancelled: 'Cancelled' });
    });

    it('answers an unknown or malformed pass with a translated 404, never a 500', async () => {
      const { download, http, TEST_PASS_TYPE_ID } = await setup();
      const res = await download('apple', 'giftcard', ['AAAAAAAAAAAAAAAAAAAAAA'], 'it');
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('Questo pass non esiste o non è più disponibile.');
      expect((await download('google', 'nope', ['x'])).status).toBe(404);
      expect((await download('apple', 'promo', ['Bad Slug', 'AAAAAAAAAAAAAAAAAAAAAA'])).status).toBe(404);
      expect((await http.handleWalletSerials(get('/api/wallet/v1/devices/dev/registrations/pass.other'), { device: 'dev', passType: 'pass.other' })).status).toBe(404);
      expect((await http.handleWalletSerials(get(`/api/wallet/v1/devices/dev/registrations/${TEST_PASS_TYPE_ID}?passesUpdatedSince=junk`), { device: 'dev', passType: TEST_PASS_TYPE_ID })).status).toBe(204);
      expect((await http.handleWalletLog(send('POST', '/api/wallet/v1/log', {}, { logs: ['hello'] }))).status).toBe(200);
      // A holder of a pass's token cannot fill the table: 20 devices per pass, then 429.
      const { passAuthToken } = await import('@/server/wallet/apple');
      const serial = 'g.ZZZZZZZZZZZZZZZZZZZZZZ';
      const auth = { authorization: `ApplePass ${passAuthToken('localhost', serial)}` };
      const register = (device: string) => http.handleWalletRegister(send('POST', `/api/wallet/v1/devices/${device}/registrations/${TEST_PASS_TYPE_ID}/${serial}`, auth, { pushToken: 'abc' }), { params: Promise.resolve({ device, passType: TEST_PASS_TYPE_ID, serial }) });
      for (let i = 0; i < 20; i++) expect((await register(`dev${i}`)).status).toBe(201);
      expect((await register('dev20')).status).toBe(429);
    });
  });
}
