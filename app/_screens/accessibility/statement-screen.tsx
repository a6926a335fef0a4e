import { getTranslations } from 'next-intl/server';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { pickText } from '@/lib/i18n/texts';
import { formatLongDate } from '@/lib/i18n/format';
import { ACCESSIBILITY_REVIEWED } from '@/lib/accessibility';

/**
 * `/frontpage/accessibility` (issue 26): the accessibility statement the European
 * Accessibility Act asks of a service sold at a distance, from one template in five
 * languages plus the venue's contact and, where it gives them, its own words.
 */
export async function AccessibilityStatement({ params }: { params: VenueParams }) {
  const { locale, location } = await loadVenue(params);
  const t = await getTranslations('accessibility');
  const venueName = location.locationname;
  const own = pickText(location.accessibility, locale);
  return (
    <article className="form-page">
      <h1>{t('title')}</h1>
      <p>{t('intro', { venueName })}</p>
      <h2>{t('standardTitle')}</h2>
      <p>{t('standard')}</p>
      <h2>{t('testingTitle')}</h2>
      <p>{t('testing')}</p>
      <h2>{t('limitsTitle')}</h2>
      <ul>
        <li>{t('limits1')}</li>
        <li>{t('limits2')}</li>
        <li>{t('limits3')}</li>
      </ul>
      <h2>{t('helpTitle')}</h2>
      <p>{t('help', { venueName })}</p>
      <ul>
        {location.contactEmail ? (
          <li>
            <a href={`mailto:${location.contactEmail}`}>{t('email', { email: location.contactEmail })}</a>
          </li>
        ) : null}
        {location.phone ? (
          <li>
            <a href={`tel:${location.phone.replace(/\s+/g, '')}`}>{t('phone', { phone: location.phone })}</a>
          </li>
        ) : null}
      </ul>
      {own ? (
        <>
          <h2>{t('venueTitle')}</h2>
          <p style={{ whiteSpace: 'pre-wrap' }}>{own}</p>
        </>
      ) : null}
      <p className="hint">{t('reviewed', { date: formatLongDate(ACCESSIBILITY_REVIEWED, locale) })}</p>
    </article>
  );
}
