import { backoffMs, MAX_ATTEMPTS } from '@/server/outbox/delivery';
import { emailPhrase, renderEmail, type EmailTemplate } from '@/server/outbox/templates';
import { locales } from '@/lib/i18n/locales';
import { testDay } from '../helpers/clock';
import { formatLongDate } from '@/lib/i18n/format';

describe('e-mail templates', () => {
  const templates: EmailTemplate[] = ['fidelityWelcome', 'fidelityLookup', 'fidelityNotMember'];

  it.each(locales)('are written in %s and carry the venue name', (locale) => {
    for (const template of templates) {
      const mail = renderEmail(template, locale, { venueName: 'Trattoria Da Rosa', firstName: 'Anna', link: 'https://x.example/' });
      expect(mail.subject).toContain('Trattoria Da Rosa');
      expect(mail.text).toContain('Anna');
      expect(mail.text).toContain('https://x.example/');
      expect(mail.html).toContain(`lang="${locale}"`);
    }
  });

  it('differ between languages', () => {
    const subjects = locales.map((l) => renderEmail('fidelityWelcome', l, { venueName: 'V' }).subject);
    expect(new Set(subjects).size).toBe(5);
  });

  it('escape names in the HTML part', () => {
    const mail = renderEmail('fidelityWelcome', 'en', { venueName: 'Bar <b>&</b>', firstName: '<script>x</script>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('Bar &lt;b&gt;&amp;&lt;/b&gt;');
  });

  it.each(locales)('tell the venue in %s what happened to a booking, in words, never as a code', (locale) => {
    const news = ['confirm', 'accept', 'waitinglist', 'changed', 'cancelled'];
    const events = news.map((n) => emailPhrase('reservationVenue', locale, `events.${n}`));
    expect(new Set(events).size).toBe(news.length);
    for (const event of events) expect(event).not.toMatch(/^events\./);
    const date = testDay(10);
    // The guest named and the date in words (issue 44): the caller gives the long date in the venue's language.
    const mail = renderEmail('reservationVenue', locale, { venueName: 'V', event: events[4], guest: 'Giulia Bianchi', date: formatLongDate(date, locale), time: '19:00', pax: '2' });
    expect(mail.subject).toContain(events[4]);
    expect(mail.subject).toContain(`Giulia Bianchi, ${formatLongDate(date, locale)}, 19:00`);
    expect(emailPhrase('reservationVenue', locale, 'notes')).not.toBe('notes');
  });

  it('fall back to Italian for an unknown language', () => {
    expect(renderEmail('fidelityWelcome', 'pt', { venueName: 'V' }).subject).toBe(renderEmail('fidelityWelcome', 'it', { venueName: 'V' }).subject);
  });
});

describe('delivery backoff', () => {
  it('doubles from 30 seconds up to one hour', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(3_600_000);
    expect(MAX_ATTEMPTS).toBeGreaterThan(5);
  });
});
