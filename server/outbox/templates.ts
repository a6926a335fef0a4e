import { toLocale } from '@/lib/i18n/locales';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';

const catalogues = { it, en, fr, es, de };

export type EmailTemplate = 'fidelityWelcome' | 'fidelityLookup' | 'fidelityNotMember';
type Vars = { venueName: string; firstName?: string; link?: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * An e-mail in the guest's language, carrying the venue's name: subject, plain text and
 * HTML (variables escaped). Texts live under `emails.{template}` in messages/*.json.
 */
export function renderEmail(template: EmailTemplate, language: string, vars: Vars): { subject: string; text: string; html: string } {
  const locale = toLocale(language);
  const texts = (catalogues[locale].emails as Record<EmailTemplate, Record<string, string>>)[template];
  const values: Record<string, string> = { venueName: vars.venueName, firstName: vars.firstName ?? '', link: vars.link ?? '' };
  const t = (key: string) => (texts[key] ?? '').replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
  const greeting = vars.firstName ? t('greeting') : t('greetingPlain');
  const paragraphs = [t('body')];
  const signature = t('signature');
  const text = [greeting, '', ...paragraphs, '', vars.link ?? '', '', signature].join('\n').replace(/\n{3,}/g, '\n\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f1b16">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${vars.link ? `<p><a href="${escapeHtml(vars.link)}">${escapeHtml(vars.link)}</a></p>` : ''}
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { subject: t('subject'), text, html };
}
