'use client';

import { usePathname } from 'next/navigation';
import { ErrorScreen } from '@/components/shell/error-screen';
import { localeOfPath } from '@/lib/i18n/error-texts';
import '@/app/globals.css';

/** The document layout itself failed: a whole document of its own, in the language of the path. */
export default function GlobalError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const locale = localeOfPath(usePathname() ?? '');
  return (
    <html lang={locale}>
      <body>
        <main id="main">
          <ErrorScreen {...props} />
        </main>
      </body>
    </html>
  );
}
