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
    const months = [{ ...month, pax: 2 }, { ...month, pax: 99 }, { ...month, pax: 2, module: 'nope' }, { ...month, pax: 2, editing: 'unknownhash0000000000' }];
    for (const q of months) expect(await direct.month(q)).toEqual(await wire.month(q));
    const days = [{ date: friday, pax: 2 }, { date: friday, pax: 40 }, { date: testDay(24), pax: 2 }, { date: testDay(-3), pax: 2 }];
    for (const q of days) expect(await direct.day(q)).toEqual(await wire.day(q));
    const answered = await direct.day({ date: friday, pax: 2 });
    expect(answered.status && answered.data.slots.length).toBeGreaterThan(0);
    expect(await direct.month({ ...month, pax: 99 })).toMatchObject({ status: false, error: 'partyTooLarge', fieldErrors: { pax: 'partyTooLarge' } });
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
    expect(await builtinTables('nowhere.example').month({ ...month, pax: 2 })).toMatchObject({ status: false, error: 'venueNotFound' });
  });

  it('sends the month its one statement, the venue read from memory', async () => {
    const { direct } = await doors();
    await direct.month({ ...month, pax: 2 });
    expect((await countStatements(() => direct.month({ ...month, pax: 2 }))).statements).toBe(1);
  });
});
