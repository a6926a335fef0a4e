'use client';

import { useEffect } from 'react';
import { usePathname } from 'next/navigation';
import { errorTexts, localeOfPath } from '@/lib/i18n/error-texts';
import { localizedPath } from '@/lib/i18n/paths';
import { MessagePanel } from '@/components/shell/message-panel';

/**
 * What a guest sees when a page fails to render: a translated message, "Try again" and a
 * link home. The language comes from the path (public `/en/...` or internal `/v/{venue}/en/...`).
 */
export function ErrorScreen({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const locale = localeOfPath(usePathname() ?? '');
  const t = errorTexts[locale];
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <MessagePanel title={t.title} text={t.text} tone="error" role="alert">
      <div className="actions">
        <button type="button" className="button" onClick={() => reset()}>
          {t.retry}
        </button>
        {/* A full load, not a client navigation: the failing tree is left behind. */}
        <a className="button button--ghost" href={localizedPath(locale, '/')}>
          {t.home}
        </a>
      </div>
    </MessagePanel>
  );
}
