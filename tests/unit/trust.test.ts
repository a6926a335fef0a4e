import { localToken, localVerdicts, localVerifier } from '@/lib/botcheck/local';
import { policyMessage } from '@/lib/booking/policy';
import { cancellationFee, guaranteeTerms, totalFeeCents } from '@/server/booking/guarantee';
import { bookingRulesSchema } from '@/server/booking/rules';
import { testCardOutcome } from '@/server/payments/local';
import { instantOf } from '@/server/booking/time';
import { testDay as day } from '../helpers/clock';

jest.mock('server-only', () => ({}));

describe('local bot verifier', () => {
  const verifier = localVerifier();
  test('the token carries the verdict; malformed, mismatched or unsure v2 tokens fail', async () => {
    expect(await verifier.verify(localToken('v3', 'pass'), 'v3', { action: 'reserve' })).toBe('pass');
    expect(await verifier.verify(localToken('v3', 'unsure'), 'v3', { action: 'reserve' })).toBe('unsure');
    expect(await verifier.verify(localToken('v3', 'fail'), 'v3', { action: 'reserve' })).toBe('fail');
    expect(await verifier.verify(localToken('v2', 'pass'), 'v2', { action: 'reserve' })).toBe('pass');
    expect(await verifier.verify(localToken('v2', 'unsure'), 'v2', { action: 'reserve' })).toBe('fail');
    expect(await verifier.verify(localToken('v3', 'pass'), 'v2', { action: 'reserve' })).toBe('fail');
    expect(await verifier.verify(undefined, 'v3', { action: 'reserve' })).toBe('fail');
    expect(await verifier.verify('local.v3.pass.x', 'v3', { action: 'reserve' })).toBe('fail');
    expect(await verifier.verify('anything', 'v3', { action: 'reserve' })).toBe('fail');
  });
  test('the test cookie chooses the verdicts', () => {
    expect(localVerdicts(undefined)).toEqual({ v3: 'pass', v2: 'pass' });
    expect(localVerdicts('unsure')).toEqual({ v3: 'unsure', v2: 'pass' });
    expect(localVerdicts('fail')).toEqual({ v3: 'fail', v2: 'pass' });
    expect(localVerdicts('unsure,fail')).toEqual({ v3: 'unsure', v2: 'fail' });
    expect(localVerdicts('whatever')).toEqual({ v3: 'pass', v2: 'pass' });
  });
  test('tokenVersion is v2 when a v2 token is present, else v3 (spec section 7)', async () => {
    const { readTokens } = await import('@/lib/botcheck');
    expect(readTokens({ recaptchaV3Token: 'a', recaptchaV2Token: 'b', tokenVersion: 'v3' })).toEqual({ version: 'v2', token: 'b' });
    expect(readTokens(new URLSearchParams({ recaptchaV3Token: 'a', tokenVersion: 'v2' }))).toEqual({ version: 'v3', token: 'a' });
    expect(readTokens({})).toEqual({ version: 'v3', token: undefined });
  });
  test('reCAPTCHA needs all four keys; a partial set is refused', async () => {
    const { botVerifier } = await import('@/lib/botcheck');
    expect(botVerifier().kind).toBe('local');
    process.env.RECAPTCHA_SITE_KEY_V3 = 'site';
    expect(() => botVerifier()).toThrow(/RECAPTCHA_SECRET_KEY_V3/);
    Object.assign(process.env, { RECAPTCHA_SITE_KEY_V2: 'b', RECAPTCHA_SECRET_KEY_V3: 'c', RECAPTCHA_SECRET_KEY_V2: 'd' });
    expect(botVerifier().publicConfig()).toEqual({ kind: 'recaptcha', siteKeyV3: 'site', siteKeyV2: 'b' });
    for (const k of ['RECAPTCHA_SITE_KEY_V3', 'RECAPTCHA_SITE_KEY_V2', 'RECAPTCHA_SECRET_KEY_V3', 'RECAPTCHA_SECRET_KEY_V2']) delete process.env[k];
  });
});

describe('cancellation policy wording (spec section 9)', () => {
  test.each([
    [{ refundable: 'never', hoursBefore: 24 }, 'policyNever', {}],
    [{ refundable: 'always', hoursBefore: 24 }, 'policyAlways', {}],
    [{ refundable: 'until', hoursBefore: 1 }, 'policyUntilHour', {}],
    [{ refundable: 'until', hoursBefore: 6 }, 'policyUntilHours', { hours: 6 }],
    [{ refundable: 'until', hoursBefore: 24 }, 'policyUntilDay', {}],
    [{ refundable: 'until', hoursBefore: 72 }, 'policyUntilDays', { days: 3 }],
    [{ refundable: 'until', hoursBefore: 30 }, 'policyUntilHours', { hours: 30 }],
  ] as const)('%j reads %s', (terms, key, values) => {
    expect(policyMessage(terms)).toEqual({ key, values });
  });
});

