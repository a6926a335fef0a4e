import 'server-only';
import { UNAVAILABLE, type ActionResult } from '@/lib/backend/client';
import { escapeHtml } from '@/lib/html/escape';
import type { Locale } from '@/lib/i18n/locales';
import type { MessageKey } from '@/i18n/app-config';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';

const catalogues: Record<Locale, unknown> = { it, en, fr, es, de };

/** A message of `locale` by its full key (the keys are typed against messages/it.json; the five files hold the same). */
function translate(locale: Locale, key: MessageKey): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogues[locale]);
  return typeof found === 'string' ? found : key;
}

/**
 * Whether a link call's refusal means the backend could not answer it (unreachable, its
 * database down, a malformed answer, or a backend without the call): the page says "Service
 * unavailable" and its form answers 503, rather than calling a good link invalid.
 */
export const backendCannotAnswer = (error: string) => error === UNAVAILABLE || error === 'generic' || error === 'unknownCall';

/** What a signed link page's form says when its call is refused: the page's title and its "not a valid link" text, and any refusal of its own. */
export type LinkFormTexts = { title: MessageKey; invalid: MessageKey; refusals?: Record<string, { status: number; text: MessageKey }> };

/**
 * The answer to a signed link page's plain form (reminder, offer claim, fee, staff answer):
 * done, 303 back to the page, which says what happened. Otherwise a small page in the
 * guest's language with the way back: 503 when the backend (or its database) cannot answer,
 * the call's own refusal where it has one (`409 slotStarted`), 400 for a link that is not the
 * site's. Never a 500 and never JSON: a browser posted a form and shows what it gets.
 */
export function linkFormAnswer(result: ActionResult<unknown>, locale: Locale, back: string, texts: LinkFormTexts): Response {
  if (result.status) return new Response(null, { status: 303, headers: { Location: back, 'Cache-Control': 'private, no-store' } });
  const t = (key: MessageKey) => translate(locale, key);
  const own = texts.refusals?.[result.error];
  const [status, title, text] =
    backendCannotAnswer(result.error)
      ? [503, t('errors.unavailableTitle'), t('errors.unavailableText')]
      : own
        ? [own.status, t(texts.title), t(own.text)]
        : [400, t(texts.title), t(texts.invalid)];
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(text)}</p><p><a href="${escapeHtml(back)}">${escapeHtml(t('errors.back'))}</a></p></main></body></html>
`;
  const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' };
  if (status === 503) headers['Retry-After'] = '30';
  return new Response(html, { status, headers });
}
