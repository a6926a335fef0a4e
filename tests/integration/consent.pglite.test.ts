import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { useSiteDatabase } from '../helpers/databases';
import { testDay, testMoment, TEST_NOW } from '../helpers/clock';

/**
 * Issue 26: every consent given or refused in every form is recorded with what it belongs to,
 * the exact text shown (hash, and the text in a versioned table), language, time, form and
 * channel; marketing is asked per channel and is "no" unless ticked; the marketing and loyalty
 * e-mails carry List-Unsubscribe and List-Unsubscribe-Post, and the one-click POST withdraws
 * the consent and records the withdrawal.
 */
describe('consent records', () => {
  useSiteDatabase('pglite', { calendar: true, plainBooking: true });
  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    const { getDb } = await import('@/server/db/client');
    const db = await getDb();
    const schema = await import('@/server/db/schema');
    await db
      .update(schema.promotions)
      .set({ startsAt: testMoment(-24 * 60), endsAt: testMoment(10 * 24 * 60), validUntil: new Date(TEST_NOW.getTime() + 30 * 86_400_000).toISOString().slice(0, 10), quantity: 200, active: true })
      .where(eq(schema.promotions.urlName, 'aperitivo-omaggio'));
  });

  const setup = async () => {
    const { getDb } = await import('@/server/db/client');
    const { findVenueByKey } = await import('@/server/venues/queries');
    const schema = await import('@/server/db/schema');
    const db = await getDb();
    const venue = (await findVenueByKey(db, 'localhost'))!;
    /** Every record of one guest, with the text it names. */
    const records = async (email: string) =>
      db
        .select({ r: schema.consentRecords, t: schema.consentTexts })
        .from(schema.consentRecords)
        .innerJoin(schema.consentTexts, eq(schema.consentTexts.id, schema.consentRecords.textId))
        .where(and(eq(schema.consentRecords.venueId, venue.id), eq(schema.consentRecords.email, email)))
        .orderBy(asc(schema.consentRecords.id));
    return { db, venue, schema, records };
  };
  const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

  it('a table booking records privacy, marketing by e-mail and by SMS (each given or refused), with the text shown in the guest language', async () => {
    const { db, venue, records } = await setup();
    const service = await import('@/server/booking/service');
    const { reservationSchema } = await import('@/lib/forms/reservation');
    const email = 'consent-table@example.com';
    const input = { pax: 2, date: testDay(3), time: '20:00', zone: 'sala', nome: 'Carla', cognome: 'Neri', email, prefisso: '+39', telefono: '3471234567', privacy: true, marketing: true };
    // No SMS box ticked: absent is "no", never assumed.
    const parsed = reservationSchema.parse(input);
    expect(parsed.marketingSms).toBe(false);
    const made = await service.createReservation(db, venue, parsed, { locale: 'fr', partner: false, host: 'localhost', botVerdict: 'pass' });
    const rows = await records(email);
    expect(rows.map(({ r }) => [r.purpose, r.channel, r.given, r.form, r.subjectType, r.locale])).toEqual([
      ['privacy', null, true, 'reservation', 'reservation', 'fr'],
      ['marketing', 'email', true, 'reservation', 'reservation', 'fr'],
      ['marketing', 'sms', false, 'reservation', 'reservation', 'fr'],
    ]);
    const [booking] = await db.select().from((await import('@/server/db/schema')).reservations).where(eq((await import('@/server/db/schema')).reservations.hash, made.hash!));
    for (const { r, t } of rows) {
      expect(r.subjectId).toBe(booking.id);
      expect(r.createdAt.toISOString()).toBe(TEST_NOW.toISOString());
      expect(r.textHash).toBe(sha(t.text));
      expect(r.textVersion).toBe(venue.policies.version);
      expect(t.locale).toBe('fr');
    }
    // The words on the screen: the box's label and the policy, in French.
    expect(rows[0].t.text).toContain("J'accepte la politique de confidentialité");
    expect(rows[0].t.text).toContain(venue.policies.privacy.fr!.slice(0, 40));
    expect(rows[2].t.text).toContain('SMS');
  });

  it('promo codes, loyalty sign-ups and gift card orders record theirs too; the same text is stored once', async () => {
    const { db, venue, schema, records } = await setup();
    const { dispatch } = await import('@/server/backend/dispatch');
    const promoEmail = 'consent-promo@example.com';
    const answer = await dispatch('promo/request', 'localhost', new URLSearchParams({ urlName: 'aperitivo-omaggio', nome: 'Ugo', cognome: 'Verdi', email: promoEmail, prefisso: '+39', telefono: '3479876543', privacy: '1', marketing: '1', marketingSms: '1', language: 'it' }));
    expect(answer).toMatchObject({ body: { status: true } });
    expect((await records(promoEmail)).map(({ r }) => [r.purpose, r.channel, r.given, r.form, r.subjectType])).toEqual([
      ['privacy', null, true, 'promo', 'promoCode'],
      ['marketing', 'email', true, 'promo', 'promoCode'],
      ['marketing', 'sms', true, 'promo', 'promoCode'],
    ]);

    const { subscribe } = await import('@/server/fidelity/service');
    const { fidelitySchema } = await import('@/lib/forms/fidelity');
    await subscribe(db, venue, fidelitySchema.parse({ nome: 'Ugo', cognome: 'Verdi', email: promoEmail, prefisso: '+39', telefono: '3479876543', compleannoGiorno: 3, compleannoMese: 4, privacy: true, marketing: true }), { locale: 'it', partner: false, host: 'localhost' });
    const all = await records(promoEmail);
    expect(all.slice(3).map(({ r }) => [r.purpose, r.channel, r.given, r.form, r.subjectType])).toEqual([
      ['privacy', null, true, 'fidelity', 'fidelityMember'],
      ['marketing', 'email', true, 'fidelity', 'fidelityMember'],
      ['marketing', 'sms', false, 'fidelity', 'fidelityMember'],
    ]);
    // Privacy: the same words in Italian on both forms, one text row.
    expect(all[3].r.textId).toBe(all[0].r.textId);

    const { startCheckout } = await import('@/server/giftcards/service');
    const { giftcardCheckoutSchema } = await import('@/lib/forms/giftcard');
    const giftEmail = 'consent-gift@example.com';
    await startCheckout(
      db,
      venue,
      giftcardCheckoutSchema.parse({ id: 'buono-50', quantity: '1', firstName: 'Anna', lastName: 'Rossi', email: giftEmail, prefix: '+39', mobile: '347 123 4567', birthDate: '', city: 'Firenze', country: 'Italia', province: 'FI', cap: '50100', recipient: 'me', paymentMethod: 'card', privacy: '1', marketing: '0', marketingSms: '1' }),
      { locale: 'de', siteBase: 'http://localhost:3000/de', partner: false },
    );
    expect((await records(giftEmail)).map(({ r }) => [r.purpose, r.channel, r.given, r.form, r.subjectType, r.locale])).toEqual([
      ['privacy', null, true, 'giftcard', 'giftcardOrder', 'de'],
      ['marketing', 'email', false, 'giftcard', 'giftcardOrder', 'de'],
      ['marketing', 'sms', true, 'giftcard', 'giftcardOrder', 'de'],
    ]);
    const texts = await db.select().from(schema.consentTexts);
    expect(new Set(texts.map((t) => `${t.purpose}:${t.hash}`)).size).toBe(texts.length);
  });

  it('the promo and loyalty e-mails carry List-Unsubscribe and List-Unsubscribe-Post; the one-click POST withdraws and records it, once', async () => {
    const { db, venue, schema, records } = await setup();
    const email = 'consent-promo@example.com';
    const mails = await db.select().from(schema.outbox).where(eq(schema.outbox.recipient, email)).orderBy(asc(schema.outbox.id));
    const promoMail = mails.find((m) => m.template === 'promoCode')!;
    const welcome = mails.find((m) => m.template === 'fidelityWelcome')!;
    for (const m of [promoMail, welcome]) {
      expect(m.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(m.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost(:\d+)?\/api\/unsubscribe\?t=p?\d+\.[A-Za-z0-9_-]{32}>$/);
      // And the link page in the body, for people.
      expect(m.bodyText).toMatch(/\/frontpage\/fidelity\/unsubscribe\?t=/);
    }
    // A booking's e-mail is not marketing: no such header.
    const bookingMail = (await db.select().from(schema.outbox).where(eq(schema.outbox.recipient, 'consent-table@example.com')))[0];
    expect(Object.keys(bookingMail.headers).filter((h) => h.startsWith('List-'))).toEqual([]);

    const { handleOneClickUnsubscribe } = await import('@/server/fidelity/http');
    const { guarded } = await import('@/server/http');
    const route = guarded({ type: 'form', sameOrigin: false }, handleOneClickUnsubscribe);
    const url = promoMail.headers['List-Unsubscribe'].slice(1, -1);
    // As a mail provider sends it: from its own servers, no Origin of ours.
    const oneClick = (target: string, body = 'List-Unsubscribe=One-Click') =>
      route(new NextRequest(target, { method: 'POST', headers: { host: new URL(target).host, 'content-type': 'application/x-www-form-urlencoded' }, body }));
    expect((await oneClick(url, 'something=else')).status).toBe(400);
    expect((await oneClick(url.replace(/\.[^.]+$/, '.' + 'A'.repeat(32)))).status).toBe(400);
    const first = await oneClick(url);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ outcome: 'done' });
    const withdrawals = (await records(email)).filter(({ r }) => !r.given && r.form === 'oneClickUnsubscribe');
    // E-mail marketing withdrawn for the promo code and the membership; SMS stays as given.
    expect(withdrawals.map(({ r }) => [r.subjectType, r.channel, r.form])).toEqual([
      ['promoCode', 'email', 'oneClickUnsubscribe'],
      ['fidelityMember', 'email', 'oneClickUnsubscribe'],
    ]);
    const [member] = await db.select().from(schema.fidelityMembers).where(eq(schema.fidelityMembers.email, email));
    expect(member.marketingWithdrawnAt?.toISOString()).toBe(TEST_NOW.toISOString());
    // Again: nothing more to withdraw, nothing recorded twice.
    expect(await (await oneClick(url)).json()).toEqual({ outcome: 'already' });
    expect((await records(email)).filter(({ r }) => !r.given && r.form === 'oneClickUnsubscribe')).toHaveLength(2);
    const { unsubscribeState } = await import('@/server/fidelity/unsubscribe');
    expect(await unsubscribeState(db, venue, new URL(url).searchParams.get('t')!)).toMatchObject({ state: 'done', member: false });
  });

  it('the admin API exports one guest (bookings, orders, codes, memberships, every consent) and erases them, keeping the records the venue needs', async () => {
    process.env.ADMIN_TOKEN = 'consent-admin-token';
    const { guestDataFromRequest } = await import('@/server/consent/admin');
    const call = (body: unknown, token = 'consent-admin-token') =>
      guestDataFromRequest(new Request('http://localhost:3000/api/admin/guests', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    expect((await call({ action: 'export', email: 'consent-promo@example.com' }, 'wrong')).status).toBe(401);
    expect((await call({ action: 'delete', email: 'consent-promo@example.com' })).status).toBe(400);
    const exported = (await (await call({ action: 'export', email: 'CONSENT-PROMO@example.com' })).json()).data;
    expect(exported.promoCodes).toHaveLength(1);
    expect(exported.fidelityMemberships).toEqual([expect.objectContaining({ firstName: 'Ugo', email: 'consent-promo@example.com' })]);
    // Given, refused, and withdrawn: each with its text's hash and version, language, time, form and channel.
    expect(exported.consents).toHaveLength(8);
    expect(exported.consents[0]).toEqual(expect.objectContaining({ purpose: 'privacy', given: true, form: 'promo', locale: 'it', textHash: expect.stringMatching(/^[0-9a-f]{64}$/), textVersion: expect.any(String), text: expect.any(String), at: TEST_NOW.toISOString() }));
    expect(exported.consents.at(-1)).toEqual(expect.objectContaining({ purpose: 'marketing', channel: 'email', given: false, form: 'oneClickUnsubscribe' }));

    const table = (await (await call({ action: 'export', email: 'consent-table@example.com' })).json()).data;
    expect(table.reservations).toEqual([expect.objectContaining({ firstName: 'Carla', lastName: 'Neri', covers: 2 })]);
    const erased = (await (await call({ action: 'erase', email: 'consent-table@example.com' })).json()).data;
    expect(erased).toMatchObject({ reservations: 1, consentRecords: 3 });
    const { db, schema } = await setup();
    const [kept] = await db.select().from(schema.reservations).where(eq(schema.reservations.id, (await db.select().from(schema.consentRecords).where(eq(schema.consentRecords.subjectType, 'reservation')))[0].subjectId));
    // The booking stays for the venue's evening and accounts; nothing of the guest is left in it.
    expect(kept).toMatchObject({ firstName: '', lastName: '', phone: '', notes: '', covers: 2, status: 'confirmed' });
    expect(kept.email).toMatch(/^erased-[0-9a-f]{12}@invalid$/);
    const after = (await (await call({ action: 'export', email: 'consent-table@example.com' })).json()).data;
    expect(after.reservations).toEqual([]);
    expect(after.consents).toHaveLength(3);
  });
});

