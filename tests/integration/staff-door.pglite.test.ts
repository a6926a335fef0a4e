import { eq } from 'drizzle-orm';
import { useSiteDatabase } from '../helpers/databases';
import { siteBooking } from '../helpers/site-booking';
import { testDay } from '../helpers/clock';
import type { ReservationInput } from '@/lib/forms/reservation';
import { forgetVenueContexts } from '@/server/venues/context';

/**
 * The staff door (issue 42, "One core, two doors"), as the table door: the built-in backend
 * answers by calling the staff core directly (server/backend/builtin-staff.ts, `builtinStaff`);
 * a legacy backend through the wire (lib/backend/staff.ts, `wireStaff`). Over the same database
 * both doors give the same typed answers, refusals included.
 */
describe('the staff door on pglite', () => {
  useSiteDatabase('pglite', { calendar: true, plainBooking: true });
  beforeAll(async () => {
    const { getDb } = await import('@/server/db/client');
    const { venues, zones } = await import('@/server/db/schema');
    const db = await getDb();
    const [demo] = await db.select().from(venues).where(eq(venues.isDefault, true));
    await db.update(venues).set({ booking: { ...demo.booking!, autoConfirmMaxCovers: 4 } }).where(eq(venues.id, demo.id));
    // A zone named in Italian only: each door reads it in every language alike.
    await db.update(zones).set({ name: { it: 'Sala' } }).where(eq(zones.key, 'sala'));
    forgetVenueContexts();
  });

  const DAY = testDay(9);
  let serial = 0;
  const guest = (pax: number, time: string): ReservationInput => {
    const n = ++serial;
    return { pax, date: DAY, time, zone: 'sala', nome: `Ospite${n}`, cognome: 'Porta', email: `staff-door${n}@example.com`, prefisso: '+39', telefono: '3471234567', privacy: true };
  };
  const setup = async () => {
    const { builtinTransport } = await import('@/server/backend/builtin');
    const { builtinStaff } = await import('@/server/backend/builtin-staff');
    const { createBackendClient } = await import('@/lib/backend/client');
    const { wireStaff } = await import('@/lib/backend/staff');
    const { book } = await siteBooking();
    return { direct: builtinStaff('localhost'), wire: wireStaff(createBackendClient(builtinTransport('localhost'), 'builtin')), book };
  };
  const invalid = (field: string, key = 'invalid') => ({ status: false, error: 'invalid', fieldErrors: { [field]: key } });

  it('reads the day sheet, the search and the month alike through both doors, bad input refused alike', async () => {
    const { direct, wire, book } = await setup();
    const pending = await book(guest(6, '20:30'));
    await book(guest(2, '20:00'));
    const sheet = await direct.day(DAY);
    expect(sheet).toEqual(await wire.day(DAY));
    const bookings = sheet.status ? sheet.data.shifts.flatMap((s) => s.bookings) : [];
    expect(bookings.map((b) => b.hash)).toContain(pending.hash);
    // Texts in every language, from either door.
    expect(sheet.status && sheet.data.shifts[0].name).toMatchObject({ it: expect.any(String), en: expect.any(String), de: expect.any(String) });
    expect(bookings[0].zoneName).toEqual({ it: 'Sala', en: '', fr: '', es: '', de: '' });
    expect(sheet.status && sheet.data.zones.find((z) => z.key === 'sala')?.name).toEqual({ it: 'Sala', en: '', fr: '', es: '', de: '' });
    for (const bad of ['2026-02-30', 'tomorrow', '']) {
      expect(await direct.day(bad)).toEqual(invalid('date'));
      expect(await wire.day(bad)).toEqual(invalid('date'));
    }
    const found = await direct.search('Porta');
    expect(found).toEqual(await wire.search('Porta'));
    expect(found.status && found.data.bookings.map((b) => b.hash)).toContain(pending.hash);
    for (const bad of ['x', ' y ', 'z'.repeat(101)]) {
      expect(await direct.search(bad)).toEqual(invalid('q'));
      expect(await wire.search(bad)).toEqual(invalid('q'));
    }
    for (const month of [undefined, DAY.slice(0, 7)]) expect(await direct.metrics(month)).toEqual(await wire.metrics(month));
    expect(await direct.metrics('2026-13')).toEqual(invalid('month'));
    expect(await wire.metrics('2026-13')).toEqual(invalid('month'));
  });

  it('answers a booking alike through both doors: done, then changed for the old version; refusals alike', async () => {
    const { direct, wire, book } = await setup();
    const r = await book(guest(6, '21:00'));
    expect(r.status).toBe('pending');
    const confirmed = await direct.answer('confirm', { hash: r.hash, version: r.revision });
    expect(confirmed).toMatchObject({ status: true, data: { result: 'done', booking: { hash: r.hash, status: 'confirmed', covers: 6 } } });
    // The same answer again on the old version: the booking changed, said alike with the booking as it is now.
    const stale = await direct.answer('decline', { hash: r.hash, version: r.revision });
    expect(stale).toEqual(await wire.answer('decline', { hash: r.hash, version: r.revision }));
    expect(stale).toMatchObject({ status: true, data: { result: 'changed', booking: { status: 'confirmed' } } });
    const now = confirmed.status ? confirmed.data.booking.version : 0;
    // Before the booking's start: no no-show (tooEarly); nothing to undo; an unknown booking; bad input.
    for (const [action, input] of [
      ['noshow', { hash: r.hash, version: now }],
      ['undo', { hash: r.hash, version: now }],
      ['arrived', { hash: 'unknownhash00000000000', version: 0 }],
      ['confirm', { hash: 'not a hash', version: 0 }],
      ['confirm', { hash: r.hash, version: -1 }],
      ['decline', { hash: r.hash, version: now, note: 'n'.repeat(501) }],
    ] as const) expect(await direct.answer(action, input)).toEqual(await wire.answer(action, input));
    expect(await direct.answer('noshow', { hash: r.hash, version: now })).toEqual({ status: false, error: 'tooEarly', fieldErrors: {} });
    expect(await direct.answer('arrived', { hash: 'unknownhash00000000000', version: 0 })).toMatchObject({ status: false, error: 'notFound' });
    expect(await direct.answer('decline', { hash: r.hash, version: now, note: 'n'.repeat(501) })).toEqual(invalid('note', 'noteTooLong'));
    // The wire door answers too, and both see its answer.
    const cancelled = await wire.answer('cancel', { hash: r.hash, version: now, note: 'Sorry' });
    expect(cancelled).toMatchObject({ status: true, data: { result: 'done', booking: { status: 'cancelled' } } });
    expect(await direct.answer('cancel', { hash: r.hash, version: now })).toEqual(await wire.answer('cancel', { hash: r.hash, version: now }));
  });

  it("switches automatic offers and keeps a guest's notes alike through both doors", async () => {
    const { direct, wire, book } = await setup();
    expect(await direct.autoOffers(false)).toEqual({ status: true, data: { autoOffers: false } });
    expect(await wire.autoOffers(true)).toEqual({ status: true, data: { autoOffers: true } });
    const sheet = await direct.day(DAY);
    expect(sheet.status && sheet.data.autoOffers).toBe(true);
    const r = await book(guest(2, '19:30'));
    const saved = await direct.guest({ hash: r.hash, notes: 'Window seat', tags: ['VIP', ' vip ', ''] });
    expect(saved).toMatchObject({ status: true, data: { profile: { notes: 'Window seat', tags: ['VIP'] } } });
    const again = await wire.guest({ hash: r.hash, notes: 'Window seat', tags: ['VIP'] });
    expect(again).toMatchObject({ status: true, data: { profile: { notes: 'Window seat', tags: ['VIP'], version: (saved.status ? saved.data.profile.version : 0) + 1 } } });
    for (const input of [
      { hash: 'not a hash', notes: '', tags: [] },
      { hash: 'unknownhash00000000000', notes: '', tags: [] },
      { hash: r.hash, notes: 'n'.repeat(1_001), tags: [] },
      { hash: r.hash, notes: '', tags: ['t'.repeat(31)] },
    ]) expect(await direct.guest(input)).toEqual(await wire.guest(input));
    expect(await direct.guest({ hash: 'not a hash', notes: '', tags: [] })).toEqual(invalid('hash'));
  });

  it('takes a phone booking, changes it and moves it to a table alike through both doors; a retry with its key is the first booking on either door', async () => {
    const { direct, wire } = await setup();
    const { getDb } = await import('@/server/db/client');
    const schema = await import('@/server/db/schema');
    const db = await getDb();
    const phone = { date: DAY, time: '20:00', pax: 3, zone: 'sala', nome: 'Olga', cognome: 'Porta', prefisso: '+39', telefono: '3471230012', email: 'olga.staff-door@example.com', idempotencyKey: 'staff-door-key-000001' };
    // Refused alike by the form's rule: a party that is not a number, no name, a malformed key.
    for (const bad of [{ ...phone, pax: 'x' }, { ...phone, nome: '' }, { ...phone, idempotencyKey: 'short' }]) expect(await direct.book('staff/phonebooking', bad)).toEqual(await wire.book('staff/phonebooking', bad));
    expect(await direct.book('staff/phonebooking', { ...phone, nome: '' })).toMatchObject({ status: false, error: 'invalid', fieldErrors: { nome: expect.any(String) } });
    const made = await direct.book('staff/phonebooking', phone);
    expect(made).toMatchObject({ status: true, data: { result: 'booked', override: '', booking: { covers: 3, status: 'confirmed', zoneName: { it: 'Sala', en: '' } } } });
    // The same form again with its key, through either door: the first booking, nothing more.
    expect(await direct.book('staff/phonebooking', phone)).toEqual(made);
    expect(await wire.book('staff/phonebooking', phone)).toEqual(made);
    expect(await db.$count(schema.reservations, eq(schema.reservations.email, phone.email))).toBe(1);
    for (const door of [direct, wire]) expect(await door.book('staff/phonebooking', { ...phone, pax: 4 })).toMatchObject({ status: false, error: 'idempotencyKeyReused' });
    const booking = made.status ? made.data.booking : null;
    // A change: done on one door, then the old version is refused `changed` alike.
    const change = { hash: booking!.hash, version: booking!.version, pax: 4 };
    const changed = await direct.book('staff/change', change);
    expect(changed).toMatchObject({ status: true, data: { result: 'changed', booking: { covers: 4 } } });
    expect(await wire.book('staff/change', { ...change, pax: 5 })).toEqual(await direct.book('staff/change', { ...change, pax: 5 }));
    expect(await direct.book('staff/change', { ...change, pax: 5 })).toMatchObject({ status: false, error: 'changed' });
    for (const bad of [{ ...change, hash: 'unknownhash00000000000' }, { ...change, version: 'x' }]) expect(await direct.book('staff/change', bad)).toEqual(await wire.book('staff/change', bad));
    // Tables: an unknown one and an unknown booking refused alike; a move, and the same move again, alike.
    for (const bad of [{ hash: booking!.hash, tables: ['no-such-table'] }, { hash: 'unknownhash00000000000', tables: [] }]) expect(await direct.table(bad)).toEqual(await wire.table(bad));
    const cleared = await direct.table({ hash: booking!.hash, tables: [] });
    expect(cleared).toMatchObject({ status: true, data: { result: 'changed', booking: { tables: [] } } });
    expect(await wire.table({ hash: booking!.hash, tables: [] })).toEqual(await direct.table({ hash: booking!.hash, tables: [] }));
  });
});
