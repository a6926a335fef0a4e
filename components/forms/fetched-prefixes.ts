import type { PrefixOption } from '@/lib/venue/prefixes';

/** What names the list to fetch, and the venue's own prefix should the fetch fail. */
export type PrefixRequest = { locale: string; country?: string; defaultPrefix: string };

const lists = new Map<string, Promise<PrefixOption[]>>();

/** The venue's own prefix alone, its country named by the browser: what a phone field offers when the list cannot be fetched. */
export function venuePrefixOnly({ locale, country, defaultPrefix }: PrefixRequest): PrefixOption[] {
  const iso = country ?? '';
  let name = defaultPrefix;
  try {
    name = (iso && new Intl.DisplayNames([locale], { type: 'region' }).of(iso)) || name;
  } catch {
    // not a region code: the prefix itself
  }
  return [{ name, prefix: defaultPrefix, iso }];
}

/**
 * The venue's phone prefixes in the page's language (`GET /api/phone-prefixes`,
 * server/venues/prefixes-http.ts), for a form that is not in the page's first load and whose page
 * does not carry the list in its HTML (issue 43: 11.7 KB of `/reserve`'s and a promotion's). One
 * fetch per language while the page lives, its promise kept (a component reads it with `use()`: a
 * new promise on a later render would suspend the form again, losing what was typed); a failed
 * fetch gives the venue's own prefix until the page is loaded again.
 */
export function fetchedPrefixes(request: PrefixRequest): Promise<PrefixOption[]> {
  let list = lists.get(request.locale);
  if (!list) {
    list = fetch(`/api/phone-prefixes?locale=${encodeURIComponent(request.locale)}`)
      .then((r) => (r.ok ? (r.json() as Promise<{ prefixes?: PrefixOption[] }>) : Promise.reject(new Error(`prefixes: ${r.status}`))))
      .then((body) => (Array.isArray(body.prefixes) && body.prefixes.length > 0 ? body.prefixes : venuePrefixOnly(request)))
      .catch(() => venuePrefixOnly(request));
    lists.set(request.locale, list);
  }
  return list;
}
