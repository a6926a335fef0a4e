import fs from 'node:fs';
import { tempDir } from '../helpers/databases';

type Shared = typeof globalThis & { __frontpageDb?: unknown };
const TOKEN = 'link-pages-down-token';

const formPost = (path: string, values: Record<string, string>) =>
  new Request(`http://localhost${path}`, { method: 'POST', headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(values).toString() });

/**
 * Issue 41, point 14: with the database down, the signed link pages' calls (the built-in
 * backend, in-process and over its HTTP door) fail as calls, and the forms answer a translated
 * 503 page, never a 500.
 */
describe('link pages with the database down', () => {
  const dataDir = tempDir();
  beforeAll(() => {
    jest.resetModules();
    process.env.LOG_LEVEL = 'silent';
    process.env.DATA_DIR = dataDir;
    process.env.BACKEND_TOKEN = TOKEN;
    process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/none';
    delete process.env.BACKEND_URL;
    delete (globalThis as Shared).__frontpageDb;
  });
  afterAll(() => {
    delete process.env.DATABASE_URL;
    delete (globalThis as Shared).__frontpageDb;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the calls read unavailable in-process; over HTTP the backend answers 500 generic (a front reads it as unavailable)', async () => {
    const { backendFor } = await import('@/server/backend');
    for (const call of ['reservation/reminder', 'reservation/confirmreminder', 'waitlist/offer', 'waitlist/claim', 'payment/feelink', 'payment/feeauthenticate', 'answerlink/get', 'answerlink/answer'] as const) {
      expect(await backendFor('localhost').links(call, { id: '1', hash: 'A'.repeat(22), v: '0', a: 'coming', s: 'A'.repeat(32) })).toMatchObject({ status: false, error: 'unavailable' });
    }
    const { POST } = await import('@/app/backend/api/frontpage/[...call]/route');
    const request = new Request('http://localhost/backend/api/frontpage/waitlist/claim', {
      method: 'POST',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${TOKEN}` },
      body: 'id=1&s=x',
    });
    const response = await POST(request, { params: Promise.resolve({ call: ['waitlist', 'claim'] }) });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ status: false, error: 'generic' });
  });

  it('the reminder, offer, fee and answer forms answer 503 with a page in the guest language', async () => {
    const { handleOfferClaim, handleReminderAnswer } = await import('@/server/booking/guest-links-http');
    const { handleFeeAuthentication } = await import('@/server/payments/http');
    const { handleAnswerLink } = await import('@/server/staff/http');
    const fr = (await import('@/messages/fr.json')).default;
    const answers = [
      await handleReminderAnswer(formPost('/api/reservation/reminder', { hash: 'A'.repeat(22), v: '0', s: 'A'.repeat(32), a: 'cancel', language: 'fr' })),
      await handleOfferClaim(formPost('/api/reservation/offer', { id: '7', s: 'A'.repeat(32), language: 'fr' })),
      await handleFeeAuthentication(formPost('/api/payments/fee', { id: '7', s: 'A'.repeat(32), approve: '0', language: 'fr' })),
      await handleAnswerLink(formPost('/api/staff/link', { hash: 'A'.repeat(22), a: 'decline', v: '0', s: 'A'.repeat(32), language: 'fr' }) as never),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('30');
      const html = await answer.text();
      expect(html).toContain('<html lang="fr"');
      expect(html).toContain(fr.errors.unavailableText.replace(/'/g, '&#39;'));
    }
  });
});
