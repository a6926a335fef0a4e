import { getTranslations } from 'next-intl/server';
import { ClientTexts } from '@/app/_screens/shell/client-texts';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { Link } from '@/components/shell/link';
import { pickText } from '@/lib/i18n/texts';
import type { ExperienceOutcome } from '@/lib/contract/experience-booking';
import { loadExperience } from '@/server/experiences/data';
import { LastExperienceBookingLazy } from '@/components/experiences/last-experience-lazy';
import { MessagePanel } from '@/components/shell/message-panel';

/**
 * `/frontpage/esperienze/{messageType}` and `/frontpage/esperienze/{hash}/{messageType}`: the
 * outcome of an experience booking (spec section 4: the same messages as a table booking's).
 */
export async function ExperienceOutcomeScreen({ params, outcome, hash }: { params: VenueParams; outcome: ExperienceOutcome; hash?: string }) {
  const { locale, venueKey } = await loadVenue(params);
  const [t, experience] = await Promise.all([getTranslations('experiences'), hash ? loadExperience(venueKey, hash) : null]);
  return (
    <MessagePanel title={t(`outcome.${outcome}Title`)} tone={outcome === 'reject' ? 'error' : undefined} role="status">
      {experience ? <p className="lead">{pickText(experience.titolo, locale)}</p> : null}
      <p>{t(`outcome.${outcome}Text`)}</p>
      {outcome === 'reject' ? <p>{t('outcome.rejectRefund')}</p> : null}
      <ClientTexts namespaces={['experiences.summary', 'experiences.manage', 'reserve.details', 'reserve.outcome']}>
        <LastExperienceBookingLazy outcome={outcome} hash={hash} locale={locale} />
      </ClientTexts>
      <div className="actions">
        {experience ? (
          <Link className="button button--ghost" href={`/frontpage/esperienze/${experience.hash}`}>
            {t('outcome.back')}
          </Link>
        ) : null}
        <Link className="button" href="/frontpage/esperienze">
          {t('outcome.another')}
        </Link>
      </div>
    </MessagePanel>
  );
}
