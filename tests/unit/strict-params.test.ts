import { isCalendarDate, parseDate, parseId, parsePax, parseTime } from '@/lib/params';
import { canonicalEmail, canonicalPhone, canonicalPhoneOf } from '@/lib/identity';
import { limitIdentity, ipv6PrefixBits } from '@/server/http/client-address';
import { dayQuerySchema, monthQuerySchema, reservationChoiceSchema } from '@/lib/forms/reservation';
import { experienceChoiceSchema } from '@/lib/forms/experience';
import { badLimitVariables } from '@/server/limits/config';
import { TEST_NOW } from '../helpers/clock';
import { impossibleDates, leapYearAfter, summerTimeEnds, summerTimeStarts } from '../helpers/dates';

// Issue 22: every date, time, party size and id from a path, query or body is read here, strictly.
const YEAR = TEST_NOW.getUTCFullYear();
const BAD = impossibleDates(YEAR);
const LEAP_DAY = `${leapYearAfter(YEAR)}-02-29`;
const DATES: [string, boolean][] = [
  [BAD.month13, false],
  [BAD.day32, false],
  [BAD.month0, false],
  [BAD.commonLeapDay, false], // a common year
  [LEAP_DAY, true], // a leap year
  ['2100-02-29', false], // not a leap year (century)
  ['2000-02-29', true],
  [summerTimeStarts(YEAR + 1).europe, true], // Europe's spring DST change
  [summerTimeEnds(YEAR + 1), true], // and the autumn one
  [summerTimeStarts(YEAR + 1).us, true], // the United States' spring change
  [`${YEAR + 1}-04-31`, false],
  ['abc', false],
  ['', false],
  [`${YEAR + 1}-1-05`, false],
  [`${YEAR + 1}-01-05T00:00`, false],
  [` ${YEAR + 1}-01-05`, false],
  ['0000-01-01', false],
];
const TIMES: [string, boolean][] = [
  ['00:00', true],
  ['23:59', true],
  ['24:00', false],
  ['99:99', false],
  ['20:60', false],
  ['2:30', false],
  ['02:30', true], // the hour Europe skips on its spring DST day is still a time of the form
  ['20:00:00', false],
  ['', false],
];
const PAX: [unknown, number | null][] = [
  ['2', 2],
  [2, 2],
  ['0', null],
  ['-1', null],
  ['1e3', null],
  ['2.5', null],
  [2.5, null],
  [' 2', null],
  ['abc', null],
  ['501', null],
  [Number.NaN, null],
  [Infinity, null],
];

describe('the strict reading of a date, a time, a party size and an id (lib/params.ts)', () => {
  it.each(DATES)('date %p is %p', (value, ok) => {
    expect(isCalendarDate(value)).toBe(ok);
    expect(parseDate(value)).toBe(ok ? value : null);
    // The calls' schemas read the same: a 400 with the field, never a crash further on.
    expect(dayQuerySchema.safeParse({ day: value, pax: 2 }).success).toBe(ok);
  });

  it.each(TIMES)('time %p is %p', (value, ok) => {
    expect(parseTime(value)).toBe(ok ? value : null);
    expect(reservationChoiceSchema.safeParse({ pax: 2, date: LEAP_DAY, time: value, zone: 'sala' }).success).toBe(ok);
    if (value) expect(experienceChoiceSchema.safeParse({ experienceId: 1, day: LEAP_DAY, time: value, pax: 2 }).success).toBe(ok);
  });

  it.each(PAX)('party size %p is %p', (value, n) => {
    expect(parsePax(value)).toBe(n);
    expect(reservationChoiceSchema.safeParse({ pax: value, date: LEAP_DAY, time: '20:00', zone: 'sala' }).success).toBe(n !== null);
  });

  it.each([
    ['2027', '3', true],
    ['2027', '12', true],
    ['2027', '13', false],
    ['2027', '0', false],
    ['2027', '1e0', false],
    ['2027', '0x3', false],
    ['2027', '3.0', false],
    ['2e3', '3', false],
    ['abc', '3', false],
  ])('month query year %p month %p is %p', (year, month, ok) => {
    expect(monthQuerySchema.safeParse({ year, month, pax: '2' }).success).toBe(ok);
  });

  it('caps a party size at the given maximum, and reads ids of letters, digits, - and _ only', () => {
    expect(parsePax('12', 12)).toBe(12);
    expect(parsePax('13', 12)).toBeNull();
    expect(parseId('Ab-3_x')).toBe('Ab-3_x');
    for (const bad of ['', '../x', 'a b', 'x'.repeat(129), 'é']) expect(parseId(bad)).toBeNull();
    expect(experienceChoiceSchema.safeParse({ experienceId: '1e3', day: LEAP_DAY, pax: 2 }).success).toBe(false);
    expect(experienceChoiceSchema.safeParse({ experienceId: '12', day: LEAP_DAY, pax: 2 }).success).toBe(true);
  });
});

