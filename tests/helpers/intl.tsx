import fs from 'node:fs';
import path from 'node:path';
import { render, type RenderOptions } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactElement, ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/locales';
import { pickNamespaces, type Namespace } from '@/lib/i18n/namespaces';
import type it from '@/messages/it.json';

type Messages = typeof it;

/** The real messages/<locale>.json, as the site ships it. */
export function messagesOf(locale: Locale = 'en'): Messages {
  return JSON.parse(fs.readFileSync(path.join(__dirname, '../../messages', `${locale}.json`), 'utf8')) as Messages;
}

/**
 * A component rendered as a page renders it: inside NextIntlClientProvider with the real messages
 * of `locale` (default English), cut down to `namespaces` when given (the list its screen hands to
 * ClientTexts, so a text the screen does not send fails the test). Any message error (missing,
 * or an argument left out) throws.
 */
export function renderWithIntl(ui: ReactElement, { locale = 'en', namespaces, ...options }: { locale?: Locale; namespaces?: readonly Namespace[] } & Omit<RenderOptions, 'wrapper'> = {}) {
  const messages = messagesOf(locale);
  const given = namespaces ? (pickNamespaces(messages, namespaces) as Messages) : messages;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <NextIntlClientProvider
      locale={locale}
      messages={given}
      timeZone="Europe/Rome"
      onError={(error) => {
        throw error;
      }}
    >
      {children}
    </NextIntlClientProvider>
  );
  return { messages, ...render(ui, { wrapper, ...options }) };
}
