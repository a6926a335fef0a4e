import { submitKeys } from '@/lib/api/submit-key';

/** Issue 41, point 16: the browser's idempotency key, one per submit attempt, reused on its retry. */
describe('submitKeys', () => {
  it('keeps the key while the input is the same (bot tokens aside), and makes a new one for other input', () => {
    const key = submitKeys();
    const first = key({ pax: 2, date: '2030-01-04', recaptchaV3Token: 'a' });
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(key({ pax: 2, date: '2030-01-04', recaptchaV3Token: 'b', recaptchaV2Token: 'c' })).toBe(first);
    const other = key({ pax: 3, date: '2030-01-04' });
    expect(other).not.toBe(first);
    expect(key({ pax: 3, date: '2030-01-04' })).toBe(other);
    // Another form has keys of its own.
    expect(submitKeys()({ pax: 3, date: '2030-01-04' })).not.toBe(other);
  });
});
