import fs from 'node:fs';
import { and, eq, like } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { pinTestClock, TEST_NOW, testDay } from '../helpers/clock';
import { forgetVenueContexts } from '@/server/venues/context';
import type { LimitName } from '@/server/limits/config';

// The demo venue's dinner (cena) seats from 19:00 to 22:00 every 30 minutes, in two zones.
const EVENING_TIMES = ['19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00'];
const ZONES = ['sala', 'terrazza'];

const request = (path: string, body: unknown, address: string) =>
  new NextRequest(`http://localhost${path}`, {
    method: 'POST',
    // No server stamped this request (server/http/client-address.ts), so the rule runs over X-Forwarded-For:
    // each test "guest" comes from its own address.
    headers: { host: 'localhost:3000', 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });

/**
 * Issue 13's attacks, through the site's own route handlers on the built-in backend: one
 * address holding a whole evening, a mail bomb through the loyalty look-up, and the limits'
 * answers (429, Retry-After), counted in the database.
 */
export function describeLimits(driver: Driver) {
  describe(`abuse limits on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true });
    beforeAll(async () => {
      for (const key of Object.keys(process.env)) if (key.startsWith('LIMIT_')) delete process.env[key];
    });

    const tables = async () => {
      const { getDb } = await import('@/server/db/client');
      const schema = await import('@/server/db/schema');
      return { db: await getDb(), ...schema };
    };

    /** The first day from `from` days ahead whose whole dinner is open. */
    const openEvening = async (from: number) => {
      const { db } = await tables();
      const { findVenueByKey } = await import('@/server/venues/queries');
      const { getDay } = await import('@/server/booking/service');
      const venue = (await findVenueByKey(db, 'localhost'))!;
      for (let i = from; i < from + 14; i++) {
        const day = await getDay(db, venue, { date: testDay(i), pax: 2 });
        if (EVENING_TIMES.every((time) => day.slots.find((s) => s.time === time)?.available)) return testDay(i);
      }
      throw new Error('no open evening in two weeks');
    };

    it('stops one address holding every table of an evening after the documented live holds, while other guests still hold and book', async () => {
      const { handleHold, handleCreate } = await import('@/server/booking/http');
      const { LIMITS } = await import('@/server/limits/config');
      const date = await openEvening(4);
      const attacker = '203.0.113.66';
      const answers: { status: number; retryAfter: string | null; body: { error?: string; retryAfter?: number } }[] = [];
      for (const time of EVENING_TIMES) {
        for (const zone of ZONES) {
          const response = await handleHold(request('/api/reservation/hold', { date, time, zone, pax: 3 }, attacker));
          answers.push({ status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() });
        }
      }
      const held = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status === 429);
      expect(held).toHaveLength(LIMITS.liveHolds.count);
      expect(refused).toHaveLength(answers.length - LIMITS.liveHolds.count);
      // Told when to come back: when the first hold runs out (the demo venue holds for 8 minutes).
      for (const r of refused) {
        expect(r.body.error).toBe('rateLimited');
        expect(Number(r.retryAfter)).toBeGreaterThan(0);
        expect(Number(r.retryAfter)).toBeLessThanOrEqual(8 * 60);
        expect(r.body.retryAfter).toBe(Number(r.retryAfter));
      }
      const { db, slotHolds } = await tables();
      expect(await db.$count(slotHolds, and(eq(slotHolds.date, date), eq(slotHolds.clientAddress, attacker)))).toBe(LIMITS.liveHolds.count);

      // Another guest, from another address, holds the evening's last slot and books it.
      const guest = '198.51.100.7';
      const hold = await handleHold(request('/api/reservation/hold', { date, time: '22:00', zone: 'sala', pax: 2 }, guest));
      expect(hold.status).toBe(200);
      const { data } = await hold.json();
      const booked = await handleCreate(
        request(
          '/api/reservation',
          {
            pax: 2, date, time: '22:00', zone: 'sala', holdToken: data.holdToken, nome: 'Giulia', cognome: 'Bianchi', email: 'giulia@example.com',
            prefisso: '+39', telefono: '3471234567', privacy: true, recaptchaV3Token: 'local.v3.pass.testtoken', tokenVersion: 'v3', language: 'en',
          },
          guest,
        ),
      );
      expect(booked.status).toBe(200);
      expect((await booked.json()).data.outcome).toBe('confirm');

      // A new pick that replaces the attacker's own hold is still allowed (the wizard's way).
      const [own] = await db.select({ token: slotHolds.token }).from(slotHolds).where(eq(slotHolds.clientAddress, attacker)).limit(1);
      expect((await handleHold(request('/api/reservation/hold', { date, time: '19:00', zone: 'sala', pax: 2, holdToken: own.token }, attacker))).status).toBe(200);
    });

    it("lets a guest who left at the card step hold again from the same browser within the hold's minutes, replacing the earlier hold (issue 45)", async () => {
      const { handleHold } = await import('@/server/booking/http');
      const { POST: releaseRoute } = await import('@/app/api/reservation/release/route');
      const { holdSeats } = await import('@/components/reservation/wizard-calls');
      const { slotHolds, db } = await tables();
      const date = await openEvening(9);
      const guest = '198.51.100.45';
      // The guest's browser: its storage (localStorage outlives a tab, sessionStorage does not), its calls reaching the site from the guest's address.
      const storage = () => {
        const items = new Map<string, string>();
        return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k), clear: () => items.clear() };
      };
      const browser = globalThis as unknown as { localStorage: ReturnType<typeof storage>; sessionStorage: ReturnType<typeof storage>; fetch: typeof fetch };
      const saved = { localStorage: browser.localStorage, sessionStorage: browser.sessionStorage, fetch: browser.fetch };
      Object.defineProperty(globalThis, 'localStorage', { value: storage(), configurable: true, writable: true });
      Object.defineProperty(globalThis, 'sessionStorage', { value: storage(), configurable: true, writable: true });
      browser.fetch = (async (url: string, init: RequestInit) => handleHold(request(url, JSON.parse(String(init.body)), guest))) as typeof fetch;
      const setup = { locale: 'en', module: null } as unknown as Parameters<typeof holdSeats>[0];
      const party = { pax: 8, date, zone: 'sala' };
      const live = () => db.$count(slotHolds, and(eq(slotHolds.date, date), eq(slotHolds.clientAddress, guest)));
      try {
        expect(await holdSeats(setup, { ...party, time: '20:00' })).toHaveProperty('hold');
        // The tab is closed at the card step (no beacon arrived); a new tab, within 8 minutes: 8 + 8 covers would pass the largest party (12).
        Object.defineProperty(globalThis, 'sessionStorage', { value: storage(), configurable: true, writable: true });
        const again = await holdSeats(setup, { ...party, time: '20:30' });
        expect(again).toHaveProperty('hold');
        expect(await live()).toBe(1);
        // Another browser behind the same address is still held to the covers of one party.
        const shared = browser.localStorage;
        Object.defineProperty(globalThis, 'localStorage', { value: storage(), configurable: true, writable: true });
        expect(await holdSeats(setup, { ...party, time: '21:00' })).toEqual({ error: 'rateLimited' });
        Object.defineProperty(globalThis, 'localStorage', { value: shared, configurable: true, writable: true });

        // The guest leaves the page: the wizard's beacon (a same-origin JSON blob) passes the route's gate and gives the seats back.
        const token = 'hold' in again ? again.hold.token : '';
        const beacon = new NextRequest('http://localhost/api/reservation/release', {
          method: 'POST',
          headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'x-forwarded-for': guest },
          body: new Blob([JSON.stringify({ holdToken: token })], { type: 'application/json' }),
          duplex: 'half',
        } as ConstructorParameters<typeof NextRequest>[1]);
        expect((await releaseRoute(beacon)).status).toBe(200);
        expect(await live()).toBe(0);
      } finally {
        for (const [key, value] of Object.entries(saved)) Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
      }
    });

    it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4; one address never holds more than the largest party (issue 22)', async () => {
      const { handleHold } = await import('@/server/booking/http');
      const { handleGiftcardBalance: handleBalance } = await import('@/server/giftcards/http');
      const date = await openEvening(18);
      const hold = (time: string, pax: number, address: string) => handleHold(request('/api/reservation/hold', { date, time, zone: 'sala', pax }, address));
      // Ten four-cover holds from ten addresses of one /64: the demo venue's largest party is 12, so 3.
      const v6: number[] = [];
      for (let i = 1; i <= 10; i++) v6.push((await hold(EVENING_TIMES[i % EVENING_TIMES.length], 4, `2001:db8:7:9::${i.toString(16)}`)).status);
      expect(v6.filter((s) => s === 200)).toHaveLength(3);
      expect(v6.filter((s) => s === 429)).toHaveLength(7);
      // Another /64 is another client.
      expect((await hold('19:00', 4, '2001:db8:7:a::1')).status).toBe(200);
      // The four-by-four attack on one slot: one address takes at most 12 of its covers; a guest from elsewhere still holds it.
      const slot = await Promise.all([1, 2, 3, 4].map(async () => (await hold('21:30', 4, '203.0.113.140')).status));
      expect(slot.filter((s) => s === 200)).toHaveLength(3);
      expect((await hold('21:30', 4, '198.51.100.141')).status).toBe(200);
      // The same IPv4 guest written IPv4-mapped is the same guest.
      expect((await hold('20:00', 2, '::ffff:203.0.113.140')).status).toBe(429);
      // Fourteen gift card balance guesses from one /64: the tenth is the last answered.
      const guesses: number[] = [];
      for (let i = 1; i <= 14; i++) guesses.push((await handleBalance(request('/api/giftcard/balance', { code: `GUESS${i}WRONG1234` }, `2001:db8:5:6::${i.toString(16)}`))).status);
      expect(guesses.filter((s) => s === 429)).toHaveLength(4);
    });

    it('sends at most 3 loyalty look-up e-mails to one inbox, however its address is spelt (issue 22)', async () => {
      const { handleLookup } = await import('@/server/fidelity/http');
      const { db, outbox } = await tables();
      const spellings = ['v@gmail.com', 'v+1@gmail.com', 'v+2@gmail.com', 'v+3@gmail.com', 'v+4@gmail.com', 'V@GoogleMail.com', 'v.x@gmail.com', 'vx+5@gmail.com', 'V.X@gmail.com'];
      const statuses: number[] = [];
      for (const [i, email] of spellings.entries()) statuses.push((await handleLookup(request('/api/fidelity/lookup', { email, language: 'en' }, `192.0.2.${100 + i}`))).status);
      // v@ and vx@ are two inboxes: three e-mails each at most, every other look-up refused.
      const recipients = (await db.select({ to: outbox.recipient }).from(outbox)).map((r) => r.to).filter((to) => spellings.includes(to));
      expect(recipients.filter((to) => /^v(\+\d)?@|^V@/.test(to))).toHaveLength(3);
      expect(recipients.filter((to) => /^v\.?x/i.test(to))).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(3);
      // Each e-mail went to the address as typed.
      expect(recipients).toContain('v+1@gmail.com');
    });

    it('caps the covers one address holds at once (heldCovers), from the environment', async () => {
      process.env.LIMIT_HELD_COVERS = '10';
      try {
        const { handleHold } = await import('@/server/booking/http');
        const date = await openEvening(11);
        const address = '203.0.113.77';
        expect((await handleHold(request('/api/reservation/hold', { date, time: '19:00', zone: 'sala', pax: 6 }, address))).status).toBe(200);
        const second = await handleHold(request('/api/reservation/hold', { date, time: '19:30', zone: 'sala', pax: 6 }, address));
        expect(second.status).toBe(429);
        expect((await second.json()).limit).toBe('heldCovers');
        expect((await handleHold(request('/api/reservation/hold', { date, time: '19:30', zone: 'sala', pax: 4 }, address))).status).toBe(200);
      } finally {
        delete process.env.LIMIT_HELD_COVERS;
      }
    });

    it('200 look-ups for one inbox send at most the documented number of e-mails, from one address or from many', async () => {
      const { handleLookup } = await import('@/server/fidelity/http');
      const { LIMITS } = await import('@/server/limits/config');
      const { db, outbox } = await tables();
      const lookups = async (email: string, address: (i: number) => string) => {
        const statuses: number[] = [];
        for (let i = 0; i < 200; i++) statuses.push((await handleLookup(request('/api/fidelity/lookup', { email, language: 'en' }, address(i)))).status);
        return statuses;
      };
      const fromOne = await lookups('victim@example.com', () => '203.0.113.5');
      expect(fromOne.filter((s) => s === 200)).toHaveLength(LIMITS.fidelityLookupEmail.count);
      expect(fromOne.filter((s) => s === 429)).toHaveLength(200 - LIMITS.fidelityLookupEmail.count);
      expect(await db.$count(outbox, eq(outbox.recipient, 'victim@example.com'))).toBe(LIMITS.fidelityLookupEmail.count);

      // Two hundred addresses (a botnet) against one inbox: the inbox's own limit holds.
      const fromMany = await lookups('victim2@example.com', (i) => `192.0.2.${i}`);
      expect(fromMany.filter((s) => s === 200)).toHaveLength(LIMITS.fidelityLookupEmail.count);
      expect(await db.$count(outbox, eq(outbox.recipient, 'victim2@example.com'))).toBe(LIMITS.fidelityLookupEmail.count);

      // One address against two hundred inboxes: the address's limit holds.
      const sent = await db.$count(outbox);
      let accepted = 0;
      for (let i = 0; i < 200; i++) {
        const response = await handleLookup(request('/api/fidelity/lookup', { email: `spray${i}@example.com`, language: 'en' }, '203.0.113.9'));
        if (response.status === 200) accepted++;
        else expect(response.status).toBe(429);
      }
      expect(accepted).toBe(LIMITS.fidelityLookupAddress.count);
      expect((await db.$count(outbox)) - sent).toBe(LIMITS.fidelityLookupAddress.count);
      // The counters hold no e-mail address, only its digest.
      const { rateLimits } = await tables();
      expect(await db.$count(rateLimits, like(rateLimits.key, '%@%'))).toBe(0);
    });

    it('answers a refused sign-up, guarantee and SMS resend with 429 and Retry-After; the window ends and they pass again', async () => {
      const { handleSubscribe } = await import('@/server/fidelity/http');
      const { handleResend, handleGuarantee } = await import('@/server/booking/http');
      const { LIMITS } = await import('@/server/limits/config');
      const address = '203.0.113.200';
      const signUp = (i: number) =>
        handleSubscribe(
          request(
            '/api/fidelity',
            { nome: 'Anna', cognome: 'Neri', email: `member${i}@example.com`, prefisso: '+39', telefono: '3471234567', compleannoGiorno: 3, compleannoMese: 4, privacy: true, marketing: true, language: 'en' },
            address,
          ),
        );
      for (let i = 0; i < LIMITS.fidelitySignupAddress.count; i++) expect((await signUp(i)).status).toBe(200);
      const refused = await signUp(99);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBe(LIMITS.fidelitySignupAddress.windowSeconds);

      for (let i = 0; i < LIMITS.smsResendAddress.count; i++) expect((await handleResend(request('/api/reservation/code/resend', { hash: `nohash${i}` }, address))).status).not.toBe(429);
      expect((await handleResend(request('/api/reservation/code/resend', { hash: 'nohash' }, address))).status).toBe(429);
      for (let i = 0; i < LIMITS.guaranteeAddress.count; i++) expect((await handleGuarantee(request('/api/reservation/guarantee', { pax: 2 }, address))).status).not.toBe(429);
      expect((await handleGuarantee(request('/api/reservation/guarantee', { pax: 2 }, address))).status).toBe(429);

      // An hour later the sign-up window has ended.
      await pinTestClock(new Date(TEST_NOW.getTime() + LIMITS.fidelitySignupAddress.windowSeconds * 1000 + 1000));
      try {
        expect((await signUp(100)).status).toBe(200);
      } finally {
        await pinTestClock();
      }
    });
    it("lets a hotel's evening through one address: 30 guests each pick a time, book a table of 2 and join the loyalty programme; SMS codes stay limited (issue 45)", async () => {
      const { handleHold, handleGuarantee, handleCreate, handleResend } = await import('@/server/booking/http');
      const { handleSubscribe } = await import('@/server/fidelity/http');
      const { LIMITS } = await import('@/server/limits/config');
      const hotel = '203.0.113.180';
      const evenings = [await openEvening(8), await openEvening(9), await openEvening(10)];
      const outcomes: string[] = [];
      for (let i = 0; i < 30; i++) {
        const choice = { date: evenings[i % 3], time: EVENING_TIMES[i % EVENING_TIMES.length], zone: ZONES[i % 2], pax: 2 };
        const email = `guest${i}@hotel.example`;
        const telefono = `347${String(1000000 + i)}`;
        // Each guest picks a time twice (changing their mind once), as the wizard does.
        const first = await handleHold(request('/api/reservation/hold', { ...choice, time: '19:00' }, hotel));
        expect([i, first.status]).toEqual([i, 200]);
        const hold = await handleHold(request('/api/reservation/hold', { ...choice, holdToken: (await first.json()).data.holdToken }, hotel));
        expect([i, hold.status]).toEqual([i, 200]);
        const holdToken = (await hold.json()).data.holdToken;
        const guarantee = await handleGuarantee(request('/api/reservation/guarantee', { ...choice, email, holdToken }, hotel));
        expect([i, guarantee.status]).toEqual([i, 200]);
        const booked = await handleCreate(
          request(
            '/api/reservation',
            { ...choice, holdToken, nome: 'Ospite', cognome: `Numero ${i}`, email, prefisso: '+39', telefono, privacy: true, recaptchaV3Token: 'local.v3.pass.testtoken', tokenVersion: 'v3', language: 'en' },
            hotel,
          ),
        );
        expect([i, booked.status]).toEqual([i, 200]);
        outcomes.push((await booked.json()).data.outcome);
        const joined = await handleSubscribe(
          request('/api/fidelity', { nome: 'Ospite', cognome: `Numero ${i}`, email, prefisso: '+39', telefono, compleannoGiorno: 3, compleannoMese: 4, privacy: true, marketing: true, language: 'en' }, hotel),
        );
        expect([i, joined.status]).toEqual([i, 200]);
      }
      expect(outcomes.every((o) => ['confirm', 'accept', 'suspended'].includes(o))).toBe(true);
      // What costs money stays tight from the same address: new SMS codes.
      const resends: number[] = [];
      for (let i = 0; i <= LIMITS.smsResendAddress.count; i++) resends.push((await handleResend(request('/api/reservation/code/resend', { hash: `hotel${i}` }, hotel))).status);
      expect(resends.filter((s) => s === 429)).toHaveLength(1);
    });

    it('lets a shared address check the guarantee of any number of small tables, while card setups stay limited (issue 45)', async () => {
      const { handleGuarantee } = await import('@/server/booking/http');
      const { LIMITS } = await import('@/server/limits/config');
      const date = await openEvening(5);
      const hotel = '203.0.113.145';
      const check = (pax: number, i: number) => handleGuarantee(request('/api/reservation/guarantee', { date, time: '20:00', zone: 'sala', pax, email: `hotel${i}@example.com` }, hotel));
      // A hotel's evening: 30 guests behind one address each check a table of 2 (no card asked).
      for (let i = 0; i < 30; i++) {
        const response = await check(2, i);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ data: { required: false } });
      }
      // Card setups (the demo venue asks one at dinner from 5 guests) are still counted and refused past the limit.
      for (let i = 0; i < LIMITS.guaranteeAddress.count; i++) {
        const response = await check(6, 100 + i);
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ data: { required: true, reference: expect.any(String) } });
      }
      const refused = await check(6, 999);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ error: 'rateLimited', limit: 'guaranteeAddress' });
    });

    it('limits promo code requests per address (promoRequest) and per e-mail (promoRequestEmail) at the site\'s route', async () => {
      const { handleRequest } = await import('@/server/promo/http');
      const { LIMITS } = await import('@/server/limits');
      const ask = (i: number, address: string, email = `promo-limit${i}@example.com`) =>
        handleRequest(
          request(
            '/api/promo/request',
            { urlName: 'aperitivo-omaggio', nome: 'Lia', cognome: 'Neri', email, prefisso: '+39', telefono: `347${String(1000000 + i)}`, privacy: true, marketing: true, language: 'it' },
            address,
          ),
        );
      const perAddress = LIMITS.promoRequest.count;
      for (let i = 0; i < perAddress; i++) expect((await ask(i, '198.51.100.77')).status).toBe(200);
      const refused = await ask(perAddress, '198.51.100.77');
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ error: 'rateLimited', limit: 'promoRequest' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another address still gets its code; one e-mail tried from many addresses is stopped by its own limit.
      expect((await ask(100, '198.51.100.78')).status).toBe(200);
      const statuses = [];
      for (let i = 0; i <= LIMITS.promoRequestEmail.count; i++) statuses.push((await ask(200 + i, `198.51.101.${i}`, 'same-inbox@example.com')).status);
      expect(statuses.at(-1)).toBe(429);
    });
    it('takes a venue file\'s own limits over the defaults, and the sweep keeps a counter while its window runs', async () => {
      const { handleLookup } = await import('@/server/fidelity/http');
      const { parseVenueFile } = await import('@/server/venues/import');
      const { sweepStale } = await import('@/server/runtime/housekeeping');
      const { db, venues, rateLimits } = await tables();
      const demo = JSON.parse(fs.readFileSync('venues/demo.json', 'utf8'));
      // The venue file's schema takes `limits`, and refuses a name that is no limit.
      expect(parseVenueFile({ ...demo, limits: { fidelityLookupAddress: { count: 2, windowSeconds: 172800 } } }).limits).toEqual({ fidelityLookupAddress: { count: 2, windowSeconds: 172800 } });
      expect(() => parseVenueFile({ ...demo, limits: { lookups: { count: 2, windowSeconds: 60 } } })).toThrow();
      await db.update(venues).set({ limits: { fidelityLookupAddress: { count: 2, windowSeconds: 172800 } } }).where(eq(venues.slug, demo.slug));
      forgetVenueContexts();
      try {
        const ask = (i: number) => handleLookup(request('/api/fidelity/lookup', { email: `venue-limit${i}@example.com`, language: 'en' }, '203.0.113.123'));
        expect((await ask(1)).status).toBe(200);
        expect((await ask(2)).status).toBe(200);
        const refused = await ask(3);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBe(172800);
        // A day and a half later the two-day window still runs: the sweep keeps the counter.
        await sweepStale(db, new Date(TEST_NOW.getTime() + 36 * 3_600_000));
        expect(await db.$count(rateLimits, like(rateLimits.key, '%203.0.113.123'))).toBe(1);
      } finally {
        await db.update(venues).set({ limits: null }).where(eq(venues.slug, demo.slug));
        forgetVenueContexts();
      }
    });

    it('gives back the hits counted after a refused limit as if never counted: a target\'s window still starts at its next hit (same Retry-After as one statement per limit)', async () => {
      const { enforceLimits, RateLimitedError } = await import('@/server/limits');
      const { db } = await tables();
      const tight = { createAddress: { count: 1, windowSeconds: 3600 }, createEmail: { count: 1, windowSeconds: 3600 } };
      const start = new Date(TEST_NOW.getTime() + 10 * 86_400_000);
      const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
      const hits = (address: string): [LimitName, string][] => [['createAddress', address], ['createEmail', 'given-back@example.com']];
      // The inbox's window of an hour ago has run out; the address is over its limit: refused, the inbox not counted.
      await enforceLimits(db, 'localhost', tight, hits('198.51.100.90'), later(-120));
      await enforceLimits(db, 'localhost', tight, [['createAddress', '198.51.100.91']], start);
      await expect(enforceLimits(db, 'localhost', tight, hits('198.51.100.91'), start)).rejects.toMatchObject({ limit: 'createAddress', retryAfterSeconds: 3600 });
      // Half an hour later the inbox books from another address: its window starts now, and a second try is refused for the whole hour.
      await enforceLimits(db, 'localhost', tight, hits('198.51.100.92'), later(30));
      const refused = await enforceLimits(db, 'localhost', tight, hits('198.51.100.93'), later(30)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RateLimitedError);
      expect(refused).toMatchObject({ limit: 'createEmail', retryAfterSeconds: 3600 });
    });

    it('counts requests naming the same subjects in opposite orders at once, each hit once and none waiting on the other (issue 42: one upsert a request)', async () => {
      const { enforceLimits } = await import('@/server/limits');
      const { db, rateLimits } = await tables();
      const roomy = { createAddress: { count: 10000, windowSeconds: 3600 }, createEmail: { count: 10000, windowSeconds: 3600 } };
      const address: [LimitName, string] = ['createAddress', '198.51.100.77'];
      const inbox: [LimitName, string] = ['createEmail', 'both-orders@example.com'];
      // One statement each, counting both rows: rows taken in opposite orders by two at once would wait on each other (a deadlock) unless taken in one order.
      await Promise.all(Array.from({ length: 400 }, (_, i) => enforceLimits(db, 'localhost', roomy, i % 2 ? [address, inbox] : [inbox, address])));
      const rows = await db.select().from(rateLimits).where(like(rateLimits.key, 'limit:create%:localhost:%'));
      expect(rows.filter((r) => r.count === 400)).toHaveLength(2);
    });
  });
}
