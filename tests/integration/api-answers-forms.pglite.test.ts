import { and, desc, eq } from 'drizzle-orm';
import { useSiteDatabase } from '../helpers/databases';
import { DEMO_DAYS, pinTestClock, testDay, testMoment } from '../helpers/clock';
import { bodyOf, dataOf, del, get, post } from '../helpers/handler-answers';
import { cancelAnswer, cardAnswer, codeAnswer, codeSentAnswer, editAnswer, guaranteeAnswer, releaseAnswer, holdAnswer } from '@/lib/api/answers/reservation';
import { experienceBookedAnswer, experienceDaysAnswer, experienceFieldsAnswer, experiencePaymentAnswer, experienceTimesAnswer } from '@/lib/api/answers/experiences';
import { balanceAnswer, checkoutAnswer, createAnswer } from '@/lib/api/answers/giftcards';
import { redeemAnswer, requestAnswer, resendAnswer, statusAnswer } from '@/lib/api/answers/promo';
import { lookupAnswer, signUpAnswer } from '@/lib/api/answers/fidelity';
import { autoOffersAnswer, signInAnswer, signOutAnswer, staffAnswerAnswer, staffBookedAnswer, staffDayAnswer, guestProfileAnswer } from '@/lib/api/answers/staff';

/**
 * Every form of the site parses its `/api` answers with a check of lib/api/answers/ (through
 * lib/api/client.ts). Here the real handlers answer and the same checks read them, for the
 * calls the booking wizard's suite (api-answers.pglite.test.ts) does not make: a handler whose
 * answer changes shape fails here instead of on a guest's or a venue's page.
 */

// The gift card checkout keeps its form in the (real) iron-session; only the cookie jar is ours.
jest.mock('next/headers', () => jest.requireActual<typeof import('../helpers/cookie-jar')>('../helpers/cookie-jar').nextHeadersWithJar());

const FRIDAY = testDay(3);
const SATURDAY = testDay(4);
const guest = (n: number) => ({ nome: 'Anna', cognome: 'Rossi', email: `answers${n}@example.com`, prefisso: '+39', telefono: `34712345${String(n).padStart(2, '0')}`, privacy: true });
const tokens = { recaptchaV3Token: 'local.v3.pass.testtoken', tokenVersion: 'v3' };

