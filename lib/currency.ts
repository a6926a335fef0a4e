/**
 * The one currency rule (issue 21): a venue's `currency` is an ISO 4217 code (any case), or `€`
 * for EUR (spec section 3), checked at import (`server/venues/check.ts`). Everything that
 * shows, charges or describes money reads it through `currencyOf`: the display symbol, the
 * ISO code (JSON-LD, e-mails, orders), Stripe's lower-case code, and the number of minor
 * units (2 for EUR, 0 for JPY), so guarantees, deposits and gift cards charge one currency.
 * Amounts are kept in hundredths everywhere (`amountCents`); `toProviderAmount` turns them
 * into the currency's own minor units for a payment provider, `fromProviderAmount` back.
 */
export type Currency = {
  /** ISO 4217, upper case: `EUR`. */
  code: string;
  /** Stripe's form: `eur`. */
  stripe: string;
  /** Digits after the decimal point: 2 for EUR, 0 for JPY. */
  minorUnits: number;
  /** What the pages show: `€`, `CHF`, `₨` (spec section 3), else the code. */
  symbol: string;
};

const SYMBOLS: Record<string, string> = { EUR: '€', CHF: 'CHF', MUR: '₨' };
const known = new Set(Intl.supportedValuesOf('currency'));
const cache = new Map<string, Currency>();

export function currencyOf(valuta: string): Currency {
  const raw = (valuta ?? '').trim();
  const hit = cache.get(raw);
  if (hit) return hit;
  const upper = raw.toUpperCase();
  // `€` is EUR; an unknown value (only a legacy backend can send one) shows and charges EUR, as spec section 3 says of icons.
  const code = raw === '€' || !/^[A-Z]{3}$/.test(upper) || !known.has(upper) ? 'EUR' : upper;
  const minorUnits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  const currency = { code, stripe: code.toLowerCase(), minorUnits, symbol: SYMBOLS[code] ?? code };
  cache.set(raw, currency);
  return currency;
}

/** Whether a venue file's `currency` names a currency: `€`, or an ISO 4217 code in any case. */
export const isKnownCurrency = (valuta: string) => valuta.trim() === '€' || known.has(valuta.trim().toUpperCase());

/** Hundredths (`amountCents`) in the currency's minor units, as a provider charges them: 5000 hundredths of JPY are 50 yen. */
export const toProviderAmount = (cents: number, valuta: string) => Math.round(cents / 10 ** (2 - currencyOf(valuta).minorUnits));
/** A provider's amount in minor units back in hundredths. */
export const fromProviderAmount = (amount: number, valuta: string) => amount * 10 ** (2 - currencyOf(valuta).minorUnits);

/** The icon and code of spec section 3 (kept for its callers): `currencyOf`'s symbol and ISO code. */
export function currencyIcon(valuta: string): { symbol: string; code: string } {
  const { symbol, code } = currencyOf(valuta);
  return { symbol, code };
}

/** One number format per locale and digits, made once (issue 43: making one costs far more than using it). */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, minimumFractionDigits: number, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${minimumFractionDigits}|${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits })));
  return format;
}

/** Languages that write the currency after the amount ("85 €"); the others before it ("€ 85", "€85"). */
const SYMBOL_AFTER = new Set(['fr', 'es', 'de']);

/**
 * An amount as the guest's language writes it: "€ 85" in Italian, "€85" in English, "85 €" in
 * French, Spanish and German. The space is a no-break one, so an amount never breaks
 * across lines. Whole amounts have no decimals.
 */
export function formatPrice(amount: number, valuta: string, locale: string): string {
  const { symbol } = currencyIcon(valuta);
  const { minorUnits } = currencyOf(valuta);
  const value = numberFormat(locale, amount % 1 ? minorUnits : 0, minorUnits).format(amount);
  if (SYMBOL_AFTER.has(locale.slice(0, 2))) return `${value}\u00a0${symbol}`;
  // English sets a sign against the amount ("€85", issue 45: "€ 85" beside the venue's "€50"); a code keeps its space ("CHF 20").
  return locale.slice(0, 2) === 'en' && !/\p{L}/u.test(symbol) ? `${symbol}${value}` : `${symbol}\u00a0${value}`;
}

/** Hundredths (`amountCents`, the contract's and the database's unit) in the venue's currency (`valuta`), as formatPrice writes them. */
export const formatMoney = (cents: number, valuta: string, locale: string) => formatPrice(cents / 100, valuta, locale);
