import { bookingReference, formatDateTime, formatDay, formatLongDate, formatMoment } from '@/lib/i18n/format';
import { formatMoney } from '@/lib/currency';
import { formatPrice } from '@/lib/currency';
import { instantOf } from '@/server/booking/time';
import { testDay } from '../helpers/clock';

const NBSP = '\u00a0';

describe('one money formatter per locale', () => {
  test('Italian and English put the symbol first (English against the amount), French, Spanish and German after, never breaking the amount', () => {
    expect(formatPrice(85, '€', 'it')).toBe(`€${NBSP}85`);
    expect(formatPrice(85, '€', 'en')).toBe('€85');
    expect(formatPrice(85, '€', 'fr')).toBe(`85${NBSP}€`);
    expect(formatPrice(85, '€', 'es')).toBe(`85${NBSP}€`);
    expect(formatPrice(85, '€', 'de')).toBe(`85${NBSP}€`);
  });

  test('decimals only when there are cents, with the language separator; the spec currencies and the euro fallback', () => {
    expect(formatMoney(7550, '€', 'it')).toBe(`€${NBSP}75,50`);
    expect(formatMoney(7550, '€', 'en')).toBe('€75.50');
    expect(formatMoney(150000, '€', 'de')).toBe(`1.500${NBSP}€`);
    expect(formatMoney(2000, 'CHF', 'fr')).toBe(`20${NBSP}CHF`);
    expect(formatMoney(2000, 'MUR', 'en')).toBe('₨20');
    expect(formatMoney(2000, 'CHF', 'en')).toBe(`CHF${NBSP}20`);
    // A venue charging another ISO currency shows its code (issue 21); a value that is no currency, the euro (spec section 3).
    expect(formatMoney(2000, 'USD', 'es')).toBe(`20${NBSP}USD`);
    expect(formatMoney(2000, 'dollari', 'es')).toBe(`20${NBSP}€`);
  });
});

describe('one time formatter per locale', () => {
  const day = testDay(10);
  const evening = instantOf('Europe/Rome', day, '21:00');

  test('a moment is on the 24-hour clock in every language, in the venue time zone', () => {
    for (const locale of ['it', 'en', 'fr', 'es', 'de']) {
      const text = formatDateTime(evening, locale, 'Europe/Rome');
      expect(text).toContain('21:00');
      expect(text).not.toMatch(/PM|AM/);
    }
    // The same instant in Auckland is the next morning there (10 to 12 hours ahead of Rome, with the seasons).
    expect(formatDateTime(evening, 'en', 'Pacific/Auckland')).toMatch(/0[789]:00/);
  });

  test('a day is written out with its weekday in the language', () => {
    const [weekday] = new Intl.DateTimeFormat('de', { weekday: 'long', timeZone: 'UTC' }).formatToParts(new Date(`${day}T12:00:00Z`)).map((p) => p.value);
    expect(formatLongDate(day, 'de')).toContain(weekday);
    expect(formatLongDate(day, 'it')).toContain(day.slice(0, 4));
  });

  test('a day without its weekday, and a moment with the date, the same way on every page, card and e-mail', () => {
    // Fixed dates: these check the words of each language, not the calendar.
    expect(formatDay('2030-12-31', 'it')).toBe('31 dicembre 2030');
    expect(formatDay('2030-12-31', 'fr')).toBe('31 décembre 2030');
    expect(formatDay('2030-12-31', 'es')).toBe('31 de diciembre de 2030');
    expect(formatDay('2030-12-31', 'de')).toBe('31. Dezember 2030');
    // The first day of a month stays that day whatever the server's own time zone.
    expect(formatDay('2031-01-01', 'en')).toBe('1 January 2031');
    const moment = formatMoment('2030-06-12T18:30:00.000Z', 'it', 'Europe/Rome');
    expect(moment).toContain('12 giugno 2030');
    expect(moment).toContain('20:30');
    expect(formatMoment('2030-06-12T18:30:00.000Z', 'de', 'Pacific/Auckland')).toContain('13. Juni 2030');
    // Issue 45: British English dates and the 24-hour clock on every page (not "June 12, 2030 at 8:30 PM").
    expect(formatMoment('2030-06-12T18:30:00.000Z', 'en', 'Europe/Rome')).toBe('12 June 2030 at 20:30');
    expect(formatLongDate('2030-06-12', 'en')).toMatch(/^Wednesday,? 12 June 2030$/);
  });
});

test('a booking reference to quote on the phone: 8 characters of the hash, upper case', () => {
  expect(bookingReference('Lb_4doMdx4Y0e92WiPsh1Q')).toBe('LB_4DOMD');
});
