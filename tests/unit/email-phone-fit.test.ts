import { brandEmail } from '@/server/outbox/layout';
import { formatIcu, renderEmailTexts } from '@/server/outbox/templates';
import { composeGiftcardEmail } from '@/server/giftcards/emails';
import itMessages from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';

/**
 * Issue 45: every e-mail a guest gets is read on a phone. At 320 px the content is 288 px wide
 * (16 px each side): no word may be longer than about 30 characters of 16 px text, so a link
 * is a button with words, never a raw URL; every action link is a button; the content wraps
 * what it must (a long address) rather than widening the screen.
 */
const catalogues = { it: itMessages, en, fr, es, de } as unknown as Record<string, Record<string, unknown>>;
const brand = { name: 'Trattoria Sole', logoUrl: 'https://sole.example/logo.png', brandColor: '#8a2c1b', address: 'Via del Pratello 12, Bologna', phone: '+39 051 123456', siteUrl: 'https://sole.example/' };
const url = (path: string) => `https://trattoria-sole.example/en/frontpage/${path}?s=6f1c0e9d2b7a4c3e8f5d1a0b9c8e7d6f5a4b3c2d`;
const MAX_WORD = 30;

const at = (locale: string, path: string) => path.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], catalogues[locale]) as Record<string, string>;

/** Every template the site renders with renderEmailTexts, with the links it gets in production. */
const KINDS: { path: string; link?: boolean; links?: number }[] = [
  ...['fidelityWelcome', 'fidelityLookup', 'fidelityNotMember', 'promoCode'].map((k) => ({ path: `emails.${k}`, link: true })),
  ...['reservationConfirm', 'reservationAccept', 'reservationWaitinglist', 'reservationChanged'].map((k) => ({ path: `emails.${k}`, link: true, links: 2 })),
  ...['reservationCancelled', 'reservationDeclined', 'reservationCancelledByVenue'].map((k) => ({ path: `emails.${k}`, link: true })),
  { path: 'emails.reservationVenue', links: 2 },
  ...['confirm', 'accept', 'waitinglist', 'changed'].map((k) => ({ path: `experiences.emails.${k}`, link: true, links: 2 })),
  ...['cancelled', 'declined', 'venueCancelled'].map((k) => ({ path: `experiences.emails.${k}`, link: true })),
  { path: 'experiences.emails.venue' },
  { path: 'noshow.emails.receipt' },
  { path: 'noshow.emails.authenticate', link: true },
  { path: 'noshow.emails.refunded' },
  { path: 'payments.moneyFailedEmail' },
  { path: 'payments.depositRefundedEmail' },
  { path: 'reminders.email', links: 2 },
  { path: 'waitlist.email', link: true },
];

const vars = { venueName: brand.name, firstName: 'Giulia', title: 'Corso di pasta fresca', date: 'sabato 28 novembre 2026', time: '20:00', covers: '2', pax: '2', amount: '€85.00', until: '21:35', within: 'within 15 minutes, by 21:35', code: 'K7QM 4XPT', validUntil: '31/12/2026', event: 'Nuova prenotazione', what: 'deposit', reason: 'refund failed' };
const details: [string, string][] = [
  ['Name', 'Giulia Bianchi-Fontanarosa'],
  ['E-mail', 'giulia.bianchi@example.com'],
  ['Reference', 'K7QM 4XPT'],
];

/** The words a reader sees in the HTML body: tags dropped, entities read, split on white space. */
function words(html: string): string[] {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const text = body
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&[a-z]+;|&#\d+;/g, ' ');
  return text.split(/[\s\u00a0]+/).filter(Boolean);
}

/** The links of the content (the frame's own footer links, map, phone and unsubscribe, are words). */
function contentLinks(html: string): string[] {
  const content = html.split('border-top:1px solid')[0];
  return [...content.matchAll(/<a\s[^>]*>/g)].map((m) => m[0]);
}

const isButton = (a: string) => /display:inline-block/.test(a) && /min-height:44px/.test(a) && /padding:/.test(a);

describe('every e-mail fits a 320 px phone, its actions as buttons (issue 45)', () => {
  for (const locale of ['it', 'en', 'fr', 'es', 'de']) {
    for (const kind of KINDS) {
      it(`${locale} ${kind.path}`, () => {
        const texts = at(locale, kind.path);
        const links: [string, string][] = Array.from({ length: kind.links ?? 0 }, (_, i) => [i ? 'Cancel' : 'Change', url(`reserve/K7QM4XPT/${i ? 'cancel' : 'edit'}`)]);
        const mail = renderEmailTexts(texts, locale, { ...vars, link: kind.link ? url('waitlist/123') : '' }, details, { links });
        const framed = brandEmail(brand, locale, { html: mail.html, text: mail.text }, { unsubscribeUrl: url('unsubscribe') });
        const html = framed.html!;
        const long = words(html).filter((w) => w.length > MAX_WORD);
        expect(long).toEqual([]);
        const anchors = contentLinks(html);
        expect(anchors).toHaveLength((kind.link ? 1 : 0) + links.length);
        for (const a of anchors) expect(isButton(a)).toBe(true);
        expect(html).toMatch(/padding:8px 16px 16px;overflow-wrap:anywhere/);
      });
    }

    it(`${locale} the gift card e-mails`, () => {
      const t = at(locale, 'giftcards.emails.buyer');
      const mail = composeGiftcardEmail(locale as 'it', { greeting: t.greeting.replace('{firstName}', 'Giulia'), paragraphs: [t.body], lines: details, link: [t.link, url('giftcard/purchaseconfirmation/9f8e7d6c5b4a39281706f5e4d3c2b1a0')], signature: t.signature });
      const html = brandEmail(brand, locale, mail).html!;
      expect(words(html).filter((w) => w.length > MAX_WORD)).toEqual([]);
      const anchors = contentLinks(html);
      expect(anchors).toHaveLength(1);
      expect(isButton(anchors[0])).toBe(true);
    });

    it(`${locale} the waiting-list offer says its deadline in words`, () => {
      const within = formatIcu(at(locale, 'waitlist.email').within, { minutes: 15, until: '21:35' }, locale);
      expect(within).toMatch(/15/);
      expect(within).toMatch(/21:35/);
      const mail = renderEmailTexts(at(locale, 'waitlist.email'), locale, { ...vars, within, link: url('waitlist/123') });
      expect(mail.text).toContain(within);
      expect(mail.html).toContain(at(locale, 'waitlist.page').claim);
    });
  }

  it('the English offer reads "within 15 minutes, by 21:35"', () => {
    expect(formatIcu(at('en', 'waitlist.email').within, { minutes: 15, until: '21:35' }, 'en')).toBe('within 15 minutes, by 21:35');
    expect(formatIcu(at('it', 'waitlist.email').within, { minutes: 15, until: '21:35' }, 'it')).toBe('nei prossimi 15 minuti, entro le 21:35');
  });
});
