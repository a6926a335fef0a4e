'use client';

import { useMemo, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { formatDate } from '@/components/reservation/format';
import { localizedPath } from '@/lib/i18n/paths';
import { bookingReference } from '@/lib/i18n/format';
import { toLocale } from '@/lib/i18n/locales';
import { EXPERIENCE_LAST_KEY, type LastExperience } from './types';

import { readSessionRaw } from '@/components/reservation/session';

const noSubscription = () => () => undefined;
const readStored = () => readSessionRaw(EXPERIENCE_LAST_KEY);

/** The experience booking just made, kept by the form in sessionStorage (the outcome page is cached, the same for everyone). */
export function LastExperienceBooking({ outcome, hash, locale }: { outcome: string; hash?: string; locale: string }) {
  const t = useTranslations('experiences');
  const r = useTranslations('reserve');
  const raw = useSyncExternalStore(noSubscription, readStored, () => null);
  const last = useMemo(() => {
    try {
      const stored = JSON.parse(raw ?? 'null') as LastExperience | null;
      return stored?.outcome === outcome && (!hash || stored.hash === hash) ? stored : null;
    } catch {
      return null;
    }
  }, [raw, outcome, hash]);
  if (!last) return null;
  return (
    <section className="summary" aria-label={r('outcome.details')}>
      <dl className="summary__list">
        <dt>{t('summary.experience')}</dt>
        <dd>{last.title}</dd>
        <dt>{t('summary.name')}</dt>
        <dd>{last.name}</dd>
        <dt>{t('summary.people')}</dt>
        <dd>{last.pax}</dd>
        <dt>{t('summary.date')}</dt>
        <dd>{formatDate(last.date, locale)}</dd>
        {last.time ? (
          <>
            <dt>{t('summary.time')}</dt>
            <dd>{last.time}</dd>
          </>
        ) : null}
        {last.reason ? (
          <>
            <dt>{r('details.visitReason')}</dt>
            <dd>{last.reason}</dd>
          </>
        ) : null}
        {last.note ? (
          <>
            <dt>{t('summary.notes')}</dt>
            <dd className="summary__note">{last.note}</dd>
          </>
        ) : null}
        {last.booking ? (
          <>
            <dt>{t('manage.reference')}</dt>
            <dd>{bookingReference(last.booking)}</dd>
          </>
        ) : null}
      </dl>
      {last.booking && (outcome === 'confirm' || outcome === 'accept') ? (
        <div className="actions">
          <a className="button button--ghost" href={localizedPath(toLocale(locale), `/frontpage/esperienze/prenotazione/${last.booking}/edit`)}>
            {t('manage.changeLink')}
          </a>
          <a className="button button--ghost" href={localizedPath(toLocale(locale), `/frontpage/esperienze/prenotazione/${last.booking}/cancel`)}>
            {t('manage.cancelLink')}
          </a>
        </div>
      ) : null}
    </section>
  );
}
