import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { NextRequest } from 'next/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { pinTestClock, testMoment, TEST_NOW } from '../helpers/clock';

type Options = { host?: string; address?: string; cookie?: string };
let serial = 0;
const request = (path: string, body: unknown, { host = 'localhost:3000', address = `198.51.100.${(++serial % 200) + 1}`, cookie }: Options = {}) =>
  new NextRequest(`http://${host}${path}`, {
    method: 'POST',
    headers: { host, 'x-forwarded-for': address, 'content-type': 'application/json', 'user-agent': 'Test phone', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const cookieId = (response: Response) => /=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? null;
const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/**
 * A passkey authenticator made in the test with node:crypto (P-256, ES256): it answers the
 * server's registration options with a `none` attestation and its sign-in options with a signed
 * assertion, as a phone's platform authenticator does, for whatever origin and relying party
 * the test names (to try the wrong ones).
 */
function authenticator() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }) as { privateKey: KeyObject; publicKey: KeyObject };
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
  const rawId = randomBytes(16);
  const id = b64(rawId);
  let counter = 0;
  const clientData = (type: string, challenge: string, origin: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  return {
    id,
    /** The answer to `navigator.credentials.create` with these options. */
    create(options: { challenge: string; rp: { id?: string } }, origin = 'http://localhost:3000', rpId = options.rp.id ?? 'localhost') {
      // Flags: user present, user verified, attested credential data.
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x45]), u32(0), Buffer.alloc(16), Buffer.from([0, rawId.length]), rawId, Buffer.from(cose)]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, never> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, never>()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      return { id, rawId: id, type: 'public-key', response: { clientDataJSON: b64(clientData('webauthn.create', options.challenge, origin)), attestationObject: b64(attestationObject), transports: ['internal'] }, clientExtensionResults: {} };
    },
    /** The answer to `navigator.credentials.get` with these options (the counter moves on unless given). */
    get(options: { challenge: string; rpId?: string }, origin = 'http://localhost:3000', rpId = options.rpId ?? 'localhost', count = ++counter) {
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), u32(count)]);
      const data = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return { id, rawId: id, type: 'public-key', response: { clientDataJSON: b64(data), authenticatorData: b64(authData), signature: b64(signature) }, clientExtensionResults: {} };
    },
  };
}

/**
 * Issue 44: a staff device registers a passkey once signed in with the venue's credential, and
 * signs in with it afterwards; real WebAuthn ceremonies (a `none` attestation, ES256 assertions)
 * made in the test. A challenge is single-use and short-lived; the origin and the relying party
 * are the venue's; another venue's passkey or challenge does not sign in here; a new credential
 * revokes the venue's passkeys with its sessions.
 */
