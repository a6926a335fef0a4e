/** Spec section 3: `€`, `CHF` and `MUR` have icons; any other value shows the euro icon. */
const ICONS: Record<string, { symbol: string; code: string }> = {
  '€': { symbol: '€', code: 'EUR' },
  CHF: { symbol: 'CHF', code: 'CHF' },
  MUR: { symbol: '₨', code: 'MUR' },
};

export function currencyIcon(valuta: string): { symbol: string; code: string } {
  return ICONS[valuta.trim()] ?? ICONS['€'];
}

export function formatPrice(amount: number, valuta: string, locale: string): string {
  const { symbol } = currencyIcon(valuta);
  const value = new Intl.NumberFormat(locale, { minimumFractionDigits: amount % 1 ? 2 : 0, maximumFractionDigits: 2 }).format(amount);
  return `${symbol} ${value}`;
}
