import { NextRequest } from 'next/server';

/**
 * Issue 21, leak 6: nothing is written to the gift card (iron-)session before the input is
 * valid. The session is the real iron-session; only the cookie jar of the request is ours.
 */
const jar = new Map<string, string>();
const written: string[] = [];
jest.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    set: (name: string | { name: string; value: string }, value?: string) => {
      const cookie = typeof name === 'string' ? { name, value: value ?? '' } : name;
      written.push(cookie.name);
      jar.set(cookie.name, cookie.value);
    },
    delete: (name: string) => jar.delete(name),
  }),
}));

const post = (path: string, type: string, body: string) =>
  new NextRequest(`http://localhost:3000${path}`, { method: 'POST', headers: { host: 'localhost:3000', 'content-type': type }, body });

beforeAll(() => {
  process.env.SESSION_SECRET = 'a-session-secret-of-at-least-thirty-two-characters';
  process.env.LOG_LEVEL = 'silent';
});
beforeEach(() => {
  jar.clear();
  written.length = 0;
});

describe('the gift card session is written only after validation', () => {
  it('checkout: an invalid form is a 400 and leaves the session alone', async () => {
    const { handleGiftcardCheckout } = await import('@/server/giftcards/http');
    const response = await handleGiftcardCheckout(post('/api/giftcard/checkout', 'application/json', JSON.stringify({ id: 'buono-50', quantity: 1, recipientEmail: 'attacker@evil.example' })));
    expect(response.status).toBe(400);
    expect(written).toEqual([]);
  });

  it('start: a bad card id or quantity is a 400 and leaves the session alone; a valid one is kept', async () => {
    const { handleGiftcardStart } = await import('@/server/giftcards/http');
    for (const body of ['id=&quantity=1', 'id=buono-50&quantity=abc', 'id=buono-50&quantity=0', 'id=../x&quantity=1']) {
      const response = await handleGiftcardStart(post('/api/giftcard/start', 'application/x-www-form-urlencoded', body));
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    expect(written).toEqual([]);
    const ok = await handleGiftcardStart(post('/api/giftcard/start', 'application/x-www-form-urlencoded', 'id=buono-50&quantity=2&language=en'));
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/en/frontpage/giftcard/checkout/buono-50');
    expect(written).toEqual(['frontpage_giftcard']);
  });
});
