/**
 * The phone prefix list in the guest's language: each country named by `Intl.DisplayNames`
 * (the backend's list is in Italian), sorted by that name. Done on the server only, so the
 * page's HTML and the browser's hydration read the same names (two ICU builds may word a
 * country differently).
 */
export function localizedPrefixes<T extends { paese: string; iso: string }>(list: T[], locale: string): T[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  const named = list.map((p) => {
    let paese = p.paese;
    try {
      paese = (p.iso && names?.of(p.iso.toUpperCase())) || p.paese;
    } catch {
      // not a region code: the backend's name
    }
    return { ...p, paese };
  });
  const collator = new Intl.Collator(locale);
  return named.sort((a, b) => collator.compare(a.paese, b.paese));
}

/** A phone prefix as the forms offer it: the country's name, its calling code, its ISO code. */
export type PrefixOption = { name: string; prefix: string; iso: string };

/**
 * The backend's prefix list (`paese`, `prefisso`: the contract's names) in the form's names, with
 * the venue country's prefix as the default: what a screen hands to a form with a phone field.
 */
export function phonePrefixes(list: { paese: string; prefisso: string; iso: string }[], country: string | undefined): { prefixes: PrefixOption[]; defaultPrefix: string } {
  const prefixes = list.map((p) => ({ name: p.paese, prefix: p.prefisso, iso: p.iso }));
  return { prefixes, defaultPrefix: prefixes.find((p) => p.iso === country)?.prefix ?? prefixes[0]?.prefix ?? '+39' };
}
