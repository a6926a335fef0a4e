/** Spec section 3: `€`, `CHF` and `MUR` have icons; any other value shows the euro icon. */
const ICONS: Record<string, { symbol: string; code: string }> = {
  '€': { symbol: '€', code: 'EUR' },
  CHF: { symbol: 'CHF', code: 'CHF' },
  MUR: { symbol: '₨', code: 'MUR' },
};

export function currencyIcon(valuta: string): { symbol: string; code: string } {
  return ICONS[valuta.trim()] ?? ICONS['€'];
}

/** Languages that write the currency after the amount ("85 €"); the others before it ("€ 85"). */
const SYMBOL_AFTER = new Set(['fr', 'es', 'de']);

/**
 * An amount as the guest's language writes it: "€ 85" in Italian and English, "85 €" in
 * French, Spanish and German. The space is a no-break one, so an amount never breaks
 * across lines. Whole amounts have no decimals.
 */
export function formatPrice(amount: number, valuta: string, locale: string): string {
  const { symbol } = currencyIcon(valuta);
  const value = new Intl.NumberFormat(locale, { minimumFractionDigits: amount % 1 ? 2 : 0, maximumFractionDigits: 2 }).format(amount);
  return SYMBOL_AFTER.has(locale.slice(0, 2)) ? `${value}\u00a0${symbol}` : `${symbol}\u00a0${value}`;
}