describe('card guarantee rules', () => {
  const rules = bookingRulesSchema.parse({
    guarantee: { when: [{ shifts: ['cena'], minCovers: 5 }, { zones: ['terrazza'], weekdays: [6] }], cancellation: { refundable: 'until', hoursBefore: 48 }, fee: { amount: 25, per: 'guest' } },
  });
  test('any matching rule asks for a card; all its conditions must hold', () => {
    expect(guaranteeTerms(rules, { date: day(3), shiftKey: 'cena', zoneKey: 'sala', pax: 5 }, '€')).toEqual({ refundable: 'until', hoursBefore: 48, feeCents: 2500, per: 'guest', currency: '€' });
    expect(guaranteeTerms(rules, { date: day(3), shiftKey: 'cena', zoneKey: 'sala', pax: 4 }, '€')).toBeNull();
    expect(guaranteeTerms(rules, { date: day(3), shiftKey: 'pranzo', zoneKey: 'sala', pax: 8 }, '€')).toBeNull();
    expect(guaranteeTerms(rules, { date: day(4), shiftKey: 'pranzo', zoneKey: 'terrazza', pax: 2 }, '€')).not.toBeNull(); // a Saturday
    expect(guaranteeTerms(bookingRulesSchema.parse({}), { date: day(4), shiftKey: 'cena', zoneKey: 'sala', pax: 12 }, '€')).toBeNull();
  });
  test('the fee: free before the limit, per guest or per reservation after it, never refundable, always free', () => {
    const terms = { refundable: 'until' as const, hoursBefore: 48, feeCents: 2500, per: 'guest' as const, currency: '€' };
    const booking = { timeZone: 'Europe/Rome', date: day(4), time: '20:00', covers: 6 };
    expect(totalFeeCents(terms, 6)).toBe(15000);
    expect(totalFeeCents({ ...terms, per: 'reservation' }, 6)).toBe(2500);
    // The limit is Thursday 3 December, 20:00 in Rome (19:00 UTC).
    // Free until 48 hours before 20:00 in Florence on the day (whatever the season's offset).
    const start = instantOf('Europe/Rome', booking.date, booking.time).getTime();
    const at = (minutesBefore: number) => new Date(start - minutesBefore * 60_000);
    expect(cancellationFee(terms, booking, at(48 * 60 + 1))).toMatchObject({ free: true, feeCents: 0 });
    expect(cancellationFee(terms, booking, at(48 * 60 - 1))).toMatchObject({ free: false, feeCents: 15000 });
    expect(cancellationFee({ ...terms, refundable: 'never' }, booking, at(30 * 24 * 60))).toMatchObject({ free: false, feeCents: 15000 });
    expect(cancellationFee({ ...terms, refundable: 'always' }, booking, at(60))).toMatchObject({ free: true, feeCents: 0 });
    expect(cancellationFee(null, booking, at(60))).toMatchObject({ free: true, feeCents: 0 });
  });
});

describe('local test cards (as Stripe documents them)', () => {
  test.each([
    ['4242 4242 4242 4242', { ok: true }],
    ['4000000000000002', { ok: false, code: 'card_declined' }],
    ['4000000000009995', { ok: false, code: 'insufficient_funds' }],
    ['4000000000000119', { ok: false, code: 'processing_error' }],
    ['4242424242424241', { ok: false, code: 'incorrect_number' }],
    ['abcd', { ok: false, code: 'incorrect_number' }],
  ])('%s', (number, outcome) => {
    expect(testCardOutcome(number)).toEqual(outcome);
  });
});

describe('SMS numbers', () => {
  test('are sent in E.164: Italian numbers keep their leading 0, others drop the trunk prefix', async () => {
    const { mobileOf } = await import('@/server/booking/sms');
    expect(mobileOf({ phonePrefix: '+39', phone: '347 123 4567' })).toBe('+393471234567');
    expect(mobileOf({ phonePrefix: '+39', phone: '06 1234 5678' })).toBe('+390612345678');
    expect(mobileOf({ phonePrefix: '+44', phone: '07911 123456' })).toBe('+447911123456');
  });
});
