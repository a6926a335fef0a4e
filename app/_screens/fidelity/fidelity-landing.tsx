import { getTranslations } from 'next-intl/server';
import { ClientTexts } from '@/app/_screens/shell/client-texts';
import { Link } from '@/components/shell/link';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { fidelityErrorReasons, type FidelityErrorReason } from '@/lib/forms/fidelity';
import { LookupForm } from '@/components/fidelity/lookup-form';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';
import { MessagePanel } from '@/components/shell/message-panel';

type Props = { params: VenueParams; type: string; reason?: string };

/** Whether `/frontpage/fidelity/{type}/{reason?}` is a page (`reason` false: too many segments). */
export function fidelityPageExists(type: string, reason: string | null | false | undefined): boolean {
  if (reason === false) return false;
  if ((type === 'success' || type === 'lookup') && !reason) return true;
  return type === 'error' && fidelityErrorReasons.includes((reason || 'generic') as FidelityErrorReason);
}

/**
 * `/frontpage/fidelity/{type}/{reason?}` (spec sections 2 and 4): `success`, `error/{reason}`
 * with its actions (go to home, subscribe, retry), and `lookup` ("Already registered?").
 */
export async function FidelityLanding({ params, type, reason }: Props) {
  const { locale } = await loadVenue(params);
  const t = await getTranslations('fidelity');
  const home = (
    <Link className="button button--ghost" href="/">
      {t('landing.goHome')}
    </Link>
  );

  if (type === 'success' && !reason) {
    return (
      <MessagePanel title={t('landing.successTitle')} text={t('landing.successText')}>
        <div className="actions">{home}</div>
      </MessagePanel>
    );
  }

  if (type === 'lookup' && !reason) {
    return (
      <div className="form-page">
        <h1>{t('lookup.title')}</h1>
        <p className="lead">{t('lookup.intro')}</p>
        <ClientTexts namespaces={['fidelity.lookup', 'forms', 'limits']}>
          <LookupForm locale={locale} />
        </ClientTexts>
      </div>
    );
  }

  // `/frontpage/fidelity/error` without a reason is the generic error page, not a 404 (issue 29).
  const r = (type === 'error' && !reason ? 'generic' : reason) as FidelityErrorReason;
  if (type !== 'error' || !fidelityErrorReasons.includes(r)) return <NotFoundPage />;
  return (
    <MessagePanel title={t(`landing.${r}`)} tone="error">
      {r === 'generic' ? <p>{t('landing.genericHelp')}</p> : null}
      {r === 'notFound' ? <p>{t('landing.notFoundHelp')}</p> : null}
      <div className="actions">
        {r === 'notFound' ? (
          <Link className="button" href="/frontpage/fidelity">
            {t('landing.subscribe')}
          </Link>
        ) : null}
        {r === 'generic' ? (
          <Link className="button" href="/frontpage/fidelity">
            {t('landing.retry')}
          </Link>
        ) : null}
        {home}
      </div>
    </MessagePanel>
  );
}
