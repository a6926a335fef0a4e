/**
 * @jest-environment jsdom
 */
import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ErrorScreen } from '@/components/shell/error-screen';
import GlobalError from '@/app/global-error';
import { localeOfPath } from '@/lib/i18n/error-texts';

let pathname = '/';
jest.mock('next/navigation', () => ({ usePathname: () => pathname }));

const errors = (locale: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '../../messages', `${locale}.json`), 'utf8')).errors;

describe('error boundaries', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('reads the language from the public or the internal path', () => {
    expect(localeOfPath('/en/reserve')).toBe('en');
    expect(localeOfPath('/reserve')).toBe('it');
    expect(localeOfPath('/v/demo.localhost/fr/frontpage/fidelity')).toBe('fr');
    expect(localeOfPath('/xx/nope')).toBe('it');
  });

  it('error.tsx: the translated message, "Try again" and a link home in the language of the path', () => {
    pathname = '/de/reserve';
    const reset = jest.fn();
    render(<ErrorScreen error={new Error('boom')} reset={reset} />);
    const de = errors('de');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(de.title);
    expect(screen.getByText(de.text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: de.home })).toHaveAttribute('href', '/de');
    fireEvent.click(screen.getByRole('button', { name: de.retry }));
    expect(reset).toHaveBeenCalled();
    expect(screen.queryByText('boom')).toBeNull();
  });

  it('global-error.tsx: a whole document of its own, rendered on the server in the language of the path', () => {
    for (const locale of ['it', 'en', 'fr', 'es', 'de']) {
      pathname = locale === 'it' ? '/reserve' : `/${locale}/reserve`;
      const html = renderToStaticMarkup(<GlobalError error={new Error('boom')} reset={() => undefined} />);
      expect(html).toMatch(new RegExp(`^<html lang="${locale}">`));
      const text = errors(locale);
      for (const key of ['title', 'text', 'retry', 'home']) expect(html).toContain(text[key].replace(/'/g, '&#x27;'));
      expect(html).not.toContain('boom');
    }
  });
});
