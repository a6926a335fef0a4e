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
