import { venueKeyForHost } from '@/lib/venue/host';
import { currencyIcon, formatPrice } from '@/lib/currency';
import { toLocale } from '@/lib/i18n/locales';
import { alternatePaths, localizedPath } from '@/lib/i18n/paths';

describe('venue by host name', () => {
  it('maps local addresses to the default venue', () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:8080', '[::1]:3000', '', null]) {
      expect(venueKeyForHost(host)).toBe('localhost');
    }
  });

  it('keys other venues by lower-cased host name without port', () => {
    expect(venueKeyForHost('Demo.Localhost:3000')).toBe('demo.localhost');
    expect(venueKeyForHost('rosa.example.com')).toBe('rosa.example.com');
  });

  it('refuses host names that are not host names', () => {
    expect(venueKeyForHost('evil/../x')).toBe('_invalid');
  });
});

describe('currency icon (spec section 3)', () => {
  it('shows €, CHF and MUR, another ISO currency by its code (issue 21), and € for anything else', () => {
    expect(currencyIcon('€').code).toBe('EUR');
    expect(currencyIcon('CHF').code).toBe('CHF');
    expect(currencyIcon('MUR').code).toBe('MUR');
    expect(currencyIcon('USD')).toEqual({ code: 'USD', symbol: 'USD' });
    expect(currencyIcon('dollari').code).toBe('EUR');
    expect(currencyIcon('').code).toBe('EUR');
  });

  it('formats prices in the guest language', () => {
    expect(formatPrice(45, '€', 'it')).toBe('€\u00a045');
    expect(formatPrice(1234.5, 'CHF', 'de')).toBe('1.234,50\u00a0CHF');
  });
});

describe('languages (spec section 9)', () => {
  it('falls back to it for anything but the five languages', () => {
    expect(toLocale('en')).toBe('en');
    expect(toLocale('pt')).toBe('it');
    expect(toLocale('')).toBe('it');
    expect(toLocale(null)).toBe('it');
  });

  it('prefixes every language but Italian', () => {
    expect(localizedPath('it', '/reserve')).toBe('/reserve');
    expect(localizedPath('en', '/reserve')).toBe('/en/reserve');
    expect(localizedPath('it', '/')).toBe('/');
    expect(localizedPath('de', '/')).toBe('/de');
    expect(alternatePaths('/reserve')).toEqual({
      it: '/reserve', en: '/en/reserve', fr: '/fr/reserve', es: '/es/reserve', de: '/de/reserve', 'x-default': '/reserve',
    });
  });
});
