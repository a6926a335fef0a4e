import { Normaliser, Scenario } from '../helpers/recorded';

/**
 * tests/helpers/recorded.ts, which masks what is random in the contract's recorded answers
 * (issue 42): it masks only values it knows by key AND shape, the same value with the same
 * placeholder wherever it shows, and keeps everything else (key order included) as sent.
 */
describe('the recorded answers normaliser', () => {
  const HASH = 'AbCdEfGhIjKlMnOpQrStUv';

  it('masks a known key in its shape, consistently, also inside other strings', () => {
    const n = new Normaliser();
    const out = n.normalise({ data: { hash: HASH, url: `https://x/reserve/${HASH}/edit`, again: [{ hash: HASH }], other: { hash: 'BbCdEfGhIjKlMnOpQrStUv' } } });
    expect(out).toEqual({ data: { hash: '<hash:1>', url: 'https://x/reserve/<hash:1>/edit', again: [{ hash: '<hash:1>' }], other: { hash: '<hash:2>' } } });
  });

  it('leaves a known key of another shape, and an unknown key of a random shape, as sent', () => {
    const n = new Normaliser();
    expect(n.normalise({ hash: 'short', title: HASH, code: 'not-a-code', id: 42, reference: 'receipt 1' })).toEqual({ hash: 'short', title: HASH, code: 'not-a-code', id: 42, reference: 'receipt 1' });
  });

  it('masks the random parts of known values only: a checkout URL, a bot-check nonce', () => {
    const n = new Normaliser();
    expect(n.normalise({ url: 'http://localhost/api/payments/testpay/lcs_469b021cd308b923fca2010532643160', recaptchaV3Token: 'local.v3.pass.d58f7cf7745a1b2c3d4e5f60' })).toEqual({
      url: 'http://localhost/api/payments/testpay/<reference:1>',
      recaptchaV3Token: 'local.v3.pass.<nonce:1>',
    });
  });

  it('writes calendar dates as their distance from the pinned day, in values and keys; an impossible day by its year', () => {
    // Any day will do: the dates are written as distances from it (from today's, so no date here ages).
    const today = new Date().toISOString().slice(0, 10);
    const day = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const year = Number(today.slice(0, 4));
    const n = new Normaliser(today);
    expect(n.normalise({ date: day(11), at: `${day(-1)}T19:15:00.000Z`, days: { [today]: 1 }, bad: `${year - 1}-02-30`, month: today.slice(0, 7), phone: '+39 347 123 4570' })).toEqual({
      date: '<today+11>',
      at: '<today-1>T19:15:00.000Z',
      days: { '<today>': 1 },
      bad: '<year-1>-02-30',
      month: today.slice(0, 7),
      phone: '+39 347 123 4570',
    });
    expect(new Normaliser().normalise({ date: day(11) })).toEqual({ date: day(11) });
  });

  it('keeps the key order, so a reordered answer differs from its record', () => {
    const scenario = new Scenario('unit');
    scenario.take('x/y', 'a', {}, 200, 'application/json', '{"status":true,"data":{"b":1,"a":2}}');
    expect(JSON.stringify(scenario.exchanges[0].body)).toBe('{"status":true,"data":{"b":1,"a":2}}');
    // An answer that is not compact JSON cannot be recorded as its parsed form: refused.
    expect(() => scenario.take('x/y', 'b', {}, 200, 'application/json', '{"status": true}')).toThrow(/not compact JSON/);
  });
});
