import 'server-only';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { pickNamespaces, type Namespace } from '@/lib/i18n/namespaces';
import type { Locale } from '@/lib/i18n/locales';

/**
 * The texts of the client components under it, through next-intl (`useTranslations` in the
 * component): the request's messages (compiled ahead of time, i18n/request.ts) cut down to the
 * namespaces named, so a page's HTML carries only the texts its client components read
 * (docs/architecture.md, "How a client component gets its texts").
 */
export async function ClientTexts({ namespaces, locale, children }: { namespaces: readonly Namespace[]; /** When the screen has not fixed the request's language (enterVenue) before this renders. */ locale?: Locale; children: React.ReactNode }) {
  const messages = await getMessages(locale ? { locale } : undefined);
  return (
    <NextIntlClientProvider locale={locale} messages={pickNamespaces(messages, namespaces) as typeof messages}>
      {children}
    </NextIntlClientProvider>
  );
}
