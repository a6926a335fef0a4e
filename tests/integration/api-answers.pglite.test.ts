import { useSiteDatabase } from '../helpers/databases';
import { testDay } from '../helpers/clock';
import { bookingAnswer, dayAnswer, dayExperiencesAnswer, experienceDaysAnswer, guaranteeAnswer, holdAnswer, monthAnswer } from '@/lib/api/answers/reservation';
import { dataOf, get, post } from '../helpers/handler-answers';

/**
 * The booking wizard parses each `/api/reservation/*` answer with a check of
 * lib/api/answers/reservation.ts (through lib/api/client.ts). Here the real handlers answer and the same checks read them:
 * a handler whose answer changes shape fails this test instead of a guest's page.
 */
describe('the /api answers the booking wizard parses, from the real handlers', () => {
  useSiteDatabase('pglite', { calendar: true });

  it('month, day, experiences, hold, guarantee and booking all pass the browser’s checks; another shape does not', async () => {
    const http = await import('@/server/booking/http');
    const day = testDay(10);
    const month = await dataOf(await http.handleMonth(get(`/api/reservation/month?year=${day.slice(0, 4)}&month=${Number(day.slice(5, 7))}&pax=2`)), monthAnswer);
    expect(month.length).toBeGreaterThan(27);
    await dataOf(await http.handleExperiences(get(`/api/reservation/experiences?year=${day.slice(0, 4)}&month=${Number(day.slice(5, 7))}&pax=2`)), experienceDaysAnswer);
    let date = '';
    let slot: { time: string; shift: string; zones: { key: string; available: boolean }[] } | undefined;
    for (let i = 9; !slot && i < 30; i++) {
      date = testDay(i);
      const detail = await dataOf(await http.handleDay(get(`/api/reservation/day?day=${date}&pax=2`)), dayAnswer);
      slot = detail.slots.find((s) => s.shift === 'cena' && s.available && s.zones.some((z) => z.available));
    }
    if (!slot) throw new Error('no open dinner in the coming weeks');
    await dataOf(await http.handleExperiences(get(`/api/reservation/experiences?day=${date}&pax=2`)), dayExperiencesAnswer);
    const zone = slot.zones.find((z) => z.available)!.key;
    const hold = await dataOf(await http.handleHold(post('/api/reservation/hold', { date, time: slot.time, zone, pax: 2 })), holdAnswer);
    // The demo venue asks a card guarantee at dinner from 5 guests: both shapes of the answer pass.
    expect(await dataOf(await http.handleGuarantee(post('/api/reservation/guarantee', { date, time: slot.time, zone, pax: 2, email: 'a@example.com' })), guaranteeAnswer)).toEqual({ required: false });
    const offer = await dataOf(await http.handleGuarantee(post('/api/reservation/guarantee', { date, time: slot.time, zone, pax: 7, email: 'a@example.com' })), guaranteeAnswer);
    expect(offer.required).toBe(true);
    const booked = await dataOf(
      await http.handleCreate(
        post('/api/reservation', { pax: 2, date, time: slot.time, zone, holdToken: hold.holdToken, nome: 'Anna', cognome: 'Rossi', email: 'anna.answers@example.com', prefisso: '+39', telefono: '3471234567', privacy: true, recaptchaV3Token: 'local.v3.pass.testtoken', tokenVersion: 'v3', language: 'en' }),
      ),
      bookingAnswer,
    );
    expect(booked.hash).toMatch(/^[2-9A-HJKMNP-Z]{26}$/);
    // The checks do refuse what the page could not use.
    expect(holdAnswer({ holdToken: 1, expiresAt: 'x' })).toBe(false);
    expect(dayAnswer({ ...month[0], waitingList: 'yes', slots: [] })).toBe(false);
    expect(guaranteeAnswer({ required: true, terms: {} })).toBe(false);
  });
  it('sends the wizard the experiences\' descriptions as safe HTML, whichever backend wrote them (issue 45)', async () => {
    const http = await import('@/server/booking/http');
    const { getDb } = await import('@/server/db/client');
    const { experiences } = await import('@/server/db/schema');
    const db = await getDb();
    const hostile = '<p onclick="alert(1)">Cinque <strong>vini</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>';
    await db.update(experiences).set({ description: { it: hostile, en: hostile } });
    let list: { descrizione: Record<string, string> }[] = [];
    for (let i = 1; !list.length && i < 40; i++) list = await dataOf(await http.handleExperiences(get(`/api/reservation/experiences?day=${testDay(i)}&pax=2`)), dayExperiencesAnswer);
    expect(list.length).toBeGreaterThan(0);
    for (const e of list) expect(e.descrizione).toMatchObject({ it: '<p>Cinque <strong>vini</strong></p>x', en: '<p>Cinque <strong>vini</strong></p>x' });
  });
});
