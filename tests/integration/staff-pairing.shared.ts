import { NextRequest } from 'next/server';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { pinTestClock, testMoment, TEST_NOW } from '../helpers/clock';

type Options = { host?: string; address?: string; cookie?: string };

const request = (path: string, method: string, body: unknown, { host = 'localhost:3000', address = '198.51.100.60', cookie }: Options = {}) =>
  new NextRequest(`http://${host}${path}`, {
    method,
    headers: { host, 'x-forwarded-for': address, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const cookieId = (response: Response) => /=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? null;

/**
 * Issue 44: pairing a phone. A signed-in device shows an 8-character code; typed on another
 * device's sign-in page it signs that device in as the same venue: once, within 5 minutes,
 * never for another venue, with guesses limited per address and per venue.
 */
export function describeStaffPairing(driver: Driver) {
  describe(`staff pairing codes on ${driver}`, () => {
    beforeAll(() => {
      delete process.env.STAFF_SESSION_HOURS;
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
    const http = async () => import('@/server/staff/http');
    const STAFF_COOKIE = 'frontpage-staff';

    /** A device signed in with the venue's credential: its cookie header. */
    const signedIn = async (host: string, address: string) => {
      const { rotateVenueCredential } = await import('@/server/staff/credentials');
      const { token } = await rotateVenueCredential(await db(), host.split(':')[0]);
      const response = await (await http()).handleStaffSignIn(request('/api/staff/session', 'POST', { token }, { host, address }));
      expect(response.status).toBe(200);
      return `${STAFF_COOKIE}=${cookieId(response)}`;
    };
    const pair = async (cookie: string | undefined, host = 'localhost:3000') => (await http()).handleStaffPairing(request('/api/staff/pairing', 'POST', undefined, { host, cookie }));
    const typeCode = async (code: unknown, options: Options = {}) => (await http()).handleStaffSignIn(request('/api/staff/session', 'POST', { code }, options));

    it('a code shown on a signed-in device signs one other device in, once, as the same venue; stored hashed', async () => {
      const { staffSessionFor } = await import('@/server/staff/sessions');
      expect((await pair(undefined)).status).toBe(401);
      const cookie = await signedIn('localhost:3000', '198.51.100.61');
      const shown = await pair(cookie);
      expect(shown.status).toBe(200);
      const { code, expiresAt } = (await shown.json()) as { code: string; expiresAt: string };
      expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4} [2-9A-HJ-NP-Z]{4}$/);
      expect(new Date(expiresAt).getTime() - TEST_NOW.getTime()).toBe(5 * 60_000);

      const { staffPairingCodes } = await import('@/server/db/schema');
      const rows = await (await db()).select().from(staffPairingCodes);
      expect(JSON.stringify(rows)).not.toContain(code.replace(' ', ''));

      // Typed as read, lower case and without the space included.
      const phone = await typeCode(code.replace(' ', '').toLowerCase(), { address: '198.51.100.62' });
      expect(phone.status).toBe(200);
      expect(await phone.json()).toMatchObject({ result: 'signedIn' });
      const phoneId = cookieId(phone);
      expect(await staffSessionFor(await db(), 'localhost', phoneId)).not.toBeNull();
      expect(await staffSessionFor(await db(), 'other.localhost', phoneId)).toBeNull();

      // Single use: a second device with the same code is refused.
      const again = await typeCode(code, { address: '198.51.100.63' });
      expect(again.status).toBe(401);
      expect(await again.json()).toEqual({ error: 'wrongCode' });
    });

    it('two devices typing the same code at the same moment: one is signed in', async () => {
      const cookie = await signedIn('localhost:3000', '198.51.100.64');
      const { code } = (await (await pair(cookie)).json()) as { code: string };
      const answers = await Promise.all([typeCode(code, { address: '198.51.100.65' }), typeCode(code, { address: '198.51.100.66' }), typeCode(code, { address: '198.51.100.67' })]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
    });

    it('a code expires after 5 minutes', async () => {
      const cookie = await signedIn('localhost:3000', '198.51.100.68');
      const { code } = (await (await pair(cookie)).json()) as { code: string };
      try {
        await pinTestClock(testMoment(5));
        expect((await typeCode(code, { address: '198.51.100.69' })).status).toBe(401);
      } finally {
        await pinTestClock(TEST_NOW);
      }
      const fresh = (await (await pair(cookie)).json()) as { code: string };
      await pinTestClock(new Date(TEST_NOW.getTime() + 4 * 60_000 + 59_000));
      try {
        expect((await typeCode(fresh.code, { address: '198.51.100.70' })).status).toBe(200);
      } finally {
        await pinTestClock(TEST_NOW);
      }
    });

    it("another venue's code is refused here, and stays usable at its own venue", async () => {
      const otherCookie = await signedIn('other.localhost', '198.51.100.71');
      const { code } = (await (await pair(otherCookie, 'other.localhost')).json()) as { code: string };
      expect((await typeCode(code, { address: '198.51.100.72' })).status).toBe(401);
      const there = await typeCode(code, { host: 'other.localhost', address: '198.51.100.72' });
      expect(there.status).toBe(200);
      const { staffSessionFor } = await import('@/server/staff/sessions');
      expect(await staffSessionFor(await db(), 'other.localhost', cookieId(there))).not.toBeNull();
      expect(await staffSessionFor(await db(), 'localhost', cookieId(there))).toBeNull();
    });

    it('malformed codes are a 401 (or 400 without a body), never a 500', async () => {
      for (const code of ['', 'ABC', 'O0I1L0O0', 'x'.repeat(5000), 12345678]) {
        const answer = await (await http()).handleStaffSignIn(request('/api/staff/session', 'POST', { code }, { address: '198.51.100.73' }));
        expect([400, 401]).toContain(answer.status);
      }
    });

    it('wrong codes are limited per address (staffPairAddress) and per venue from many addresses (staffPairVenue), with a 429', async () => {
      const { LIMITS } = await import('@/server/limits/config');
      const cookie = await signedIn('localhost:3000', '198.51.100.74');
      const guesses: number[] = [];
      for (let i = 0; i < LIMITS.staffPairAddress.count; i++) guesses.push((await typeCode('ABCD EFG' + '23456789'[i % 8], { address: '203.0.113.50' })).status);
      expect(guesses.every((s) => s === 401)).toBe(true);
      const refused = await typeCode('ABCDEFGH', { address: '203.0.113.50' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Even the right code waits at this address: the limit is counted before the code is looked at.
      const { code } = (await (await pair(cookie)).json()) as { code: string };
      expect((await typeCode(code, { address: '203.0.113.50' })).status).toBe(429);

      // From many addresses, one guess each: the venue's own counter stops them (this venue only).
      let status = 0;
      let tries = 0;
      while (status !== 429 && tries <= LIMITS.staffPairVenue.count) status = (await typeCode('ZZZZ ZZZZ', { address: `192.0.2.${++tries}` })).status;
      expect(status).toBe(429);
      expect((await typeCode(code, { address: '192.0.2.200' })).status).toBe(429);
      expect((await typeCode('ZZZZ ZZZZ', { host: 'other.localhost', address: '192.0.2.201' })).status).toBe(401);
      // The window passes: a guess is looked at again (and is wrong).
      await pinTestClock(testMoment(16));
      try {
        expect((await typeCode('ZZZZ ZZZZ', { address: '203.0.113.50' })).status).toBe(401);
      } finally {
        await pinTestClock(TEST_NOW);
      }
    });

    it('the code is never logged', async () => {
      const lines: string[] = [];
      const spies = (['log', 'info', 'warn', 'error'] as const).map((level) => jest.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' '))));
      const writes = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (lines.push(String(chunk)), true));
      try {
        const cookie = await signedIn('localhost:3000', '198.51.100.80');
        const { code } = (await (await pair(cookie)).json()) as { code: string };
        await typeCode(code, { address: '198.51.100.81' });
        await typeCode(code, { address: '198.51.100.81' });
        expect(lines.join('\n')).not.toContain(code.replace(' ', ''));
        expect(lines.join('\n')).not.toContain(code);
      } finally {
        for (const spy of spies) spy.mockRestore();
        writes.mockRestore();
      }
    });
  });
}
