import { eq } from 'drizzle-orm';
import { useSiteDatabase } from '../helpers/databases';
import { DEMO_DAYS } from '../helpers/clock';

/**
 * The experience door (issue 42, "One core, two doors"), as the table door: the built-in backend
 * answers by calling its core directly (server/backend/builtin.ts, `builtinExperiences`); a legacy
 * backend through the wire (lib/backend/experiences.ts, `wireExperiences`). Over the same database
 * both doors give the same typed answers, refusals included.
 */
describe('the experience door on pglite', () => {
  useSiteDatabase('pglite', { calendar: true, plainBooking: true });

  const doors = async () => {
    const { builtinExperiences, builtinTransport } = await import('@/server/backend/builtin');
    const { createBackendClient } = await import('@/lib/backend/client');
    const { wireExperiences } = await import('@/lib/backend/experiences');
    return { direct: builtinExperiences('localhost'), wire: wireExperiences(createBackendClient(builtinTransport('localhost'), 'builtin')) };
  };
  const wine = async () => {
    const { getDb } = await import('@/server/db/client');
    const { experiences } = await import('@/server/db/schema');
    const [row] = await (await getDb()).select().from(experiences).where(eq(experiences.key, 'vini-toscani'));
    return row;
  };
  const day = DEMO_DAYS.wineEvening;
  const submit = { locale: 'en', partner: false, clientAddress: '203.0.113.5', source: 'web' as const, tokens: { recaptchaV3Token: 'local.v3.pass.testtoken' } };

  it('answers the month, the payment step and the deposit card alike through both doors', async () => {
    const { direct, wire } = await doors();
    const e = await wine();
    const month = { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), partySize: 2 };
    const days = await direct.month(month);
    expect(days).toEqual(await wire.month(month));
    expect(days.status && days.data.find((d) => d.date === day)?.esperienze).toContain(e.hash);
    const choice = { experienceId: e.id, date: day, time: '18:00', partySize: 2, zone: '', email: 'door@example.com' };
    for (const p of [choice, { ...choice, experienceId: 999999 }, { ...choice, time: '03:00' }, { ...choice, partySize: 400 }]) expect(await direct.startPayment(p)).toEqual(await wire.startPayment(p));
    expect(await direct.startPayment({ ...choice, experienceId: 999999 })).toMatchObject({ status: false, error: 'notFound' });
    const card = { reference: 'pi_unknown', clientSecret: 'pi_unknown_secret', cardNumber: '4242424242424242' };
    expect(await direct.confirmLocalDeposit(card)).toEqual(await wire.confirmLocalDeposit(card));
  });

  it('books, moves and cancels alike through both doors; a retry with its key is the first booking', async () => {
    const { direct, wire } = await doors();
    const e = await wine();
    const guest = { experienceId: e.id, day, time: '18:00', pax: 2, zone: '', nome: 'Ada', cognome: 'Neri', email: 'ada-exp-door@example.com', prefisso: '+39', telefono: '3471234567', privacy: true, campiAggiuntivi: {} };
    // Refused alike: the form's rule, and a bot check that fails.
    expect(await direct.create({ ...guest, pax: 'x' }, submit)).toEqual(await wire.create({ ...guest, pax: 'x' }, submit));
    const failing = { ...submit, tokens: { recaptchaV3Token: 'local.v3.fail.testtoken' } };
    expect(await direct.create(guest, failing)).toEqual(await wire.create(guest, failing));
    const keyed = { ...submit, idempotencyKey: 'experience-door-key-00001' };
    const made = await direct.create(guest, keyed);
    expect(made).toMatchObject({ status: true, data: { outcome: 'confirm', hash: expect.any(String) } });
    expect(await direct.create(guest, { ...keyed, tokens: { recaptchaV3Token: 'local.v3.pass.another' } })).toEqual(made);
    expect(await direct.create({ ...guest, nome: 'Bea' }, keyed)).toMatchObject({ status: false, error: 'idempotencyKeyReused' });
    const hash = made.status ? made.data.hash : '';
    // Moves refused alike (a time not offered, an unknown booking); cancels alike, the second finding it cancelled.
    const change = { date: day, time: '03:00', partySize: 2, zone: '' };
    expect(await direct.edit(hash, change)).toEqual(await wire.edit(hash, change));
    expect(await direct.edit('unknownhash0000000000', { ...change, time: '18:00' })).toEqual(await wire.edit('unknownhash0000000000', { ...change, time: '18:00' }));
    expect(await direct.cancel('unknownhash0000000000')).toEqual(await wire.cancel('unknownhash0000000000'));
    const cancelled = await direct.cancel(hash);
    expect(cancelled).toMatchObject({ status: true, data: { outcome: 'cancelled', feeCents: 0, refundCents: 0 } });
    expect(await wire.cancel(hash)).toEqual(cancelled);
  });
});