describe('the /api answers every other form parses, from the real handlers', () => {
  useSiteDatabase('pglite', { calendar: true });
  beforeAll(() => {
    delete process.env.STRIPE_SECRET_KEY;
    process.env.SESSION_SECRET = 'a-session-secret-of-at-least-thirty-two-characters';
  });
  afterEach(() => pinTestClock());

  const tables = async () => {
    const { getDb } = await import('@/server/db/client');
    return { db: await getDb(), schema: await import('@/server/db/schema') };
  };

  it('the experience form: days, times, fields, payment, card, deposit, booking, change and cancellation', async () => {
    const http = await import('@/server/experiences/http');
    const booking = await import('@/server/booking/http');
    const { db, schema } = await tables();
    const rows = await db.select().from(schema.experiences);
    const id = (key: string) => rows.find((r) => r.key === key)!.id;
    const wine = DEMO_DAYS.wineEvening;

    expect(await dataOf(await http.handleDays(get(`/api/experience/days?experienceId=${id('vini-toscani')}&year=${wine.slice(0, 4)}&month=${Number(wine.slice(5, 7))}&pax=2`)), experienceDaysAnswer)).toContainEqual(expect.objectContaining({ date: wine }));
    expect((await dataOf(await http.handleTimes(get(`/api/experience/times?experienceId=${id('corso-pasta')}&day=${FRIDAY}&pax=2&language=en`)), experienceTimesAnswer)).length).toBeGreaterThan(0);
    expect((await dataOf(await http.handleFields(get(`/api/experience/fields?experienceId=${id('corso-pasta')}&zoneID=sala`)), experienceFieldsAnswer)).length).toBeGreaterThan(0);

    // The dinner asks a card guarantee: its offer, the local card form, the booking.
    const choice = { experienceId: id('cena-degustazione'), day: FRIDAY, time: '19:30', pax: 2, zone: 'sala' };
    const payment = await dataOf(await http.handlePayment(post('/api/experience/payment', { ...choice, email: 'answers1@example.com' })), experiencePaymentAnswer);
    if (!payment.guarantee) throw new Error('the dinner asks no guarantee');
    expect(payment.deposit).toBeNull();
    const { reference, clientSecret } = payment.guarantee;
    await dataOf(await booking.handleLocalCard(post('/api/reservation/card', { reference, clientSecret, cardNumber: '4242424242424242' })), cardAnswer);
    const booked = await dataOf(
      await http.handleCreate(post('/api/experience', { payload: { ...guest(1), ...choice, campiAggiuntivi: {}, guaranteeReference: reference, cancellationPolicy: true, language: 'en' }, recaptchaV3Token: tokens.recaptchaV3Token })),
      experienceBookedAnswer,
    );
    expect(booked.outcome).toBe('confirm');
    await dataOf(await http.handleBookingEdit(post('/api/experience/booking/edit', { hash: booked.hash, day: FRIDAY, time: '20:00', pax: 2, zone: 'sala' })), editAnswer);
    await dataOf(await http.handleBookingCancel(post('/api/experience/booking/cancel', { hash: booked.hash })), cancelAnswer);

    // The pasta class asks a deposit: its offer and the local card form that pays it.
    const deposit = (await dataOf(await http.handlePayment(post('/api/experience/payment', { experienceId: id('corso-pasta'), day: FRIDAY, time: '16:00', pax: 2, email: 'answers2@example.com' })), experiencePaymentAnswer)).deposit;
    if (!deposit) throw new Error('the pasta class asks no deposit');
    await dataOf(await http.handleDepositCard(post('/api/experience/deposit-card', { reference: deposit.reference, clientSecret: deposit.clientSecret, cardNumber: '4242424242424242' })), cardAnswer);
  });

  it('the table booking’s other calls: release, change, cancellation, and the SMS code with its resend', async () => {
    const http = await import('@/server/booking/http');
    const { db, schema } = await tables();
    const choice = { date: SATURDAY, time: '20:00', zone: 'sala', pax: 2 };
    const hold = await dataOf(await http.handleHold(post('/api/reservation/hold', choice)), holdAnswer);
    await dataOf(await http.handleRelease(post('/api/reservation/release', { holdToken: hold.holdToken })), releaseAnswer);
    const booked = (await (await http.handleCreate(post('/api/reservation', { ...choice, ...guest(3), ...tokens, language: 'en' }))).json()).data as { hash: string };
    await dataOf(await http.handleEdit(post('/api/reservation/edit', { ...choice, ...guest(3), time: '20:30', hash: booked.hash, language: 'en' })), editAnswer);
    await dataOf(await http.handleCancel(post('/api/reservation/cancel', { hash: booked.hash })), cancelAnswer);

    // A party of 7 gives a card, then waits for the SMS code (the demo venue asks one from 6), then for the venue.
    const party = { ...choice, pax: 7, time: '21:00' };
    const offer = await dataOf(await http.handleGuarantee(post('/api/reservation/guarantee', { ...party, email: 'answers4@example.com' })), guaranteeAnswer);
    if (!offer.required) throw new Error('no guarantee for a party of 7');
    await dataOf(await http.handleLocalCard(post('/api/reservation/card', { reference: offer.reference, clientSecret: offer.clientSecret, cardNumber: '4242424242424242' })), cardAnswer);
    const suspended = (await (await http.handleCreate(post('/api/reservation', { ...party, ...guest(4), guaranteeReference: offer.reference, cancellationPolicy: true, ...tokens, language: 'en' }))).json()).data as { outcome: string; hash: string };
    expect(suspended.outcome).toBe('suspended');
    const [sms] = await db.select().from(schema.outbox).where(and(eq(schema.outbox.channel, 'sms'), eq(schema.outbox.recipient, '+393471234504'))).orderBy(desc(schema.outbox.id)).limit(1);
    const code = /\b(\d{6})\b/.exec(sms.bodyText)![1];
    expect(await dataOf(await http.handleCode(post('/api/reservation/code', { hash: suspended.hash, code: code === '000000' ? '111111' : '000000' })), codeAnswer)).toEqual({ outcome: 'codeWrong', attemptsLeft: 4 });
    // A new code is sent a minute after the last at the earliest.
    await pinTestClock(testMoment(2));
    await dataOf(await http.handleResend(post('/api/reservation/code/resend', { hash: suspended.hash })), codeSentAnswer);
    const [resent] = await db.select().from(schema.outbox).where(and(eq(schema.outbox.channel, 'sms'), eq(schema.outbox.recipient, '+393471234504'))).orderBy(desc(schema.outbox.id)).limit(1);
    expect(await dataOf(await http.handleCode(post('/api/reservation/code', { hash: suspended.hash, code: /\b(\d{6})\b/.exec(resent.bodyText)![1] })), codeAnswer)).toEqual({ outcome: 'accept' });
  });

  it('the gift card pages: checkout, creation (pending, then paid) and balance', async () => {
    const http = await import('@/server/giftcards/http');
    const { db, schema } = await tables();
    const buyer = { id: 'buono-50', quantity: '1', firstName: 'Anna', lastName: 'Rossi', email: 'answers5@example.com', recipient: 'me', paymentMethod: 'card', privacy: '1', marketing: '0', language: 'en' };
    const started = await dataOf(await http.handleGiftcardCheckout(post('/api/giftcard/checkout', buyer)), checkoutAnswer);
    expect(await dataOf(await http.handleGiftcardCreate(post('/api/giftcard/create', { fingerprint: started.fingerprint })), createAnswer)).toEqual({ status: 'pending' });
    const [order] = await db.select().from(schema.giftCardOrders).where(eq(schema.giftCardOrders.fingerprint, started.fingerprint));
    const { localCheckout } = await import('@/server/payments/checkout');
    const { getDb } = await import('@/server/db/client');
    const paid = await localCheckout(getDb).pay(order.paymentReference!, '4242 4242 4242 4242');
    if (paid?.outcome !== 'paid') throw new Error('the local checkout did not pay');
    const { handlePaymentWebhook } = await import('@/server/payments/http');
    await handlePaymentWebhook(new Request('http://localhost/api/payments/webhook', { method: 'POST', body: paid.event.body, headers: { 'stripe-signature': paid.event.signature } }));
    expect(await dataOf(await http.handleGiftcardCreate(post('/api/giftcard/create', { fingerprint: started.fingerprint })), createAnswer)).toEqual({ status: 'paid' });
    const [card] = await db.select().from(schema.issuedGiftCards).where(eq(schema.issuedGiftCards.orderId, order.id));
    expect(await dataOf(await http.handleGiftcardBalance(post('/api/giftcard/balance', { code: card.code })), balanceAnswer)).toMatchObject({ balance: 5000, value: 5000, expired: false, test: true });
  });

  it('the promo page, the loyalty forms and the staff sheet', async () => {
    const promo = await import('@/server/promo/http');
    const fidelity = await import('@/server/fidelity/http');
    const staff = await import('@/server/staff/http');
    const { db, schema } = await tables();
    const [promotion] = await db.select().from(schema.promotions);
    await db.update(schema.promotions).set({ active: true, startsAt: new Date(0), endsAt: new Date(Date.parse(`${testDay(30)}T00:00:00Z`)) }).where(eq(schema.promotions.id, promotion.id));
    const urlName = promotion.urlName;

    expect((await bodyOf(await promo.handleStatus(get(`/api/promo/status?urlName=${urlName}`)), statusAnswer)).state).toBe('active');
    const requested = await bodyOf(await promo.handleRequest(post('/api/promo/request', { ...guest(6), marketing: true, urlName, language: 'en' })), requestAnswer);
    if (!('outcome' in requested) || requested.outcome !== 'confirm') throw new Error(`no code: ${JSON.stringify(requested)}`);
    await bodyOf(await promo.handleRequest(post('/api/promo/request', { ...guest(6), marketing: true, urlName, language: 'en' })), requestAnswer, 409);
    await bodyOf(await promo.handleResend(post('/api/promo/resend', { urlName, email: guest(6).email, language: 'en' })), resendAnswer);

    expect(await bodyOf(await fidelity.handleSubscribe(post('/api/fidelity', { ...guest(7), compleannoGiorno: '12', compleannoMese: '5', marketing: true, language: 'en' })), signUpAnswer)).toEqual({ outcome: 'success' });
    expect(await bodyOf(await fidelity.handleSubscribe(post('/api/fidelity', { ...guest(7), compleannoGiorno: '12', compleannoMese: '5', marketing: true, language: 'en' })), signUpAnswer, 409)).toEqual({ outcome: 'alreadyRegistered' });
    await bodyOf(await fidelity.handleLookup(post('/api/fidelity/lookup', { email: guest(7).email, language: 'en' })), lookupAnswer);

    // Staff: sign in, the day, an answer (done, then refused with the booking as it is now), the switch, the redemption, sign out.
    const { rotateVenueCredential } = await import('@/server/staff/credentials');
    const { STAFF_COOKIE } = await import('@/server/staff/sessions');
    const token = (await rotateVenueCredential(db, 'localhost')).token;
    const signedIn = await staff.handleStaffSignIn(post('/api/staff/session', { token }));
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0];
    expect(cookie.startsWith(`${STAFF_COOKIE}=`)).toBe(true);
    await bodyOf(signedIn, signInAnswer);
    const sunday = testDay(5);
    const booking = await import('@/server/booking/http');
    const booked = await booking.handleCreate(post('/api/reservation', { date: sunday, time: '20:00', zone: 'sala', pax: 2, ...guest(8), ...tokens, language: 'en' }));
    expect(booked.status).toBe(200);
    const day = await dataOf(await staff.handleStaffDay(get(`/api/staff/day?date=${sunday}`, cookie)), staffDayAnswer);
    const [first] = day.shifts.flatMap((s) => s.bookings).filter((b) => b.status === 'confirmed');
    if (!first) throw new Error(`no confirmed booking on ${sunday}`);
    const answer = { hash: first.hash, action: 'cancel', version: first.version, note: 'Chiusura' };
    expect((await bodyOf(await staff.handleStaffAnswer(post('/api/staff/answer', answer, cookie)), staffAnswerAnswer)).booking.status).toBe('cancelled');
    expect((await bodyOf(await staff.handleStaffAnswer(post('/api/staff/answer', answer, cookie)), staffAnswerAnswer, 409)).result).toBe('changed');
    expect(await bodyOf(await staff.handleAutoOffers(post('/api/staff/autooffers', { enabled: true }, cookie)), autoOffersAnswer)).toEqual({ autoOffers: true });
    // Staff bookings (issue 44): a booking taken on the phone, changed; full, then booked past it by the override.
    const phoned = await bodyOf(await staff.handleStaffBook(post('/api/staff/book', { kind: 'phone', date: sunday, time: '20:30', pax: 3, zone: 'sala', nome: 'Giulia', prefisso: '+39', telefono: '347 123 4590' }, cookie)), staffBookedAnswer);
    expect(phoned.booking).toMatchObject({ source: 'phone', covers: 3, status: 'confirmed' });
    const changedBooking = await bodyOf(await staff.handleStaffChange(post('/api/staff/change', { hash: phoned.booking.hash, version: phoned.booking.version, pax: 4 }, cookie)), staffBookedAnswer);
    expect(changedBooking).toMatchObject({ result: 'changed', override: '', booking: { covers: 4 } });
    const tooMany = await staff.handleStaffChange(post('/api/staff/change', { hash: phoned.booking.hash, version: changedBooking.booking.version, pax: 30 }, cookie));
    expect(tooMany.status).toBe(409);
    expect(await tooMany.json()).toMatchObject({ error: 'full', fieldErrors: { override: 'slotFull' } });
    expect((await bodyOf(await staff.handleStaffChange(post('/api/staff/change', { hash: phoned.booking.hash, version: changedBooking.booking.version, pax: 30, override: true }, cookie)), staffBookedAnswer)).override).toBe('slotFull');
    expect((await staff.handleStaffBook(post('/api/staff/book', { kind: 'phone', date: sunday, time: '20:30', pax: 2, zone: 'sala', nome: '' }, cookie))).status).toBe(400);
    expect((await staff.handleStaffBook(post('/api/staff/book', { kind: 'table', pax: 2 }, cookie))).status).toBe(400);
    expect((await staff.handleStaffBook(post('/api/staff/book', { kind: 'walkin', pax: 2 }))).status).toBe(401);
    // Tables (issue 44): the party of 30 moved by hand to a table of 6, past its seats by the override; a table of another area refused in words; bad input 400.
    const tooSmall = await staff.handleStaffTable(post('/api/staff/table', { hash: phoned.booking.hash, tables: ['9'] }, cookie));
    expect([tooSmall.status, await tooSmall.json()]).toEqual([409, { error: 'full', fieldErrors: { override: 'tableTooSmall' } }]);
    const moved = await bodyOf(await staff.handleStaffTable(post('/api/staff/table', { hash: phoned.booking.hash, tables: ['9'], override: true }, cookie)), staffBookedAnswer);
    expect(moved).toMatchObject({ result: 'changed', override: 'tableTooSmall', booking: { tables: ['9'] } });
    const otherZone = await staff.handleStaffTable(post('/api/staff/table', { hash: phoned.booking.hash, tables: ['20'] }, cookie));
    expect([otherZone.status, await otherZone.json()]).toEqual([400, { error: 'invalid', fieldErrors: { tables: 'tableOtherZone' } }]);
    expect((await staff.handleStaffTable(post('/api/staff/table', { hash: phoned.booking.hash, tables: '9' }, cookie))).status).toBe(400);
    expect((await staff.handleStaffTable(post('/api/staff/table', { hash: phoned.booking.hash, tables: ['9'] }))).status).toBe(401);
    // The guest's notes and tags (issue 44), on the sheet's day too.
    const profile = await bodyOf(await staff.handleStaffGuest(post('/api/staff/guest', { hash: phoned.booking.hash, notes: 'Allergia alle noci', tags: ['VIP', 'Seggiolone'] }, cookie)), guestProfileAnswer);
    expect(profile.profile).toMatchObject({ notes: 'Allergia alle noci', tags: ['VIP', 'Seggiolone'] });
    expect((await dataOf(await staff.handleStaffDay(get(`/api/staff/day?date=${sunday}`, cookie)), staffDayAnswer)).shifts.flatMap((s) => s.bookings).find((b) => b.hash === phoned.booking.hash)?.guest?.tags).toEqual(['VIP', 'Seggiolone']);
    expect((await staff.handleStaffGuest(post('/api/staff/guest', { hash: phoned.booking.hash, notes: '', tags: ['a,b'] }, cookie))).status).toBe(400);
    const { redeemSignature } = await import('@/server/promo/staff');
    const redeem = () => promo.handleRedeem(post('/api/promo/redeem', { id: requested.id, s: redeemSignature('localhost', requested.id) }, cookie));
    expect((await bodyOf(await redeem(), redeemAnswer)).result).toBe('used');
    expect((await bodyOf(await redeem(), redeemAnswer, 409)).result).toBe('alreadyUsed');
    await bodyOf(await staff.handleStaffSignOut(del('/api/staff/session', cookie)), signOutAnswer);
  });
});
