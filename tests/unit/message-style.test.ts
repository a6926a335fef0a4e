import itMessages from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';
import { quote } from '@/lib/i18n/quote';
import { colon } from '@/lib/i18n/colon';

/**
 * Issue 45: the five messages files read as one writer per language would write them. The
 * rules a machine can check: one register (tu, vous, tú, Sie), one term per thing, the
 * language's own punctuation and quotes, and greetings followed as the language follows them.
 * The venue's own notifications are in Italian in every file, and the staff screens are not
 * the guest's: both are left out of the guest's rules.
 */
type Tree = { [key: string]: string | Tree };
const files = { it: itMessages, en, fr, es, de } as unknown as Record<string, Tree>;

function strings(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : strings(v, `${prefix}${k}.`)));
}

const VENUE_SIDE = /^(staffArea|experiences\.emails\.(venue|venueEvents)|emails\.reservationVenue|giftcards\.emails\.venue|payments\.moneyFailedEmail|staff)\b/;
const guest = (locale: string) => strings(files[locale]).filter(([key]) => !VENUE_SIDE.test(key));
/** The words a reader sees: placeholders, plural forms' syntax and links dropped. */
const words = (text: string) => text.replace(/\{[^{}]*\{[^{}]*\}[^{}]*\}/g, 'X').replace(/\{[^{}]*\}/g, 'X').replace(/https?:\/\/\S+/g, '');

/** Every e-mail template: a greeting with the body that follows it on the next line. */
function greetings(tree: Tree, prefix = ''): { key: string; greeting: string; body: string }[] {
  const here = typeof tree.greeting === 'string' && typeof tree.body === 'string' ? [{ key: prefix, greeting: tree.greeting, body: tree.body }] : [];
  return [...here, ...Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? greetings(v, `${prefix}${k}.`) : []))].filter((g) => !VENUE_SIDE.test(g.key));
}

describe('Italian: tu throughout, one term, no article before a weekday (issue 45)', () => {
  const lei = /(?<!\p{L})(Gentile|Lei|[Ll]ei è|per lei|[Ss]uo|[Ss]ua|[Ss]uoi|[Ss]ue|La preghiamo|[Rr]iceverà|verrà(?! (inviat|addebitat))|[Pp]uò sempre|[Pp]uò confermarlo|Riprovi|[Ii]nserisca|[Ll]a aspettiamo|[Ll]a ringraziamo|[Ll]e (ricordiamo|abbiamo|invieremo|servono))(?!\p{L})/u;
  test.each(guest('it'))('%s', (_key, text) => {
    expect(words(text)).not.toMatch(lei);
    expect(text).not.toMatch(/gift card/i);
  });

  test('a long date ("sabato 28 novembre") takes no article', () => {
    const t = itMessages as unknown as { waitlist: { email: { body: string }; page: { text: string }; sms: string }; reminders: { page: { question: string } } };
    for (const text of [t.waitlist.email.body, t.waitlist.page.text, t.waitlist.sms, t.reminders.page.question]) expect(text).not.toMatch(/\bil \{date\}/);
  });

  test('"Annulla", not "Disdici", for cancelling a booking', () => {
    for (const [, text] of guest('it')) expect(text).not.toMatch(/\b[Dd]isdi(ci|re|cendo|tta)\b/);
  });
});

describe('French: vous, the space before the high punctuation, « » (issue 45)', () => {
  const italian = new Map(strings(files.it));
  test.each(guest('fr').filter(([key, text]) => italian.get(key) !== text))('%s', (_key, text) => {
    const shown = words(text);
    // "Personnes : 2", "Bonne nouvelle !", never "Personnes: 2" (a time, 20:00, is no label).
    expect(shown).not.toMatch(/[^\s\u00a0\u202f\d]:(?!\d)/);
    expect(shown).not.toMatch(/[^\s\u00a0\u202f][;!?]/);
    expect(text).not.toMatch(/[“”"]/);
    expect(shown).not.toMatch(/(?<![\p{L}'’])(tu|te|ton|ta|tes)(?!\p{L})/u);
  });
});

describe('German: Sie, „ “, one term, no "im" before the venue (issue 45)', () => {
  test.each(guest('de'))('%s', (_key, text) => {
    // „ opens and “ closes.
    expect(text).not.toMatch(/[”"]/);
    expect(text.split('„').length).toBe(text.split('“').length);
    expect(text).not.toMatch(/Geschenkkarte|Geschenkgutschein/);
    expect(text).not.toMatch(/\bim \{(venueName|name|venue)\}/);
    expect(words(text)).not.toMatch(/(?<!\p{L})(du|dich|dir|dein|deine|deinen)(?!\p{L})/u);
  });
});

describe('Spanish: tú, « », "Hola, Nombre:" (issue 45)', () => {
  test.each(guest('es'))('%s', (_key, text) => {
    expect(text).not.toMatch(/[“”"]/);
    expect(words(text)).not.toMatch(/(?<!\p{L})(usted|ustedes|su reserva)(?!\p{L})/iu);
  });
});

describe('greetings and what follows them', () => {
  test.each(['it', 'en', 'fr', 'es', 'de'].flatMap((l) => greetings(files[l]).map((g) => [l, g.key, g.greeting, g.body])))('%s %s', (locale, _key, greeting, body) => {
    const first = words(body).trim().split(/\s+/)[0] ?? '';
    if (first === 'X') return;
    if (locale === 'es') expect(greeting).toMatch(/^Hola(, \{firstName\})?:$/);
    // English, French and Spanish start the letter's body with a capital after the greeting's line.
    if (['en', 'fr', 'es'].includes(locale)) expect(first[0]).toBe(first[0].toLocaleUpperCase(locale));
    // German and Italian go on in lower case after the comma (a noun, or Sie and Ihr, keep their capital).
    if (locale === 'de' && !/^(Sie|Ihr|Ihre|Ihnen|Bei)$/.test(first)) expect(first[0]).toBe(first[0].toLocaleLowerCase(locale));
    if (locale === 'it') expect(first[0]).toBe(first[0].toLocaleLowerCase(locale));
  });
});

describe('one quotation mark and one colon per language', () => {
  test('quote', () => {
    expect(quote('Dolce', 'fr')).toBe('«\u00a0Dolce\u00a0»');
    expect(quote('Dolce', 'de')).toBe('„Dolce“');
    expect(quote('Dolce', 'es')).toBe('«Dolce»');
    expect(quote('Dolce', 'it')).toBe('“Dolce”');
  });
  test('colon', () => {
    expect(`Personnes${colon('fr')}2`).toBe('Personnes\u00a0: 2');
    expect(`People${colon('en')}2`).toBe('People: 2');
  });
});
