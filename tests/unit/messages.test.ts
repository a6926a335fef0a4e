import fs from 'node:fs';
import path from 'node:path';
import { createTranslator } from 'next-intl';
import { locales } from '@/lib/i18n/locales';
import { fill } from '@/lib/i18n/fill';
import compile from 'icu-minify/compile';
import format from 'icu-minify/format';

type Tree = { [key: string]: string | Tree };
const load = (locale: string): Tree =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '../../messages', `${locale}.json`), 'utf8'));
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[prefix + key, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
// A placeholder is a name closed by } or followed by an ICU argument type ({count, plural, ...}); the words inside plural forms are not.
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\s*[},]/g)].map((m) => m[1]).sort();

const messages = Object.fromEntries(locales.map((l) => [l, flatten(load(l))]));
const englishKeys = Object.keys(messages.en).sort();

describe('message files', () => {
  it.each(locales.filter((l) => l !== 'en'))('%s holds exactly the keys of en', (locale) => {
    expect(Object.keys(messages[locale]).sort()).toEqual(englishKeys);
  });

  it.each(locales)('%s has no empty string', (locale) => {
    expect(Object.entries(messages[locale]).filter(([, v]) => !v.trim())).toEqual([]);
  });

  it.each(locales.filter((l) => l !== 'en'))('%s uses the same placeholders as en', (locale) => {
    const differing = englishKeys.filter(
      (key) => placeholders(messages[locale][key]).join() !== placeholders(messages.en[key]).join(),
    );
    expect(differing).toEqual([]);
  });

  it.each(locales.filter((l) => l !== 'en'))('%s is translated, not a copy of English', (locale) => {
    const same = englishKeys.filter((key) => messages[locale][key] === messages.en[key]);
    // Brand-like words may match (e.g. "Home", "Partner"), but most strings must differ.
    expect(same.length / englishKeys.length).toBeLessThan(0.15);
  });

  it('keeps the spec wording in English', () => {
    expect(messages.en['notFound.title']).toBe('Page not found');
    expect(messages.en['notFound.text']).toBe('The entered URL is not valid. Return to home.');
  });
});

describe('error boundary texts', () => {
  it.each(locales)('%s: lib/i18n/error-texts.ts holds the message file\'s errors texts', async (locale) => {
    const { errorTexts } = await import('@/lib/i18n/error-texts');
    const t = errorTexts[locale];
    expect(t).toEqual({
      title: messages[locale]['errors.title'],
      text: messages[locale]['errors.text'],
      retry: messages[locale]['errors.retry'],
      home: messages[locale]['errors.home'],
    });
  });
});

/**
 * Issue 42: next-intl formats the messages compiled ahead of time (i18n/request.ts, icu-minify,
 * with its format-only formatter), the server's e-mails and SMS with lib/i18n/fill.ts, and the
 * tests with the ICU parser. Every message must read the same all three ways: an apostrophe
 * before a brace (`l'{policy}`) quotes the placeholder in ICU, so the guest would read "{policy}".
 */
describe('messages as ICU', () => {
  const formatters = {
    getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
    getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
    getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
  };
  it.each(locales)('%s formats every message compiled, parsed and filled alike', (locale) => {
    const translate = createTranslator({ locale, messages: load(locale) as never, onError: (error) => { throw error; } }) as unknown as (key: string, values: Record<string, string | number>) => string;
    const differing = Object.entries(messages[locale]).flatMap(([key, text]) => {
      const plural = /\{\w+, (plural|select)/.test(text);
      const values = Object.fromEntries(placeholders(text).map((name) => [name, plural ? 3 : `«${name}»`]));
      const parsed = translate(key, values);
      const compiled = format(compile(text), locale, values, { formatters });
      const filled = plural ? parsed : fill(text, values);
      return parsed === compiled && parsed === filled ? [] : [{ key, parsed, compiled, filled }];
    });
    expect(differing).toEqual([]);
  });
});
