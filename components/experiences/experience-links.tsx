import type { CSSProperties, ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/shell/link';
import type { whyNotBookable } from '@/lib/experiences/standing';

type Props = {
  hash: string;
  /** Why its own form cannot be used (lib/experiences/standing.ts), null when it can. */
  why: ReturnType<typeof whyNotBookable>;
  style?: CSSProperties;
  /** Said first in the row (the detail page's "only with a table booking"). */
  children?: ReactNode;
};

/**
 * The ways on from an experience, on its page and on its form's page when that cannot be used:
 * its own form when it has one, a table booking when it is only added to one, and the list.
 */
export async function ExperienceLinks({ hash, why, style, children }: Props) {
  const t = await getTranslations('experiences');
  return (
    <div className="actions" style={style}>
      {children}
      {why === 'addOnOnly' ? (
        <Link className="button" href="/reserve">
          {t('bookTable')}
        </Link>
      ) : why === null ? (
        <Link className="button" href={`/frontpage/esperienze/${hash}/reserve`}>
          {t('book')}
        </Link>
      ) : null}
      <Link className="button button--ghost" href="/frontpage/esperienze">
        {t('allExperiences')}
      </Link>
    </div>
  );
}
