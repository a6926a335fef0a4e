import 'server-only';
import { toLocale } from '@/lib/i18n/locales';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';
import { escapeHtml } from '@/lib/html/escape';
import { fill } from '@/lib/i18n/fill';
import { colon as colonOf } from '@/lib/i18n/colon';

const catalogues = { it, en, fr, es, de };

export type EmailTemplate =
  | 'fidelityWelcome'
  | 'fidelityLookup'
  | 'fidelityNotMember'
  | 'reservationConfirm'
  | 'reservationAccept'
  | 'reservationWaitinglist'
  | 'reservationChanged'
  | 'reservationCancelled'
  | 'reservationVenue'
  | 'reservationDeclined'
  | 'reservationCancelledByVenue'
  | 'promoCode';
/** Placeholders of the texts; `venueName` always. */
type Vars = { venueName: string; firstName?: string; link?: string; [name: string]: string | undefined };

/** Label and value lines (a booking's details), shown between the text and the link. */
type Details = [string, string][];
/** More paragraphs after the details (a guarantee's terms), and labelled links after the link (Change, Cancel). */
/** `appendix`: a block of its own before the signature (the wallet badges: docs/wallet.md), as HTML and as text. */
type Extra = { notes?: string[]; links?: [string, string][]; appendix?: { html: string; text: string } };
type Rendered = { subject: string; text: string; html: string };

/**
 * An e-mail in the guest's language, carrying the venue's name: subject, plain text and
 * HTML (variables escaped). Texts live under `emails.{template}` in messages/*.json.
 */
export function renderEmail(template: EmailTemplate, language: string, vars: Vars, details: Details = [], extra: Extra = {}): Rendered {
  const locale = toLocale(language);
  const texts = (catalogues[locale].emails as unknown as Record<EmailTemplate, Record<string, string>>)[template];
  return renderEmailTexts(texts, locale, vars, details, extra);
}

/** renderEmail for texts kept elsewhere than `emails.*` (a feature's own namespace, e.g. `experiences.emails.confirm`). */
export function renderEmailTexts(texts: Record<string, string>, language: string, vars: Vars, details: Details = [], extra: Extra = {}): Rendered {
  const locale = toLocale(language);
  const values: Record<string, string> = Object.fromEntries(Object.entries({ firstName: '', link: '', ...vars }).map(([k, v]) => [k, v ?? '']));
  const t = (key: string) => fill(texts[key], values);
  const greeting = vars.firstName ? t('greeting') : t('greetingPlain');
  const paragraphs = [t('body')];
  const signature = t('signature');
  const colon = colonOf(locale);
  const lines = details.map(([label, value]) => `${label}${colon}${value}`);
  const notes = extra.notes ?? [];
  const links = extra.links ?? [];
  // The main link once: not again when it is also one of the labelled links (Change).
  const link = vars.link && !links.some(([, url]) => url === vars.link) ? vars.link : '';
  const text = [greeting, '', ...paragraphs, '', ...lines, '', ...notes, '', link, '', ...links.map(([label, url]) => `${label}${colon}${url}`), '', extra.appendix?.text ?? '', '', signature]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f1b16">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${lines.length ? `<ul>${details.map(([l, v]) => `<li><strong>${escapeHtml(l)}${colon.trimEnd()}</strong> ${escapeHtml(v)}</li>`).join('')}</ul>` : ''}
${notes.map((n) => `<p>${escapeHtml(n)}</p>`).join('\n')}
${link ? `<p>${emailButton(link, texts.action ?? layoutTexts(locale).open)}</p>` : ''}
${links.length ? `<p>${links.map(([label, url], i) => emailButton(url, label, i > 0 || Boolean(link))).join(' ')}</p>` : ''}
${extra.appendix?.html ?? ''}
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { subject: t('subject'), text, html };
}

const layoutTexts = (locale: keyof typeof catalogues) => catalogues[locale].emails.layout as Record<string, string>;

/**
 * An action of an e-mail as a button (issue 45: every action a button, no raw URL that widens
 * a phone's screen): a link styled as a block of at least 44 px, its label wrapping within
 * 320 px. `secondary` is outlined, for the second and later actions (a cancel beside a change).
 */
