import 'server-only';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { pickNamespaces, type Namespace } from '@/lib/i18n/namespaces';

/**
 * The texts of the client components under it, through next-intl (`useTranslations` in the
 * component): the request's messages cut down to the namespaces named, so a page's HTML carries
 * only the texts its client components read (docs/architecture.md, "How a client component
 * gets its texts").
 */
export async function ClientTexts({ namespaces, children }: { namespaces: readonly Namespace[]; children: React.ReactNode }) {
  const messages = await getMessages();
  return <NextIntlClientProvider messages={pickNamespaces(messages, namespaces) as typeof messages}>{children}</NextIntlClientProvider>;
}
