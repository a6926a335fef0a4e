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

  it('lists the experiences alike through both doors: texts in every language, fields and times read alike, an unknown venue alike', async () => {
    const { direct, wire } = await doors();
    const e = await wine();
    // A label and a title in Italian only, times out of order: each read the same from either door.
    const { getDb } = await import('@/server/db/client');
    const { experiences } = await import('@/server/db/schema');
    await (await getDb())
      .update(experiences)
      .set({ title: { it: 'Vini toscani' }, fileTitle: null, times: ['20:00', '18:00'], additionalFields: [{ key: 'allergie', label: { it: 'Allergie' }, required: true }] })
      .where(eq(experiences.id, e.id));
    const list = await direct.list();
    expect(list).toEqual(await wire.list());
    const listed = list.status === 'ok' ? list.data.elenco.find((x) => x.hash === e.hash) : undefined;
    expect(listed).toMatchObject({
      titolo: { it: 'Vini toscani', en: '', fr: '', es: '', de: '' },
      titoloFile: { it: '', en: '', fr: '', es: '', de: '' },
      orari: ['18:00', '20:00'],
      campiAggiuntivi: [{ key: 'allergie', label: { it: 'Allergie', en: '' }, required: true }],
    });
    expect(list.status === 'ok' && list.data.totale).toBe(list.status === 'ok' && list.data.elenco.length);
    const { builtinExperiences } = await import('@/server/backend/builtin');
    expect(await builtinExperiences('nowhere.example').list()).toEqual({ status: 'unknownVenue' });
    await (await getDb()).update(experiences).set({ title: e.title, fileTitle: e.fileTitle, times: e.times, additionalFields: e.additionalFields }).where(eq(experiences.id, e.id));
  });

  it('reads one experience by its hash alike through both doors: a listed one, one not listed, an unknown and a malformed hash', async () => {
    const { direct, wire } = await doors();
    const e = await wine();
    const shown = await direct.byHash(e.hash);
    expect(shown).toEqual(await wire.byHash(e.hash));
    const list = await direct.list();
    expect(shown).toEqual({ status: true, data: list.status === 'ok' ? list.data.elenco.find((x) => x.hash === e.hash) : undefined });
    // Not listed (reached by its link): still read by its hash, alike.
    const { getDb } = await import('@/server/db/client');
    const { experiences } = await import('@/server/db/schema');
    await (await getDb()).update(experiences).set({ visible: false }).where(eq(experiences.id, e.id));
    const hidden = await direct.byHash(e.hash);
    expect(hidden).toEqual(await wire.byHash(e.hash));
    expect(hidden).toMatchObject({ status: true, data: { hash: e.hash, flagVisibile: 0 } });
    await (await getDb()).update(experiences).set({ visible: e.visible }).where(eq(experiences.id, e.id));
    expect(await direct.byHash('unknownhash0000000000')).toEqual(await wire.byHash('unknownhash0000000000'));
    expect(await direct.byHash('unknownhash0000000000')).toMatchObject({ status: false, error: 'notFound' });
    expect(await direct.byHash('not a hash')).toEqual(await wire.byHash('not a hash'));
    expect(await direct.byHash('not a hash')).toMatchObject({ status: false, error: 'invalid', fieldErrors: { experienceHash: 'invalid' } });
  });

  it('answers the day, the days, the times and the fields alike through both doors, refusals included', async () => {
    const { direct, wire } = await doors();
    const e = await wine();
    for (const q of [{ date: day, partySize: 2 }, { date: day, partySize: 400 }, { date: DEMO_DAYS.closures[0], partySize: 2 }]) expect(await direct.day(q)).toEqual(await wire.day(q));
    const offered = await direct.day({ date: day, partySize: 2 });
    expect(offered.status && offered.data.find((o) => o.hash === e.hash)).toMatchObject({ titolo: { it: expect.any(String), en: expect.any(String), fr: expect.any(String), es: expect.any(String), de: expect.any(String) } });
    const month = { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
    for (const q of [{ ...month, experienceId: e.id, partySize: 2 }, { ...month, experienceId: e.id, partySize: 400 }, { ...month, experienceId: 999999, partySize: 2 }]) expect(await direct.days(q)).toEqual(await wire.days(q));
    const days = await direct.days({ ...month, experienceId: e.id, partySize: 2 });
    expect(days.status && days.data.find((d) => d.date === day)).toMatchObject({ state: 'available' });
    expect(await direct.days({ ...month, experienceId: 999999, partySize: 2 })).toMatchObject({ status: false, error: 'notFound' });
    for (const q of [{ experienceId: e.id, date: day, partySize: 2 }, { experienceId: e.id, date: DEMO_DAYS.closures[0], partySize: 2 }, { experienceId: 999999, date: day, partySize: 2 }]) expect(await direct.times(q)).toEqual(await wire.times(q));
    const times = await direct.times({ experienceId: e.id, date: day, partySize: 2 });
    expect(times.status && times.data.map((t) => t.time)).toContain('18:00');
    // The fields, a label in Italian only filled in every language alike.
    const { getDb } = await import('@/server/db/client');
    const { experiences } = await import('@/server/db/schema');
    await (await getDb()).update(experiences).set({ additionalFields: [{ key: 'allergie', label: { it: 'Allergie' }, required: true }] }).where(eq(experiences.id, e.id));
    for (const q of [{ experienceId: e.id, zone: '' }, { experienceId: e.id, zone: 'sala' }, { experienceId: 999999, zone: '' }]) expect(await direct.fields(q)).toEqual(await wire.fields(q));
    expect(await direct.fields({ experienceId: e.id, zone: '' })).toEqual({ status: true, data: [{ key: 'allergie', label: { it: 'Allergie', en: '', fr: '', es: '', de: '' }, required: true }] });
    await (await getDb()).update(experiences).set({ additionalFields: e.additionalFields }).where(eq(experiences.id, e.id));
  });

  it('shows a booking alike through both doors, a declined one too', async () => {
    const { direct, wire } = await doors();
    const e = await wine();
    const guest = { experienceId: e.id, day, time: '18:00', pax: 3, zone: '', nome: 'Ida', cognome: 'Neri', email: 'ida-exp-view@example.com', prefisso: '+39', telefono: '3471234567', privacy: true, campiAggiuntivi: {} };
    const made = await direct.create(guest, submit);
    const hash = made.status ? made.data.hash : '';
    const shown = await direct.booking(hash);
    expect(shown).toEqual(await wire.booking(hash));
    expect(shown).toMatchObject({ status: true, data: { hash, experienceId: e.id, partySize: 3, titolo: { it: expect.any(String), en: expect.any(String) }, policy: { refundable: expect.any(String) } } });
    expect(shown.status && 'pax' in shown.data).toBe(false);
    for (const unknown of ['unknownhash0000000000', 'not a hash']) expect(await direct.booking(unknown)).toEqual(await wire.booking(unknown));
    // Declined by the venue: a booking no longer changeable, not a failed call.
    const { getDb } = await import('@/server/db/client');
    const { experienceBookings } = await import('@/server/db/schema');
    await (await getDb()).update(experienceBookings).set({ status: 'declined' }).where(eq(experienceBookings.hash, hash));
    const declined = await direct.booking(hash);
    expect(declined).toEqual(await wire.booking(hash));
    expect(declined).toMatchObject({ status: true, data: { status: 'declined', changeable: false, cancellable: false } });
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
