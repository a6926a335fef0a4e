import { toLocale } from '@/lib/i18n/locales';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';

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
  | 'promoCode';
/** Placeholders of the texts; `venueName` always. */
type Vars = { venueName: string; firstName?: string; link?: string; [name: string]: string | undefined };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * An e-mail in the guest's language, carrying the venue's name: subject, plain text and
 * HTML (variables escaped). Texts live under `emails.{template}` in messages/*.json.
 */
export function renderEmail(
  template: EmailTemplate,
  language: string,
  vars: Vars,
  /** Label and value lines (a booking's details), shown between the text and the link. */
  details: [string, string][] = [],
): { subject: string; text: string; html: string } {
  const locale = toLocale(language);
  const texts = (catalogues[locale].emails as unknown as Record<EmailTemplate, Record<string, string>>)[template];
  const values: Record<string, string> = Object.fromEntries(Object.entries({ firstName: '', link: '', ...vars }).map(([k, v]) => [k, v ?? '']));
  const t = (key: string) => (texts[key] ?? '').replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
  const greeting = vars.firstName ? t('greeting') : t('greetingPlain');
  const paragraphs = [t('body')];
  const signature = t('signature');
  const lines = details.map(([label, value]) => `${label}: ${value}`);
  const text = [greeting, '', ...paragraphs, '', ...lines, '', vars.link ?? '', '', signature].join('\n').replace(/\n{3,}/g, '\n\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f1b16">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${lines.length ? `<ul>${details.map(([l, v]) => `<li><strong>${escapeHtml(l)}:</strong> ${escapeHtml(v)}</li>`).join('')}</ul>` : ''}
${vars.link ? `<p><a href="${escapeHtml(vars.link)}">${escapeHtml(vars.link)}</a></p>` : ''}
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { subject: t('subject'), text, html };
}

/** One more phrase of a template, by a dotted key under it (e.g. `events.confirm`). */
export function emailPhrase(template: EmailTemplate, language: string, key: string): string {
  const texts = (catalogues[toLocale(language)].emails as Record<EmailTemplate, unknown>)[template];
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
  return typeof value === 'string' ? value : key;
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
  return text.replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');
}
