import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/shell/link';
import { loadVenue, type VenueParams } from './venue-context';
import type { MessageKey } from '@/i18n/app-config';
import { MessagePanel } from '@/components/shell/message-panel';

type Action = { href: string; label: string; ghost?: boolean };

/**
 * A fixed outcome screen (errors, "not available", promo results): a title, a text and
 * its actions. Keys are message keys, e.g. `giftcards.notAvailableTitle`.
 */
export async function MessageScreen({
  params,
  titleKey,
  textKey,
  actions,
  children,
}: {
  params: VenueParams;
  titleKey: MessageKey;
  textKey?: MessageKey;
  actions?: Action[];
  /** More of the screen, between the text and the actions (a form of its own). */
  children?: ReactNode;
}) {
  await loadVenue(params);
  const [t, shell] = await Promise.all([getTranslations(), getTranslations('shell')]);
  const links = actions ?? [{ href: '/', label: shell('backHome') }];
  return (
    <MessagePanel title={t(titleKey)} text={textKey ? t(textKey) : undefined} role="status">
      {children}
      <div className="actions">
        {links.map((a) => (
          <Link key={a.href} className={a.ghost ? 'button button--ghost' : 'button'} href={a.href}>
            {a.label}
          </Link>
        ))}
      </div>
    </MessagePanel>
  );
}
