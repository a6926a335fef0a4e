import { desc, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { useSiteDatabase } from '../helpers/databases';
import { TEST_NOW } from '../helpers/clock';

/** Issue 29, point 14: the loyalty welcome carries an unsubscribe link that withdraws the marketing consent once. */
describe('unsubscribing from the loyalty e-mails', () => {
  useSiteDatabase('pglite');

  const post = (token: string) =>
    new NextRequest('http://localhost:3000/api/fidelity/unsubscribe', {
      method: 'POST',
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ t: token, language: 'de' }).toString(),
    });

  it('the welcome links to the page; the page only asks; the form withdraws once and says since when; a forged link does nothing', async () => {
    const { getDb } = await import('@/server/db/client');
    const { findVenueByKey } = await import('@/server/venues/queries');
    const schema = await import('@/server/db/schema');
    const { subscribe } = await import('@/server/fidelity/service');
    const { fidelitySchema } = await import('@/lib/forms/fidelity');
    const { unsubscribeState } = await import('@/server/fidelity/unsubscribe');
    const db = await getDb();
    const venue = (await findVenueByKey(db, 'localhost'))!;
    const email = 'lena@example.com';
    await subscribe(db, venue, fidelitySchema.parse({ nome: 'Lena', cognome: 'Berg', email, prefisso: '+49', telefono: '15123456789', compleannoGiorno: 3, compleannoMese: 4, privacy: true, marketing: true }), { locale: 'de', partner: false, host: 'localhost' });
    const [mail] = await db.select().from(schema.outbox).where(eq(schema.outbox.recipient, email)).orderBy(desc(schema.outbox.id)).limit(1);
    const link = /Diese E-Mails nicht mehr erhalten: (\S+)/.exec(mail.bodyText)![1];
    expect(link).toMatch(/^http:\/\/localhost:\d+\/de\/frontpage\/fidelity\/unsubscribe\?t=\d+\.[A-Za-z0-9_-]{32}$/);
    expect(mail.bodyHtml).toContain('/de/frontpage/fidelity/unsubscribe?t=');
    const token = new URL(link).searchParams.get('t')!;

    // The page's state (the GET) changes nothing, however often.
    for (let i = 0; i < 3; i++) expect(await unsubscribeState(db, venue, token)).toMatchObject({ state: 'open', firstName: 'Lena' });
    const { handleUnsubscribe } = await import('@/server/fidelity/http');
    const { guarded } = await import('@/server/http');
    const route = guarded({ type: 'form' }, handleUnsubscribe);
    const first = await route(post(token));
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/de/frontpage/fidelity/unsubscribe?t=${encodeURIComponent(token)}`);
    const [member] = await db.select().from(schema.fidelityMembers).where(eq(schema.fidelityMembers.email, email));
    expect(member.marketingWithdrawnAt?.toISOString()).toBe(TEST_NOW.toISOString());
    expect(await unsubscribeState(db, venue, token)).toMatchObject({ state: 'done', at: TEST_NOW.toISOString() });
    // Again: still done, the first time kept.
    expect((await route(post(token))).status).toBe(303);
    const [again] = await db.select().from(schema.fidelityMembers).where(eq(schema.fidelityMembers.email, email));
    expect(again.marketingWithdrawnAt?.toISOString()).toBe(TEST_NOW.toISOString());
    // Forged, or another member's number under this signature: refused, nothing changed.
    expect((await route(post(token.replace(/\.[^.]+$/, '.' + 'A'.repeat(32))))).status).toBe(400);
    expect((await route(post(token.replace(/^\d+/, String(member.id + 1))))).status).toBe(400);
    expect(await unsubscribeState(db, venue, 'nonsense')).toEqual({ state: 'invalid' });
    // From another site: the request gate refuses the form.
    const crossSite = new NextRequest('http://localhost:3000/api/fidelity/unsubscribe', { method: 'POST', headers: { host: 'localhost:3000', origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, body: `t=${token}` });
    expect((await route(crossSite)).status).toBe(403);
  });
});