export function describeStaffPasskeys(driver: Driver) {
  describe(`staff passkeys on ${driver}`, () => {
    beforeAll(() => {
      for (const key of Object.keys(process.env)) if (key.startsWith('LIMIT_')) delete process.env[key];
    });
    useSiteDatabase(driver);
    beforeAll(async () => {
      await pinTestClock(TEST_NOW);
      const { getDb } = await import('@/server/db/client');
      const { DEMO_VENUE_FILE } = await import('@/server/venues/seed');
      const { importVenue, readVenueFile } = await import('@/server/venues/import');
      await importVenue(await getDb(), { ...readVenueFile(DEMO_VENUE_FILE), slug: 'other', name: 'Osteria Altra', hosts: ['other.localhost'], default: false });
    });

    const db = async () => (await import('@/server/db/client')).getDb();
    const http = async () => import('@/server/staff/passkeys-http');

    /** A device signed in with the venue's credential (made anew: every passkey of the venue revoked). */
    const signedIn = async (host = 'localhost:3000') => {
      const { rotateVenueCredential } = await import('@/server/staff/credentials');
      const staff = await import('@/server/staff/http');
      const { token } = await rotateVenueCredential(await db(), host.split(':')[0]);
      const response = await staff.handleStaffSignIn(request('/api/staff/session', { token }, { host }));
      expect(response.status).toBe(200);
      return `frontpage-staff=${cookieId(response)}`;
    };
    const options = async (purpose: 'register' | 'signIn', o: Options = {}) => {
      const answer = await (await http()).handlePasskeyOptions(request('/api/staff/passkey/options', { purpose }, o));
      return { status: answer.status, options: ((await answer.json()) as { options: { challenge: string; rp: { id: string }; rpId: string; timeout: number; allowCredentials?: unknown[] } }).options };
    };
    const register = async (response: unknown, o: Options) => (await http()).handlePasskeyRegister(request('/api/staff/passkey', { response }, o));
    const signIn = async (response: unknown, o: Options = {}) => (await http()).handlePasskeySignIn(request('/api/staff/passkey/session', { response }, o));
    /** A device with a passkey registered for the venue of `host`. */
    const registered = async (host = 'localhost:3000') => {
      const cookie = await signedIn(host);
      const device = authenticator();
      const { options: made } = await options('register', { host, cookie });
      const answer = await register(device.create(made, `http://${host.split(':')[0]}:3000`), { host, cookie });
      expect(answer.status).toBe(200);
      return device;
    };

    it('registers a passkey for a signed-in device, then signs in with it: a session of the venue, without the credential', async () => {
      const { staffSessionFor } = await import('@/server/staff/sessions');
      const schema = await import('@/server/db/schema');
      // Not signed in: no registration.
      expect((await options('register')).status).toBe(401);
      expect((await register({}, {})).status).toBe(401);
      const cookie = await signedIn();
      const { status, options: made } = await options('register', { cookie });
      expect(status).toBe(200);
      // The relying party is the venue's host; the challenge is the server's, 5 minutes.
      expect(made).toMatchObject({ rp: { id: 'localhost', name: 'Trattoria Da Rosa' }, attestation: 'none', authenticatorSelection: { residentKey: 'required' }, timeout: 5 * 60_000 });
      const device = authenticator();
      const created = await register(device.create(made), { cookie });
      expect(created.status).toBe(200);
      expect(await created.json()).toEqual({ result: 'registered' });
      const [row] = await (await db()).select().from(schema.staffPasskeys);
      expect(row).toMatchObject({ credentialId: device.id, scope: expect.stringMatching(/^venue:\d+$/), counter: 0, revokedAt: null, label: 'Test phone' });

      // Later, signed out: the passkey signs the device in.
      const asked = await options('signIn');
      expect(asked.status).toBe(200);
      expect(asked.options).toMatchObject({ rpId: 'localhost', timeout: 5 * 60_000 });
      const answer = await signIn(device.get(asked.options));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ result: 'signedIn' });
      expect(answer.headers.get('set-cookie')).toMatch(/^frontpage-staff=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
      const session = await staffSessionFor(await db(), 'localhost', cookieId(answer));
      expect(session).not.toBeNull();
      expect(await staffSessionFor(await db(), 'other.localhost', cookieId(answer))).toBeNull();
      const [used] = await (await db()).select().from(schema.staffPasskeys);
      expect(used.counter).toBe(1);
    });

    it('a challenge is used once: a replayed answer, registration or sign-in, is refused', async () => {
      const device = await registered();
      const { options: asked } = await options('signIn');
      const answer = device.get(asked);
      expect((await signIn(answer)).status).toBe(200);
      const replayed = await signIn(answer);
      expect(replayed.status).toBe(401);
      expect(await replayed.json()).toEqual({ error: 'wrongPasskey' });
      // A registration answer sent again: its challenge is gone.
      const cookie = await signedIn();
      const other = authenticator();
      const { options: made } = await options('register', { cookie });
      const created = other.create(made);
      expect((await register(created, { cookie })).status).toBe(200);
      expect((await register(created, { cookie })).status).toBe(400);
      // A challenge made for a registration does not serve a sign-in.
      const { options: forRegister } = await options('register', { cookie });
      expect((await signIn(other.get({ challenge: forRegister.challenge }))).status).toBe(401);
    });

    it('checks the origin and the relying party: another origin, another host, an old counter are refused, and use the challenge up', async () => {
      const device = await registered();
      for (const [origin, rpId] of [
        ['https://evil.example', 'localhost'],
        ['http://localhost:3001', 'localhost'],
        ['http://localhost:3000', 'evil.example'],
      ]) {
        const { options: asked } = await options('signIn');
        expect((await signIn(device.get(asked, origin, rpId))).status).toBe(401);
        // The same challenge, answered right afterwards: already used up.
        expect((await signIn(device.get(asked))).status).toBe(401);
      }
      // A registration from another origin is refused too.
      const cookie = await signedIn();
      const { options: made } = await options('register', { cookie });
      expect((await register(authenticator().create(made, 'https://evil.example'), { cookie })).status).toBe(400);
      // The counter moves on: an assertion turning it back (a cloned authenticator) is refused.
      const fresh = await registered();
      const first = await options('signIn');
      expect((await signIn(fresh.get(first.options, undefined, undefined, 5))).status).toBe(200);
      const second = await options('signIn');
      expect((await signIn(fresh.get(second.options, undefined, undefined, 3))).status).toBe(401);
    });

    it('a challenge lives 5 minutes', async () => {
      const device = await registered();
      const { options: asked } = await options('signIn');
      try {
        await pinTestClock(testMoment(5.1));
        expect((await signIn(device.get(asked))).status).toBe(401);
      } finally {
        await pinTestClock(TEST_NOW);
      }
    });

    it("another venue's passkey or challenge signs nobody in here", async () => {
      const there = await registered('other.localhost');
      const { options: asked } = await options('signIn', { host: 'other.localhost' });
      expect(asked.rpId).toBe('other.localhost');
      // Its answer brought here (the right origin for there) fails; so does a challenge of there answered for here.
      expect((await signIn(there.get(asked, 'http://other.localhost:3000', 'other.localhost'))).status).toBe(401);
      const { options: again } = await options('signIn', { host: 'other.localhost' });
      expect((await signIn(there.get(again, 'http://localhost:3000', 'localhost'))).status).toBe(401);
      // At its own venue it works.
      const { options: own } = await options('signIn', { host: 'other.localhost' });
      expect((await signIn(there.get(own, 'http://other.localhost:3000', 'other.localhost'), { host: 'other.localhost' })).status).toBe(200);
    });

    it("a new credential for the venue revokes its passkeys with its sessions; the device registers again after signing in", async () => {
      const { staffSessionFor } = await import('@/server/staff/sessions');
      const device = await registered();
      const { options: first } = await options('signIn');
      const before = await signIn(device.get(first));
      expect(before.status).toBe(200);
      const { rotateVenueCredential } = await import('@/server/staff/credentials');
      await rotateVenueCredential(await db(), 'localhost');
      expect(await staffSessionFor(await db(), 'localhost', cookieId(before))).toBeNull();
      const { options: asked } = await options('signIn');
      expect((await signIn(device.get(asked))).status).toBe(401);
      // Signed in with the new credential, the same device registers again and is back.
      const cookie = await signedIn();
      const { options: made } = await options('register', { cookie });
      expect((await register(device.create(made), { cookie })).status).toBe(200);
      const { options: later } = await options('signIn');
      expect((await signIn(device.get(later))).status).toBe(200);
    });

    it('bad input is a 400 or a 401, never a 500; sign-in steps are limited per address', async () => {
      const cookie = await signedIn();
      expect((await (await http()).handlePasskeyOptions(request('/api/staff/passkey/options', { purpose: 'other' }))).status).toBe(400);
      for (const response of [null, 'x', 42, {}, { id: 'x' }, { id: 'x', response: { clientDataJSON: 'not base64 json' } }, { id: 'x'.repeat(5000), response: {} }, { response: { clientDataJSON: b64(Buffer.from('{"challenge":5}')) } }]) {
        expect((await signIn(response)).status).toBe(401);
        expect((await register(response, { cookie })).status).toBe(400);
      }
      const { LIMITS } = await import('@/server/limits/config');
      const statuses: number[] = [];
      for (let i = 0; i <= LIMITS.staffPasskey.count; i++) statuses.push((await options('signIn', { address: '203.0.113.90' })).status);
      expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect((await signIn({}, { address: '203.0.113.90' })).status).toBe(429);
    });
  });
}
