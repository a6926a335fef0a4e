import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { formatDateTime, formatLongDate } from '@/lib/i18n/format';
import { formatMoney } from '@/lib/currency';
import { formatIcu, reserveText } from '@/server/outbox/templates';
import { localMoment } from '@/server/booking/time';

// Issue 43: a booking's CPU went largely to making Intl formatters and parsing messages afresh for
// each date, amount and phrase of its e-mails. They are made once; what they write is unchanged.

describe('formatters made once', () => {
  afterEach(() => jest.restoreAllMocks());

  it('formats dates, moments and amounts again without making a new formatter', () => {
    formatLongDate('2026-06-12', 'it');
    formatDateTime(new Date('2026-06-12T18:00:00Z'), 'de', 'Europe/Rome');
    formatMoney(2500, '€', 'fr');
    localMoment('Europe/Rome', new Date('2026-06-12T18:00:00Z'));
    const dates = jest.spyOn(Intl, 'DateTimeFormat');
    const numbers = jest.spyOn(Intl, 'NumberFormat');
    expect(formatLongDate('2026-06-13', 'it')).toBe('sabato 13 giugno 2026');
    expect(formatDateTime(new Date('2026-06-13T18:00:00Z'), 'de', 'Europe/Rome')).toContain('20:00');
    expect(formatMoney(1000, '€', 'fr')).toBe('10\u00a0€');
    expect(localMoment('Europe/Rome', new Date('2026-06-13T22:30:00Z'))).toEqual({ date: '2026-06-14', time: '00:30' });
    expect(dates).not.toHaveBeenCalled();
    expect(numbers).not.toHaveBeenCalled();
  });

  it('fills plurals and placeholders as before, the values of each call its own', () => {
    const message = '{count, plural, =0 {nobody} one {# guest} other {# guests}} for {name}';
    expect(formatIcu(message, { count: 0, name: 'Anna' }, 'en')).toBe('nobody for Anna');
    expect(formatIcu(message, { count: 1, name: 'Bruno' }, 'en')).toBe('1 guest for Bruno');
    expect(formatIcu(message, { count: 1200, name: 'Carla' }, 'en')).toBe('1,200 guests for Carla');
    expect(formatIcu(message, { count: 1200, name: 'Dario' }, 'de')).toBe('1.200 guests for Dario');
    expect(formatIcu('no placeholder', {}, 'it')).toBe('no placeholder');
    expect(reserveText('it', 'people.count', { count: 2 })).toBe(reserveText('it', 'people.count', { count: 2 }));
    const plurals = jest.spyOn(Intl, 'PluralRules');
    reserveText('en', 'people.count', { count: 3 });
    expect(plurals).not.toHaveBeenCalled();
  });

  it('reads the venue’s wall clock as date-fns’ TZDate does, across a year and its clock changes', () => {
    for (const zone of ['Europe/Rome', 'America/New_York', 'Pacific/Auckland', 'Asia/Kolkata', 'UTC']) {
      for (let hour = 0; hour < 366 * 24; hour += 7) {
        const at = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000 + 17 * 60_000);
        const local = new TZDate(at.getTime(), zone);
        expect(localMoment(zone, at)).toEqual({ date: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') });
      }
    }
  });
});
