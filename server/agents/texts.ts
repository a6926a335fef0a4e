import 'server-only';
import { toLocale, type Locale } from '@/lib/i18n/locales';
import { fill } from '@/lib/i18n/fill';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';

/**
 * The site's own words for an assistant or a channel (issue 46): a refusal is the message the
 * booking form shows for the same key, in the language asked; so are the outcomes.
 */
type Catalogue = typeof it;
const catalogues: Record<Locale, Catalogue> = { it, en, fr, es, de } as unknown as Record<Locale, Catalogue>;

export const catalogue = (language: string | null | undefined) => catalogues[toLocale(language)];

/** A refusal's message: the booking form's (errors, then the change page's, then the SMS step's), else the generic one. */
export function refusalText(key: string, language: string | null | undefined, values: Record<string, string | number> = {}): string {
  const c = catalogue(language);
  const lookup = (group: Record<string, unknown>) => (typeof group[key] === 'string' ? (group[key] as string) : undefined);
  const text =
    lookup(c.reserve.errors) ??
    lookup(c.reserve.edit) ??
    lookup(c.reserve.sms) ??
    lookup(c.reserve.outcome) ??
    (key === 'rateLimited' ? c.limits.tooManyRequests : undefined) ??
    c.reserve.errors.generic;
  return fill(text, values);
}
