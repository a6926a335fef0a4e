import { currencyIcon, currencyOf, formatPrice, fromProviderAmount, isKnownCurrency, toProviderAmount } from '@/lib/currency';

// Issue 21: one currency rule for guarantees, deposits, gift cards, e-mails and JSON-LD.
describe('the one currency rule', () => {
  it.each([
    ['€', { code: 'EUR', stripe: 'eur', minorUnits: 2, symbol: '€' }],
    ['EUR', { code: 'EUR', stripe: 'eur', minorUnits: 2, symbol: '€' }],
    ['GBP', { code: 'GBP', stripe: 'gbp', minorUnits: 2, symbol: 'GBP' }],
    ['chf', { code: 'CHF', stripe: 'chf', minorUnits: 2, symbol: 'CHF' }],
    [' MUR ', { code: 'MUR', stripe: 'mur', minorUnits: 2, symbol: '₨' }],
    ['JPY', { code: 'JPY', stripe: 'jpy', minorUnits: 0, symbol: 'JPY' }],
    ['XYZ', { code: 'EUR', stripe: 'eur', minorUnits: 2, symbol: '€' }],
  ])('reads %j as %j', (valuta, expected) => {
    expect(currencyOf(valuta)).toEqual(expected);
    expect(currencyIcon(valuta)).toEqual({ code: expected.code, symbol: expected.symbol });
  });

  it('knows ISO 4217 codes in any case and the euro sign, and nothing else', () => {
    for (const ok of ['€', 'EUR', 'gbp', 'Chf', 'JPY']) expect(isKnownCurrency(ok)).toBe(true);
    for (const bad of ['', 'XYZ', 'euro', '$', 'EU']) expect(isKnownCurrency(bad)).toBe(false);
  });

  it('charges a provider in the currency own minor units: hundredths of EUR, whole yen', () => {
    expect(toProviderAmount(2550, 'EUR')).toBe(2550);
    expect(toProviderAmount(500000, 'JPY')).toBe(5000);
    expect(fromProviderAmount(5000, 'jpy')).toBe(500000);
    expect(fromProviderAmount(2550, 'gbp')).toBe(2550);
  });

  it('shows amounts with the currency own decimals', () => {
    expect(formatPrice(5000, 'JPY', 'en')).toBe('JPY\u00a05,000');
    expect(formatPrice(12.5, 'chf', 'de')).toBe('12,50\u00a0CHF');
    expect(formatPrice(85, '€', 'fr')).toBe('85\u00a0€');
  });
});
