import type { ReactNode } from 'react';
import { setRequestLocale } from 'next-intl/server';
import { isLocale, defaultLocale } from '@/lib/i18n/locales';
import { getLocation, keepPageForItsLife } from '@/server/venues/data';
import { CustomHeader } from '@/components/shell/custom-header';
import { themeStyle } from '@/components/shell/theme';
import { EmbedBridge } from '@/components/embed/embed-bridge';
import { EMBED_HEAD_SCRIPT } from '@/lib/embed/protocol';
import '@/app/globals.css';

/**
 * Pages are generated on first request per venue and locale, then served from cache (issue 43,
 * docs/operations.md "How long a page lives"): with the built-in backend until what they show
 * changes by itself (the venue's next midnight, a promotion's start or end: keepPageForItsLife),
 * a venue change or a booking that takes an experience's last places dropping them at once; with
 * a legacy backend 150 s (REVALIDATE_SECONDS). At most a day: PAGE_LIFE_MAX_SECONDS, which
 * Next needs here as a literal.
 */
export const dynamicParams = true;
export const revalidate = 86400;
export function generateStaticParams() {
  return [];
}

/**
 * Marks the document as scripted before the first paint, so the booking form's no-script
 * first step (server HTML, shown until the wizard mounts) keeps its place without flashing
 * (issue 29); should the scripts be slow to come, it shows after 3 s all the same.
 */
const JS_HEAD_SCRIPT = "document.documentElement.classList.add('js');setTimeout(function(){document.documentElement.classList.add('js-late')},3000)";

type Props = { children: ReactNode; params: Promise<{ venue: string; locale: string }> };

/** The document: language, the venue's own head HTML (spec section 3), its theme. */
export default async function DocumentLayout({ children, params }: Props) {
  const { venue, locale: rawLocale } = await params;
  const locale = isLocale(rawLocale) ? rawLocale : defaultLocale;
  setRequestLocale(locale);
  const [location] = await Promise.all([getLocation(venue), keepPageForItsLife(venue)]);
  return (
    // data-embed is set before the first paint by the head script when the page is framed (docs/embed.md).
    <html lang={locale} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: EMBED_HEAD_SCRIPT }} />
        <script dangerouslySetInnerHTML={{ __html: JS_HEAD_SCRIPT }} />
        <CustomHeader html={location?.customHeader ?? ''} />
      </head>
      <body style={themeStyle(location?.theme.brandColor)}>
        {children}
        <EmbedBridge />
      </body>
    </html>
  );
}
