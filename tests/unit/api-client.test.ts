import { api, fetchChecked } from '@/components/reservation/api';
import { holdAnswer, monthAnswer } from '@/lib/api/answers';

/** The browser's `/api` helper parses an answer with its check instead of casting it (lib/api/answers.ts). */
describe('the /api client', () => {
  const answer = (status: number, body: unknown) => {
    global.fetch = jest.fn().mockResolvedValue({ ok: status < 400, status, json: async () => body }) as unknown as typeof fetch;
  };

  it('hands over data that passes the check', async () => {
    answer(200, { data: { holdToken: 'abc', expiresAt: '2030-01-01T20:00:00.000Z' } });
    expect(await api('/api/reservation/hold', {}, holdAnswer)).toEqual({ ok: true, data: { holdToken: 'abc', expiresAt: '2030-01-01T20:00:00.000Z' } });
  });

  it('refuses a 200 of another shape as generic, never casting it', async () => {
    answer(200, { data: { holdToken: 42 } });
    expect(await api('/api/reservation/hold', {}, holdAnswer)).toEqual({ ok: false, status: 200, error: 'generic', fieldErrors: {} });
    answer(200, { data: [{ date: 'x', state: 'sunny' }] });
    await expect(fetchChecked(monthAnswer)('/api/reservation/month')).rejects.toMatchObject({ code: 'generic' });
  });

  it('reads refusals and a network failure as before', async () => {
    answer(400, { error: 'invalid', fieldErrors: { date: 'dateInvalid' } });
    await expect(fetchChecked(monthAnswer)('/api/reservation/month')).rejects.toMatchObject({ code: 'dateInvalid' });
    global.fetch = jest.fn().mockRejectedValue(new TypeError('offline')) as unknown as typeof fetch;
    expect(await api('/api/reservation/hold', {}, holdAnswer)).toEqual({ ok: false, status: 0, error: 'unavailable', fieldErrors: {} });
  });
});