describe('one identity per client, phone and inbox', () => {
  it('counts an IPv6 client by its network of LIMIT_IPV6_PREFIX bits (default 64), IPv4-mapped as IPv4', () => {
    expect(ipv6PrefixBits({})).toBe(64);
    expect(ipv6PrefixBits({ LIMIT_IPV6_PREFIX: '56' })).toBe(56);
    expect(ipv6PrefixBits({ LIMIT_IPV6_PREFIX: 'x' })).toBe(64);
    // A setting of the limits, not a limit: not reported as a mistyped one at start.
    expect(badLimitVariables({ LIMIT_IPV6_PREFIX: '56', LIMIT_NOPE: '3' })).toEqual(['LIMIT_NOPE']);
    const net = limitIdentity('2001:db8:1:2::1', 64);
    for (let i = 2; i <= 10; i++) expect(limitIdentity(`2001:db8:1:2::${i.toString(16)}`, 64)).toBe(net);
    expect(limitIdentity('2001:DB8:1:2:ffff:eeee:dddd:cccc', 64)).toBe(net);
    expect(limitIdentity('2001:db8:1:3::1', 64)).not.toBe(net);
    expect(limitIdentity('2001:db8:1:3::1', 48)).toBe(limitIdentity('2001:db8:1:2::1', 48));
    expect(limitIdentity('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(limitIdentity('::ffff:cb00:7109')).toBe('203.0.113.9');
    expect(limitIdentity('203.0.113.9')).toBe('203.0.113.9');
    expect(limitIdentity('unknown')).toBe('unknown');
  });

  it('compares e-mails by inbox: case-folded, +tag removed, dots removed for gmail.com and googlemail.com', () => {
    expect(canonicalEmail(' Anna.Rossi@Example.COM ')).toBe('anna.rossi@example.com');
    expect(canonicalEmail('anna+promo@example.com')).toBe('anna@example.com');
    expect(canonicalEmail('v.x+4@gmail.com')).toBe('vx@gmail.com');
    expect(canonicalEmail('V.X@GoogleMail.com')).toBe('vx@gmail.com');
    // Dots count elsewhere.
    expect(canonicalEmail('v.x@example.com')).not.toBe(canonicalEmail('vx@example.com'));
    expect(canonicalEmail('+x@example.com')).toBe('+x@example.com');
  });

  it('compares phones as E.164, with the venue country as the default region', () => {
    expect(canonicalPhoneOf('+44', '7911 122210')).toBe('+447911122210');
    expect(canonicalPhoneOf('+44', '07911 122210')).toBe('+447911122210');
    expect(canonicalPhoneOf('+1', '2015552808')).toBe('+12015552808');
    expect(canonicalPhoneOf('+1', '1 2015552808')).toBe('+12015552808');
    expect(canonicalPhone('347 123 4567', 'IT')).toBe('+393471234567');
    expect(canonicalPhone('0039 347 123 4567', 'GB')).toBe('+393471234567');
    expect(canonicalPhone('(347) 123-4567', 'IT')).toBe('+393471234567');
    expect(canonicalPhone('12', 'IT')).toBe('12');
  });
});
