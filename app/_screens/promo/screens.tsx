import 'server-only';
import { JsonLdScript } from '@/components/seo/json-ld';
import { promotionJsonLd } from '@/lib/seo/json-ld';
import { VenuePhoto } from '@/components/shell/venue-photo';
import { venuePhotoSet } from '@/server/venues/photos';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';
import { notFoundMetadata, screenMetadata } from '@/app/_screens/shell/metadata';
import { loadVenue } from '@/app/_screens/shell/venue-context';
import { promoPath, type PromoParams } from './paths';
import { ClientTexts } from '@/app/_screens/shell/client-texts';
import { promoLiveNamespaces } from './namespaces';
import { pickText } from '@/lib/i18n/texts';
import { isLocale, defaultLocale, type Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getPrefixList } from '@/server/venues/data';
import { phonePrefixes } from '@/lib/venue/prefixes';
import { loadPromo } from '@/server/promo/data';
import { formatDay, formatMoment, sentenceCase } from '@/lib/i18n/format';
import { venuePageUrl } from '@/lib/venue/origin';
import { PromoLive } from '@/components/promo/promo-live';
import { MessagePanel } from '@/components/shell/message-panel';

export type { PromoParams } from './paths';

/** The promotion page's metadata: the title, and the OpenGraph/Twitter card with its image (`/api/promo/og`). */
export async function promoMetadata(params: PromoParams): Promise<Metadata> {
  const base = await screenMetadata(params, 'promo', promoPath(params.urlName));
  const locale: Locale = isLocale(params.locale) ? params.locale : defaultLocale;
  const loaded = await loadPromo(params.venue, params.urlName);
  if (loaded.status === 'notFound' || loaded.status === 'unknownVenue') return notFoundMetadata(base);
  if (loaded.status !== 'ok') return base;
  const t = await getTranslations({ locale, namespace: 'promo' });
  const title = pickText(loaded.data.title, locale);
  const description = `${pickText(loaded.data.description, locale)} ${sentenceCase(t('validUntil', { date: formatDay(loaded.data.validUntil, locale) }), locale)}`.trim();
  const image = { url: `/api/promo/og?urlName=${encodeURIComponent(params.urlName)}&lang=${locale}`, width: 1200, height: 630, alt: title };
  // The page title keeps the spec's pattern `{locationname} - {product}`; the card carries the promotion's title.
  return {
    ...base,
    description,
    openGraph: { type: 'website', title, description, url: localizedPath(locale, promoPath(params.urlName)), images: [image], locale },
    twitter: { card: 'summary_large_image', title, description, images: [image] },
  };
}

/**
 * `/frontpage/promo/{urlName}` and `/promo/{urlName}`: served from cache (no backend call
 * per visitor); the countdown, the remaining count and the state come live (PromoLive).
 */
export async function PromoScreen({ params }: { params: PromoParams }) {
  const { locale, location, venueKey } = await loadVenue(params);
  const loaded = await loadPromo(venueKey, params.urlName);
  if (loaded.status === 'notFound' || loaded.status === 'unknownVenue') return <NotFoundPage />;
  const [t, screens] = await Promise.all([getTranslations('promo'), getTranslations('screens')]);
  if (loaded.status === 'failed') {
    return (
      <MessagePanel title={screens('promo')} text={t('unavailable')} role="status" />
    );
  }
  const promo = loaded.data;
  const { defaultPrefix } = phonePrefixes(await getPrefixList(venueKey, locale), location.country);
  const title = pickText(promo.title, locale);
  const validUntil = formatDay(promo.validUntil, locale);
  const canonical = venuePageUrl(venueKey, locale, promoPath(promo.urlName));
  const jsonLd = promotionJsonLd(
    { name: title, description: pickText(promo.description, locale), url: canonical, startsAt: promo.startsAt, endsAt: promo.endsAt, expiresAt: promo.expiresAt, count: promo.count },
    location,
  );
  return (
    <article className="promo-page">
      <header className="promo-page__head">
        {/* Self-hosted venue artwork, sized by CSS; the sizes made at import, preloaded (the page's largest paint). */}
        {promo.image ? <VenuePhoto photo={venuePhotoSet(promo.image, 1200, 630)} alt="" sizes="(max-width: 48rem) 100vw, 48rem" priority /> : null}
        <p className="promo-page__kicker">{screens('promo')}</p>
        <h1>{title}</h1>
        <p className="lead">{pickText(promo.description, locale)}</p>
        <p className="promo-valid">{sentenceCase(t('validUntil', { date: validUntil }), locale)}</p>
      </header>
      <ClientTexts namespaces={promoLiveNamespaces}>
        <PromoLive
          locale={locale}
          urlName={promo.urlName}
          initial={{ state: promo.state, remaining: promo.remaining, startsAt: promo.startsAt, endsAt: promo.endsAt }}
          dates={{ starts: formatMoment(promo.startsAt, locale, promo.timezone || location.timezone), validUntil }}
          policies={{ privacy: pickText(location.policies.privacy, locale), marketing: pickText(location.policies.marketing, locale) }}
          defaultPrefix={defaultPrefix}
          country={location.country}
        />
      </ClientTexts>
      <JsonLdScript data={jsonLd} />
    </article>
  );
}

