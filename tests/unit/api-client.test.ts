import { api, fetchChecked, send } from '@/lib/api/client';
import { holdAnswer, monthAnswer } from '@/lib/api/answers/reservation';
import { redeemAnswer } from '@/lib/api/answers/promo';

/** The browser's `/api` helper parses an answer with its check instead of casting it (lib/api/answers/). */
describe('the /api client', () => {
  const answer = (status: number, body: unknown) => {
    global.fetch = jest.fn().mockResolvedValue({ ok: status < 400, status, json: async () => body }) as unknown as typeof fetch;
  };

  it('hands over data that passes the check', async () => {
    answer(200, { data: { holdToken: 'abc', expiresAt: '2030-01-01T20:00:00.000Z' } });
    expect(await api('/api/reservation/hold', holdAnswer, {})).toEqual({ ok: true, data: { holdToken: 'abc', expiresAt: '2030-01-01T20:00:00.000Z' } });
  });

  it('refuses a 200 of another shape as generic, never casting it', async () => {
    answer(200, { data: { holdToken: 42 } });
    expect(await api('/api/reservation/hold', holdAnswer, {})).toEqual({ ok: false, status: 200, error: 'generic', fieldErrors: {} });
    answer(200, { data: [{ date: 'x', state: 'sunny' }] });
    await expect(fetchChecked(monthAnswer)('/api/reservation/month')).rejects.toMatchObject({ code: 'generic' });
  });

  it('reads refusals and a network failure as before', async () => {
    answer(400, { error: 'invalid', fieldErrors: { date: 'dateInvalid' } });
    await expect(fetchChecked(monthAnswer)('/api/reservation/month')).rejects.toMatchObject({ code: 'dateInvalid' });
    global.fetch = jest.fn().mockRejectedValue(new TypeError('offline')) as unknown as typeof fetch;
    expect(await api('/api/reservation/hold', holdAnswer, {})).toEqual({ ok: false, status: 0, error: 'unavailable', fieldErrors: {} });
  });

  it('reads a whole answer with its check: a refusal’s body too, and its error code', async () => {
    answer(409, { result: 'alreadyUsed', usedAt: '2030-01-01T20:00:00.000Z' });
    expect(await send('/api/promo/redeem', redeemAnswer, { body: {} })).toEqual({ status: 409, ok: false, body: { result: 'alreadyUsed', usedAt: '2030-01-01T20:00:00.000Z' }, error: '', fieldErrors: {} });
    answer(409, { result: 'alreadyUsed' });
    expect((await send('/api/promo/redeem', redeemAnswer, { body: {} })).body).toBeNull();
    answer(503, { error: 'unavailable' });
    expect(await send('/api/promo/redeem', redeemAnswer, { body: {} })).toEqual({ status: 503, ok: false, body: null, error: 'unavailable', fieldErrors: {} });
  });
});
