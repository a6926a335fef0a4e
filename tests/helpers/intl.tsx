import fs from 'node:fs';
import path from 'node:path';
import { render, type RenderOptions } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactElement, ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/locales';
import type it from '@/messages/it.json';

type Messages = typeof it;

/** The real messages/<locale>.json, as the site ships it. */
export function messagesOf(locale: Locale = 'en'): Messages {
  return JSON.parse(fs.readFileSync(path.join(__dirname, '../../messages', `${locale}.json`), 'utf8')) as Messages;
}

/** A component rendered as a page renders it: inside NextIntlClientProvider with the real messages of `locale` (default English). */
export function renderWithIntl(ui: ReactElement, { locale = 'en', ...options }: { locale?: Locale } & Omit<RenderOptions, 'wrapper'> = {}) {
  const messages = messagesOf(locale);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Europe/Rome">
      {children}
    </NextIntlClientProvider>
  );
  return { messages, ...render(ui, { wrapper, ...options }) };
}
