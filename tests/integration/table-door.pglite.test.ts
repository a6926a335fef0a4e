import { eq } from 'drizzle-orm';
import { useSiteDatabase } from '../helpers/databases';
import { testDay } from '../helpers/clock';
import { countStatements } from '../helpers/statements';

/**
 * The table door (issue 42, "One core, two doors"): the built-in backend answers by calling its
 * core directly (server/backend/builtin.ts, `builtinTables`); a legacy backend through the wire
 * (lib/backend/tables.ts, `wireTables`). Over the same database both doors give the same typed
 * answers, refusals included, so a page cannot tell which backend it has.
 */
describe('the table door on pglite', () => {
  useSiteDatabase('pglite', { calendar: true, plainBooking: true });

  const doors = async () => {
    const { builtinTables, builtinTransport } = await import('@/server/backend/builtin');
    const { createBackendClient } = await import('@/lib/backend/client');
    const { wireTables } = await import('@/lib/backend/tables');
    return { direct: builtinTables('localhost'), wire: wireTables(createBackendClient(builtinTransport('localhost'), 'builtin')) };
  };
  const friday = testDay(3);
  const month = { year: Number(friday.slice(0, 4)), month: Number(friday.slice(5, 7)) };

  it('answers a month and a day alike through both doors, refusals included', async () => {
    const { direct, wire } = await doors();
    const months = [{ ...month, partySize: 2 }, { ...month, partySize: 99 }, { ...month, partySize: 2, module: 'nope' }, { ...month, partySize: 2, editing: 'unknownhash0000000000' }];
    for (const q of months) expect(await direct.month(q)).toEqual(await wire.month(q));
    const days = [{ date: friday, partySize: 2 }, { date: friday, partySize: 40 }, { date: testDay(24), partySize: 2 }, { date: testDay(-3), partySize: 2 }];
    for (const q of days) expect(await direct.day(q)).toEqual(await wire.day(q));
    const answered = await direct.day({ date: friday, partySize: 2 });
    expect(answered.status && answered.data.slots.length).toBeGreaterThan(0);
    expect(await direct.month({ ...month, partySize: 99 })).toMatchObject({ status: false, error: 'partyTooLarge', fieldErrors: { pax: 'partyTooLarge' } });
  });

  it("answers the venue's location alike through both doors: its texts in every language, the footer per language, the contract's fields only", async () => {
    const { builtinVenue, builtinTransport } = await import('@/server/backend/builtin');
    const { createBackendClient } = await import('@/lib/backend/client');
    const { wireVenue } = await import('@/lib/backend/venue');
    const { forgetVenueContexts } = await import('@/server/venues/context');
    const { getDb } = await import('@/server/db/client');
    const { venues } = await import('@/server/db/schema');
    const db = await getDb();
    const [venue] = await db.select().from(venues).limit(1);
    // A tagline in Italian only, one accessibility text for every language, a footer per language, an address with a field the contract has not.
    await db
      .update(venues)
      .set({
        tagline: { it: 'Cucina di casa' } as never,
        accessibilityText: 'Rampa all’ingresso',
        customFooterTexts: { it: 'Piè di pagina', en: 'Footer' } as never,
        place: { ...(venue.place ?? {}), type: 'Restaurant', postalAddress: { streetAddress: 'Via Roma 1', addressLocality: 'Firenze', postalCode: '50100', floor: '2' } } as never,
      })
      .where(eq(venues.id, venue.id));
    forgetVenueContexts();
    const direct = await builtinVenue('localhost').location();
    expect(direct).toEqual(await wireVenue(createBackendClient(builtinTransport('localhost'), 'builtin')).location());
    expect(direct).toMatchObject({
      status: 'ok',
      data: {
        tagline: { it: 'Cucina di casa', en: '', fr: '', es: '', de: '' },
        accessibility: { it: 'Rampa all’ingresso', en: 'Rampa all’ingresso', de: 'Rampa all’ingresso' },
        customFooter: { it: 'Piè di pagina', en: 'Footer', fr: '' },
      },
    });
    expect(direct.status === 'ok' && direct.data.place?.postalAddress).toEqual({ streetAddress: 'Via Roma 1', addressLocality: 'Firenze', postalCode: '50100', addressRegion: '', addressCountry: venue.country.toUpperCase() });
    expect(await builtinVenue('nowhere.example').location()).toEqual({ status: 'unknownVenue' });
  });

  it('answers a booking that does not exist alike, and an unknown venue as the contract does', async () => {
    const { direct, wire } = await doors();
    expect(await direct.cancel('unknownhash0000000000')).toEqual(await wire.cancel('unknownhash0000000000'));
    expect(await direct.codeStatus('unknownhash0000000000')).toEqual(await wire.codeStatus('unknownhash0000000000'));
    expect(await direct.resendCode('unknownhash0000000000')).toEqual(await wire.resendCode('unknownhash0000000000'));
    const code = { hash: 'unknownhash0000000000', code: '123456', clientAddress: '203.0.113.9' };
    expect(await direct.verifyCode(code)).toEqual(await wire.verifyCode(code));
    // A move refused by the form's rule, and one of a booking that does not exist, alike.
    for (const values of [{ pax: 'x', date: friday }, { pax: 2, date: friday, time: '20:00', zone: 'sala', nome: 'Ada', cognome: 'Neri', email: 'ada@example.com', prefisso: '+39', telefono: '3471234567', privacy: true }]) {
      expect(await direct.edit('unknownhash0000000000', values)).toEqual(await wire.edit('unknownhash0000000000', values));
    }
    expect(await direct.edit('unknownhash0000000000', { pax: 'x' })).toMatchObject({ status: false, error: 'invalid' });
    const { builtinTables } = await import('@/server/backend/builtin');
    expect(await builtinTables('nowhere.example').month({ ...month, partySize: 2 })).toMatchObject({ status: false, error: 'venueNotFound' });
  });

  it('holds, releases, books and asks for a card alike through both doors, the core called directly on the built-in side', async () => {
    const { direct, wire } = await doors();
    const choice = { date: friday, time: '20:00', partySize: 2, zone: 'sala' };
    // Refused choices: too large a party, a day past, a zone not offered.
    for (const refused of [{ ...choice, partySize: 99 }, { ...choice, date: testDay(-3) }, { ...choice, zone: 'nowhere' }]) {
      expect(await direct.hold(refused)).toEqual(await wire.hold(refused));
      expect(await direct.guarantee(refused)).toEqual(await wire.guarantee(refused));
    }
    const held = await direct.hold({ ...choice, clientAddress: '203.0.113.7' });
    const heldToo = await wire.hold({ ...choice, clientAddress: '203.0.113.8' });
    expect(held).toMatchObject({ status: true, data: { holdToken: expect.any(String), expiresAt: expect.any(String) } });
    expect(Object.keys(held.status ? held.data : {})).toEqual(Object.keys(heldToo.status ? heldToo.data : {}));
    expect(await direct.release(held.status ? held.data.holdToken : undefined)).toEqual(await wire.release(heldToo.status ? heldToo.data.holdToken : undefined));
    expect(await direct.release(undefined)).toEqual({ status: true, data: null });
    // No card on this venue, and a test card form for a setup that does not exist.
    expect(await direct.guarantee(choice)).toEqual(await wire.guarantee(choice));
    expect(await direct.guarantee(choice)).toEqual({ status: true, data: { required: false } });
    const card = { reference: 'seti_unknown', clientSecret: 'seti_unknown_secret', cardNumber: '4242424242424242' };
    expect(await direct.confirmLocalCard(card)).toEqual(await wire.confirmLocalCard(card));
    // A booking: the form's rule refuses alike; a submit books, and its retry with the same key is the first booking.
    const submit = { locale: 'en', partner: false, clientAddress: '203.0.113.7', source: 'web' as const };
    expect(await direct.create({ pax: 'x' }, submit)).toEqual(await wire.create({ pax: 'x' }, submit));
    const guest = { pax: 2, date: friday, time: '20:00', zone: 'sala', nome: 'Ada', cognome: 'Neri', email: 'ada-door@example.com', prefisso: '+39', telefono: '3471234567', privacy: true, recaptchaV3Token: 'local.v3.pass.testtoken', idempotencyKey: 'table-door-key-000000001' };
    const made = await direct.create(guest, submit);
    expect(made).toMatchObject({ status: true, data: { outcome: 'confirm', hash: expect.any(String) } });
    expect(await direct.create({ ...guest, recaptchaV3Token: 'local.v3.pass.another' }, submit)).toEqual(made);
    expect(await direct.create({ ...guest, nome: 'Bea' }, submit)).toMatchObject({ status: false, error: 'idempotencyKeyReused' });
    // A bot check that fails is refused alike.
    const bot = { ...guest, email: 'bot-door@example.com', recaptchaV3Token: 'local.v3.fail.testtoken', idempotencyKey: undefined };
    expect(await direct.create(bot, submit)).toEqual(await wire.create(bot, submit));
  });

  it('shows a booking alike through both doors: its texts in every language, the party as partySize, the stored policy text left behind', async () => {
    const { direct, wire } = await doors();
    const { getDb } = await import('@/server/db/client');
    const { reservations, zones } = await import('@/server/db/schema');
    const { and, eq } = await import('drizzle-orm');
    const db = await getDb();
    const submit = { locale: 'en', partner: false, clientAddress: '203.0.113.11', source: 'web' as const };
    const guest = { pax: 3, date: friday, time: '20:00', zone: 'sala', nome: 'Ada', cognome: 'Neri', email: 'ada-view@example.com', prefisso: '+39', telefono: '3471234567', privacy: true, compleannoGiorno: 9, compleannoMese: 4, recaptchaV3Token: 'local.v3.pass.testtoken' };
    const made = await direct.create(guest, submit);
    const hash = made.status ? made.data.hash : '';
    // A zone named in Italian only, and the terms accepted with their text, as a booking made before may have them.
    const [{ venueId }] = await db.select({ venueId: reservations.venueId }).from(reservations).where(eq(reservations.hash, hash));
    await db.update(zones).set({ name: { it: 'Sala grande' } }).where(and(eq(zones.venueId, venueId), eq(zones.key, 'sala')));
    await db.update(reservations).set({ guaranteeTerms: { refundable: 'until', hoursBefore: 24, feeCents: 1500, per: 'guest', currency: 'EUR', text: 'Free until the day before.' } }).where(eq(reservations.hash, hash));
    const shown = await direct.booking(hash);
    expect(shown).toEqual(await wire.booking(hash));
    expect(shown).toMatchObject({
      status: true,
      data: { hash, partySize: 3, zoneName: { it: 'Sala grande', en: '', fr: '', es: '', de: '' }, compleannoGiorno: 9, compleannoMese: 4, experience: null, guarantee: { refundable: 'until', hoursBefore: 24, feeCents: 1500, per: 'guest', currency: 'EUR' } },
    });
    expect(shown.status && 'pax' in shown.data).toBe(false);
    expect(shown.status && shown.data.guarantee && 'text' in shown.data.guarantee).toBe(false);
    // Unknown, malformed: refused alike.
    for (const unknown of ['unknownhash0000000000', 'not a hash']) expect(await direct.booking(unknown)).toEqual(await wire.booking(unknown));
    expect(await direct.booking('unknownhash0000000000')).toMatchObject({ status: false, error: 'notFound' });
  });

  it('sends the month its one statement, the venue read from memory; the same month asked again is kept (issue 43)', async () => {
    const { direct } = await doors();
    // The venue's context read by the month after (its own statement kept with that month).
    const after = month.month === 12 ? { year: month.year + 1, month: 1 } : { year: month.year, month: month.month + 1 };
    await direct.month({ ...after, partySize: 2 });
    expect((await countStatements(() => direct.month({ ...month, partySize: 2 }))).statements).toBe(1);
    expect((await countStatements(() => direct.month({ ...month, partySize: 2 }))).statements).toBe(0);
  });
});
