import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { TEST_NOW } from '../helpers/clock';
import { forgetVenueContexts } from '@/server/venues/context';

const form = (values: Record<string, string>) => new URLSearchParams(values);
const signUp = (email: string, extra: Record<string, string> = {}) =>
  form({
    nome: 'Anna',
    cognome: 'Rossi',
    email,
    prefisso: '+39',
    telefono: '347 123 4567',
    compleannoGiorno: '12',
    compleannoMese: '5',
    privacy: '1',
    marketing: '1',
    language: 'en',
    ...extra,
  });

/** The loyalty calls of the built-in backend, and the site's /api/fidelity handler in front of them. */
export function describeFidelity(driver: Driver) {
  describe(`loyalty programme on ${driver}`, () => {
    useSiteDatabase(driver);

    const call = async (name: string, params: URLSearchParams, venueKey = 'localhost') => {
      const { dispatch } = await import('@/server/backend/dispatch');
      return dispatch(name, venueKey, params);
    };
    const tables = async () => {
      const { getDb } = await import('@/server/db/client');
      const schema = await import('@/server/db/schema');
      return { db: await getDb(), ...schema };
    };

    it('stores the member with consents, their time and the policy version, and queues the welcome e-mail', async () => {
      const before = TEST_NOW;
      const result = await call('fidelity/subscribe', signUp('Anna.Rossi@Example.com'));
      expect(result).toEqual({ httpStatus: 200, body: { status: true, data: { result: 'success' } } });

      const { db, fidelityMembers, outbox } = await tables();
      // Stored as typed; one member per inbox (emailKey) and the phone in E.164 (phoneKey).
      const [member] = await db.select().from(fidelityMembers).where(eq(fidelityMembers.emailKey, 'anna.rossi@example.com'));
      expect(member).toMatchObject({ email: 'Anna.Rossi@Example.com', phoneKey: '+393471234567', firstName: 'Anna', lastName: 'Rossi', phonePrefix: '+39', phone: '3471234567', birthDay: 12, birthMonth: 5, locale: 'en', policyVersion: '2026-01' });
      expect(member.privacyAcceptedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
      expect(member.marketingAcceptedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

      const mails = await db.select().from(outbox).where(and(eq(outbox.template, 'fidelityWelcome'), eq(outbox.recipient, 'Anna.Rossi@Example.com')));
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toContain('Trattoria Da Rosa');
      expect(mails[0].locale).toBe('en');
    });

    it('answers alreadyRegistered for the same address in any case, and queues nothing more', async () => {
      const { db, outbox } = await tables();
      const queued = await db.$count(outbox);
      const again = await call('fidelity/subscribe', signUp('ANNA.ROSSI@example.com'));
      expect(again.body).toEqual({ status: false, error: 'alreadyRegistered' });
      expect(await db.$count(outbox)).toBe(queued);
    });

    it('keeps one member when 20 identical sign-ups arrive at once', async () => {
      const results = await Promise.all(Array.from({ length: 20 }, () => call('fidelity/subscribe', signUp('race@example.com'))));
      const outcomes = results.map((r) => (r.body.status ? 'success' : r.body.error));
      expect(outcomes.filter((o) => o === 'success')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'alreadyRegistered')).toHaveLength(19);
      expect(results.every((r) => r.httpStatus === 200)).toBe(true);
      const { db, fidelityMembers, outbox } = await tables();
      expect(await db.$count(fidelityMembers, eq(fidelityMembers.email, 'race@example.com'))).toBe(1);
      expect(await db.$count(outbox, eq(outbox.recipient, 'race@example.com'))).toBe(1);
    });

    it('answers disabled when the venue has the programme off', async () => {
      const { db, venues } = await tables();
      await db.update(venues).set({ fidelityEnabled: false });
      forgetVenueContexts();
      try {
        expect((await call('fidelity/subscribe', signUp('off@example.com'))).body).toEqual({ status: false, error: 'disabled' });
      } finally {
        await db.update(venues).set({ fidelityEnabled: true });
        forgetVenueContexts();
      }
    });

    it('refuses bad input with a 400 and the field errors, storing nothing', async () => {
      const { db, fidelityMembers } = await tables();
      const count = await db.$count(fidelityMembers);
      const bad = await call('fidelity/subscribe', signUp('not-an-email', { marketing: '0', compleannoMese: '13' }));
      expect(bad.httpStatus).toBe(400);
      expect(bad.body).toMatchObject({ status: false, error: 'invalid', fieldErrors: { email: 'emailInvalid', marketing: 'marketingRequired', compleannoMese: 'birthMonthRequired' } });
      expect(await db.$count(fidelityMembers)).toBe(count);
    });

    it('answers the look-up the same way for members and strangers, and e-mails the address', async () => {
      const member = await call('fidelity/lookup', form({ email: 'anna.rossi@example.com', language: 'it' }));
      const stranger = await call('fidelity/lookup', form({ email: 'nobody@example.com', language: 'it' }));
      expect(member).toEqual(stranger);
      expect(member.body).toEqual({ status: true, data: { result: 'sent' } });
      const { db, outbox } = await tables();
      const [toMember] = await db.select().from(outbox).where(eq(outbox.recipient, 'anna.rossi@example.com'));
      const [toStranger] = await db.select().from(outbox).where(eq(outbox.recipient, 'nobody@example.com'));
      expect(toMember.template).toBe('fidelityLookup');
      expect(toStranger.template).toBe('fidelityNotMember');
      expect(toStranger.bodyText).toContain('/frontpage/fidelity/error/notFound');
    });

    describe('POST /api/fidelity', () => {
      const post = async (body: unknown, headers: Record<string, string> = {}) => {
        const { handleSubscribe } = await import('@/server/fidelity/http');
        return handleSubscribe(
          new NextRequest('http://localhost/api/fidelity', {
            method: 'POST',
            headers: { host: 'localhost:3000', 'content-type': 'application/json', ...headers },
            body: typeof body === 'string' ? body : JSON.stringify(body),
          }),
        );
      };
      const valid = { nome: 'Luca', cognome: 'Bianchi', email: 'luca@example.com', prefisso: '+39', telefono: '3331234567', compleannoGiorno: '3', compleannoMese: '11', privacy: true, marketing: true, language: 'it' };

      it('signs up, then answers 409 alreadyRegistered; the partner flag is stored', async () => {
        const first = await post(valid, { cookie: 'frontpagePartner=pc' });
        expect(first.status).toBe(200);
        expect(await first.json()).toEqual({ outcome: 'success' });
        const second = await post(valid);
        expect(second.status).toBe(409);
        expect(await second.json()).toEqual({ outcome: 'alreadyRegistered' });
        const { db, fidelityMembers } = await tables();
        const [row] = await db.select().from(fidelityMembers).where(eq(fidelityMembers.email, 'luca@example.com'));
        expect(row).toMatchObject({ partner: true, locale: 'it' });
      });

      it('answers bad input and broken JSON with a 400, never a 500', async () => {
        const bad = await post({ ...valid, email: 'x', privacy: false });
        expect(bad.status).toBe(400);
        expect((await bad.json()).fieldErrors).toEqual({ email: 'emailInvalid', privacy: 'privacyRequired' });
        expect((await post('{not json')).status).toBe(400);
        expect((await post('[1,2]')).status).toBe(400);
      });
    });
  });
}
