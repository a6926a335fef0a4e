import { NextRequest } from 'next/server';
import { useSiteDatabase } from '../helpers/databases';
import { TEST_NOW, testDay } from '../helpers/clock';
import { impossibleDates, leapYearAfter, summerTimeEnds, summerTimeStarts } from '../helpers/dates';

// Each request from its own address, so no abuse limit answers before the check.
let n = 0;
const from = () => `198.18.${Math.floor(++n / 250)}.${n % 250}`;
const get = (path: string) => new NextRequest(`http://localhost${path}`, { headers: { host: 'localhost:3000', 'x-forwarded-for': from() } });
const post = (path: string, body: unknown) =>
  new NextRequest(`http://localhost${path}`, { method: 'POST', headers: { host: 'localhost:3000', 'content-type': 'application/json', 'x-forwarded-for': from() }, body: JSON.stringify(body) });

const BAD = impossibleDates(TEST_NOW.getUTCFullYear());
const BAD_DATES = [BAD.month13, BAD.day32, BAD.month0, BAD.commonLeapDay, 'abc', BAD.unpadded, ''];
const BAD_TIMES = ['24:00', '99:99', '20:60', '8:00', 'abc'];
const BAD_PAX = ['0', '-2', '2.5', '1e3', 'abc', '501'];

/**
 * Issue 22: every call with a date, time or party size answers a bad one with a 400 and the
 * field, never a 500, on the built-in backend; the good ones (a leap day, a DST day) still pass.
 */
describe('strict dates, times and party sizes at every call (pglite)', () => {
  useSiteDatabase('pglite', { calendar: true });

  const calls = async () => {
    const booking = await import('@/server/booking/http');
    const experience = await import('@/server/experiences/http');
    return {
      day: (day: string, pax = '2') => booking.handleDay(get(`/api/reservation/day?day=${encodeURIComponent(day)}&pax=${encodeURIComponent(pax)}`)),
      hold: (date: string, time: string, pax: unknown = 2) => booking.handleHold(post('/api/reservation/hold', { date, time, zone: 'sala', pax })),
      guarantee: (date: string, time: string, pax: unknown = 2) => booking.handleGuarantee(post('/api/reservation/guarantee', { date, time, zone: 'sala', pax })),
      experiences: (day: string, pax = '2') => booking.handleExperiences(get(`/api/reservation/experiences?day=${encodeURIComponent(day)}&pax=${encodeURIComponent(pax)}`)),
      times: (day: string, pax = '2') => experience.handleTimes(get(`/api/experience/times?experienceId=1&day=${encodeURIComponent(day)}&pax=${encodeURIComponent(pax)}`)),
      payment: (day: string, time: string, pax: unknown = 2) => experience.handlePayment(post('/api/experience/payment', { experienceId: 1, day, time, pax, email: 'a@example.com' })),
    };
  };

  it.each(BAD_DATES)('date %p: 400 at every call that takes one', async (date) => {
    const c = await calls();
    for (const response of [await c.day(date), await c.hold(date, '20:00'), await c.guarantee(date, '20:00'), await c.times(date), await c.payment(date, '20:00')]) {
      expect(response.status).toBe(400);
    }
    expect((await c.experiences(date)).status).toBeLessThan(500);
  });

  it.each(BAD_TIMES)('time %p: 400 at every call that takes one', async (time) => {
    const c = await calls();
    for (const response of [await c.hold(testDay(5), time), await c.guarantee(testDay(5), time), await c.payment(testDay(5), time)]) expect(response.status).toBe(400);
  });

  it.each(BAD_PAX)('party size %p: 400 at every call that takes one', async (pax) => {
    const c = await calls();
    for (const response of [await c.day(testDay(5), pax), await c.hold(testDay(5), '20:00', pax), await c.times(testDay(5), pax)]) expect(response.status).toBe(400);
  });

  it('answers real days, a leap day and DST days, and a time of 23:59, without a 400', async () => {
    const c = await calls();
    const year = TEST_NOW.getUTCFullYear();
    for (const day of [testDay(5), `${leapYearAfter(year)}-02-29`, summerTimeStarts(year + 1).europe, summerTimeEnds(year + 1)]) expect((await c.day(day)).status).toBe(200);
    // 23:59 is a time: refused for not being offered (the step's message), never a 500.
    const late = await c.hold(testDay(5), '23:59');
    expect(late.status).toBeLessThan(500);
    expect((await late.json()).error).not.toBe('timeInvalid');
  });
});