export function emailButton(url: string, label: string, secondary = false): string {
  const colours = secondary ? 'background:#ffffff;color:#1f1b16;border:2px solid #1f1b16' : 'background:#1f1b16;color:#ffffff;border:2px solid #1f1b16';
  return `<a href="${escapeHtml(url)}" style="display:inline-block;box-sizing:border-box;max-width:100%;min-height:44px;margin:4px 8px 4px 0;padding:10px 18px;border-radius:8px;${colours};font-weight:bold;text-decoration:none;text-align:center;overflow-wrap:anywhere">${escapeHtml(label)}</a>`;
}

/** One more phrase of a template, by a dotted key under it (e.g. `events.confirm`). */
export function emailPhrase(template: EmailTemplate, language: string, key: string): string {
  const texts = (catalogues[toLocale(language)].emails as Record<EmailTemplate, unknown>)[template];
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
  return typeof value === 'string' ? value : key;
}

/** A message cut into its parts once: text, a `{name}` placeholder, or a plural form's choices. */
type IcuPart = string | { name: string } | { plural: string; forms: Record<string, string> };

/** Messages are the catalogues' few hundred strings: each is parsed once (issue 43: a booking's e-mails fill some thirty). */
const parsed = new Map<string, IcuPart[]>();
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function parseIcu(message: string): IcuPart[] {
  let parts = parsed.get(message);
  if (parts) return parts;
  parts = [];
  let text = '';
  for (let i = 0; i < message.length; i++) {
    if (message[i] !== '{') {
      text += message[i];
      continue;
    }
    let depth = 1;
    let j = i + 1;
    for (; j < message.length && depth; j++) {
      if (message[j] === '{') depth++;
      else if (message[j] === '}') depth--;
    }
    if (text) parts.push(text);
    text = '';
    const body = message.slice(i + 1, j - 1);
    const plural = /^\s*(\w+)\s*,\s*plural\s*,(.*)$/s.exec(body);
    if (plural) {
      const forms: Record<string, string> = {};
      for (const m of plural[2].matchAll(/(=\d+|\w+)\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g)) forms[m[1]] = m[2];
      parts.push({ plural: plural[1], forms });
    } else parts.push({ name: body.trim() });
    i = j - 1;
  }
  if (text) parts.push(text);
  if (parsed.size < 5000) parsed.set(message, parts);
  return parts;
}

/** Fills `{name}` placeholders and `{name, plural, one {# x} other {# xs}}` forms (the subset of ICU the messages use). */
export function formatIcu(message: string, values: Record<string, string | number>, locale: string): string {
  let out = '';
  for (const part of parseIcu(message)) {
    if (typeof part === 'string') out += part;
    else if ('name' in part) out += String(values[part.name] ?? '');
    else {
      const n = Number(values[part.plural]);
      let rules = pluralRules.get(locale);
      if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
      const form = part.forms[`=${n}`] ?? part.forms[rules.select(n)] ?? part.forms.other ?? '';
      let numbers = numberFormats.get(locale);
      if (!numbers) numberFormats.set(locale, (numbers = new Intl.NumberFormat(locale)));
      out += formatIcu(form.replace(/#/g, numbers.format(n)), values, locale);
    }
  }
  return out;
}

/** A `reserve` message of a language by dotted key, placeholders and plurals filled. */
export function reserveText(language: string, key: string, values: Record<string, string | number> = {}): string {
  const locale = toLocale(language);
  const message = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogues[locale].reserve);
  return typeof message === 'string' ? formatIcu(message, values, locale) : key;
}

/** A message of a language by its full dotted key (e.g. `giftcards.customTitle`), placeholders and plurals filled. */
export function messageText(language: string, key: string, values: Record<string, string | number> = {}): string {
  const locale = toLocale(language);
  const message = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogues[locale]);
  return typeof message === 'string' ? formatIcu(message, values, locale) : key;
}

/** The booking-detail labels (`reserve.summary`) of a language, for e-mails. */
export function summaryLabels(language: string): Record<string, string> {
  return catalogues[toLocale(language)].reserve.summary as Record<string, string>;
}

export type SmsTemplate = 'reservationCode';

/** A text message in the guest's language; texts live under `sms.{template}` in messages/*.json. */
export function smsText(template: SmsTemplate, language: string, vars: Record<string, string>): string {
  const locale = toLocale(language);
  const text = (catalogues[locale] as unknown as { sms: Record<SmsTemplate, string> }).sms[template];
  return fill(text, vars);
}
