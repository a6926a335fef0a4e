import { getTranslations } from 'next-intl/server';
import { ActionLink, Link } from '@/components/shell/link';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { getPrefixList } from '@/server/venues/data';
import { phonePrefixes } from '@/lib/venue/prefixes';
import { pickText } from '@/lib/i18n/texts';
import { ClientTexts } from '@/app/_screens/shell/client-texts';
import { FidelityFormDeferred } from '@/components/fidelity/fidelity-form-deferred';
import { MessagePanel } from '@/components/shell/message-panel';

/** `/frontpage/fidelity`: the loyalty sign-up form (spec section 2, "Loyalty screens"). */
export async function FidelityScreen({ params }: { params: VenueParams }) {
  const { locale, location, venueKey } = await loadVenue(params);
  const [t, prefixes] = await Promise.all([getTranslations('fidelity'), getPrefixList(venueKey, locale)]);
  const landing = await getTranslations('fidelity.landing');
  if (!location.services.fidelity) {
    return (
      <MessagePanel title={t('title')}>
        <p role="status">{landing('disabled')}</p>
        <ActionLink href="/">{landing('goHome')}</ActionLink>
      </MessagePanel>
    );
  }
  const { prefixes: list, defaultPrefix } = phonePrefixes(prefixes ?? [], location.country);
  const month = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const monthNames = Array.from({ length: 12 }, (_, i) => month.format(new Date(Date.UTC(2024, i, 1))));
  return (
    <div className="form-page">
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro', { venueName: location.locationname })}</p>
      <ClientTexts namespaces={['fidelity.submit', 'forms', 'limits']}>
        <FidelityFormDeferred
          locale={locale}
          prefixes={list}
          defaultPrefix={defaultPrefix}
          country={location.country}
          monthNames={monthNames}
          policies={{ privacy: pickText(location.policies.privacy, locale), marketing: pickText(location.policies.marketing, locale) }}
        />
      </ClientTexts>
      <p className="form-page__aside">
        <Link href="/frontpage/fidelity/lookup">{t('alreadyRegistered')}</Link>
      </p>
    </div>
  );
}
