import NextLink from 'next/link';
import type { ComponentProps, ReactNode } from 'react';
import { getLocale } from 'next-intl/server';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';

type Props = Omit<ComponentProps<typeof NextLink>, 'href'> & { href: string };

/**
 * A link to a page in the current language (`/reserve` → `/en/reserve`). A server
 * component over next/link, so pages ship no i18n code to the browser for their links.
 */
export async function Link({ href, ...props }: Props) {
  const locale = (await getLocale()) as Locale;
  return <NextLink href={localizedPath(locale, href)} {...props} />;
}

/** The one way on from a message: a button-styled link in the actions row. */
export function ActionLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <div className="actions">
      <Link className="button" href={href}>
        {children}
      </Link>
    </div>
  );
}
