/**
 * A quotation in each language's own marks (issue 45: curly English quotes in French and
 * German): « … » in French (with no-break spaces), „…“ in German, « … » in Spanish and “…” in
 * Italian and English.
 */
export function quote(text: string, locale: string): string {
  switch (locale.slice(0, 2)) {
    case 'fr':
      return `«\u00a0${text}\u00a0»`;
    case 'de':
      return `„${text}“`;
    case 'es':
      return `«${text}»`;
    default:
      return `“${text}”`;
  }
}
