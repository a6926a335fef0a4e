import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import QRCode from 'qrcode';
import { Link } from '@/components/shell/link';
import { MessageScreen } from '@/components/shell/message-screen';
import { NotFoundPage } from '@/components/shell/not-found-page';
import { screenMetadata } from '@/components/shell/metadata';
import { loadVenue, type VenueParams } from '@/components/shell/venue-context';
import { formMessages } from '@/components/forms/form-messages';
import { backendFor } from '@/lib/backend';
import { pickText } from '@/lib/i18n/texts';
import { isLocale, defaultLocale, type Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getPrefixList } from '@/lib/venue/data';
import { loadPromo } from '@/lib/promo/data';
import { formatDay, formatMoment } from '@/lib/promo/format';
import { promoStates, type PromoState } from '@/lib/promo/state';
import { venuePageUrl } from '@/server/fidelity/service';
import { isRedeemSignature, isStaffSession, redeemPath, STAFF_COOKIE } from '@/server/promo/staff';
import { PromoLive } from './promo-live';
import { PrintButton } from './print-button';
import { RedeemButton, StaffSignIn } from './staff-panel';

export type PromoParams = VenueParams & { urlName: string };
export type PromoCodeParams = PromoParams & { id: string };

const promoPath = (urlName: string) => `/frontpage/promo/${encodeURIComponent(urlName)}`;
const ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The promotion page's metadata: the title, and the OpenGraph/Twitter card with its image (`/api/promo/og`). */
export async function promoMetadata(params: PromoParams): Promise<Metadata> {
  const base = await screenMetadata(params, 'promo', promoPath(params.urlName));
  const locale: Locale = isLocale(params.locale) ? params.locale : defaultLocale;
  const loaded = await loadPromo(params.venue, params.urlName);
  if (loaded.status !== 'ok') return base;
  const t = await getTranslations({ locale, namespace: 'promo' });
  const title = pickText(loaded.data.title, locale);
  const description = `${pickText(loaded.data.description, locale)} ${t('validUntil', { date: formatDay(loaded.data.validUntil, locale) })}`.trim();
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
      <div className="message-panel" role="status">
        <h1>{screens('promo')}</h1>
        <p>{t('unavailable')}</p>
      </div>
    );
  }
  const promo = loaded.data;
  const [prefixes, forms] = await Promise.all([getPrefixList(venueKey), formMessages()]);
  const defaultPrefix = prefixes.find((p) => p.iso === location.country)?.prefisso ?? prefixes[0]?.prefisso ?? '+39';
  const title = pickText(promo.title, locale);
  const validUntil = formatDay(promo.validUntil, locale);
  const plural = (key: string) => ({ one: t(`units.${key}.one`), other: t(`units.${key}.other`) });
  const stateText: Record<PromoState, string> = {
    active: '',
    inactive: t('states.inactiveText', { date: formatMoment(promo.startsAt, locale, promo.timezone || location.timezone) }),
    expired: t('states.expiredText', { date: validUntil }),
    terminated: t('states.terminatedText', { date: validUntil }),
    disabled: t('states.disabledText'),
  };
  const stateTitle = Object.fromEntries(promoStates.map((s) => [s, s === 'disabled' ? t('disabledTitle') : t(`states.${s}Title`)])) as Record<PromoState, string>;
  const canonical = venuePageUrl(venueKey, locale, promoPath(promo.urlName));
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    name: title,
    description: pickText(promo.description, locale),
    url: canonical,
    price: 0,
    priceCurrency: location.valuta === 'CHF' || location.valuta === 'MUR' ? location.valuta : 'EUR',
    availabilityStarts: promo.startsAt,
    availabilityEnds: promo.endsAt,
    validFrom: promo.startsAt,
    validThrough: promo.expiresAt,
    inventoryLevel: { '@type': 'QuantitativeValue', value: promo.count },
    ...(location.locationname ? { offeredBy: { '@type': 'Restaurant', name: location.locationname, ...(location.address ? { address: location.address } : {}) } } : {}),
  };
  return (
    <article className="promo-page">
      <header className="promo-page__head">
        {promo.image ? (
          // eslint-disable-next-line @next/next/no-img-element -- self-hosted venue artwork, sized by CSS
          <img src={promo.image} alt="" width={1200} height={630} />
        ) : null}
        <p className="promo-page__kicker">{screens('promo')}</p>
        <h1>{title}</h1>
        <p className="lead">{pickText(promo.description, locale)}</p>
        <p className="promo-valid">{t('validUntil', { date: validUntil })}</p>
      </header>
      <PromoLive
        locale={locale}
        urlName={promo.urlName}
        initial={{ state: promo.state, remaining: promo.remaining, startsAt: promo.startsAt, endsAt: promo.endsAt }}
        prefixes={prefixes}
        defaultPrefix={defaultPrefix}
        text={{
          endsIn: t('endsIn'),
          units: { days: plural('days'), hours: plural('hours'), minutes: plural('minutes'), seconds: plural('seconds') },
          available: t('available', { count: '{count}' }),
          download: t('download'),
          formTitle: t('formTitle'),
          formIntro: t('formIntro'),
          close: t('close'),
          titles: stateTitle,
          texts: stateText,
          form: {
            ...forms,
            errors: { ...forms.errors, promoMarketingRequired: t('marketingRequired') },
            submit: t('submit'),
            rateLimited: t('rateLimited'),
            policies: { privacy: pickText(location.policies.privacy, locale), marketing: pickText(location.policies.marketing, locale) },
          },
        }}
      />
      {/* JSON-LD: "<" is escaped so no text of the venue can close the script element. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
    </article>
  );
}

export const promoOutcomes = ['confirm', 'error', 'duplicate', 'disabled'] as const;
export type PromoOutcome = (typeof promoOutcomes)[number];
const outcomeScreen = { confirm: 'promoConfirm', error: 'promoError', duplicate: 'promoDuplicate', disabled: 'promoDisabled' } as const;

export function promoOutcomeMetadata(params: PromoParams, outcome: PromoOutcome) {
  return screenMetadata(params, outcomeScreen[outcome], `/promo/${encodeURIComponent(params.urlName)}/${outcome}`);
}

/** The request outcomes (spec sections 2 and 8), the same screen under `/promo/...` and `/frontpage/promo/...`. */
export async function PromoOutcomeScreen({ params, outcome, id }: { params: PromoParams; outcome: PromoOutcome; id?: string | null }) {
  const t = await getTranslations({ locale: isLocale(params.locale) ? params.locale : defaultLocale, namespace: 'promo' });
  const back = { href: promoPath(params.urlName), label: t('backToPromo'), ghost: true };
  switch (outcome) {
    case 'confirm': {
      const codeLink = id && ID.test(id) ? [{ href: `${promoPath(params.urlName)}/${encodeURIComponent(id)}`, label: t('viewCode') }] : [];
      return <MessageScreen params={params} titleKey="promo.confirmTitle" textKey="promo.confirmText" actions={[...codeLink, back]} />;
    }
    case 'error':
      return <MessageScreen params={params} titleKey="promo.errorTitle" textKey="promo.errorText" actions={[back]} />;
    case 'duplicate':
      return <MessageScreen params={params} titleKey="promo.duplicateTitle" textKey="promo.duplicateText" actions={[back]} />;
    case 'disabled':
      return <MessageScreen params={params} titleKey="promo.disabledTitle" />;
  }
}

export function promoCodeMetadata(params: PromoCodeParams) {
  return screenMetadata(params, 'promoCode', `${promoPath(params.urlName)}/${encodeURIComponent(params.id)}`);
}

async function loadCode(params: PromoCodeParams, call: 'promo/getcode' | 'promo/lookup') {
  if (!ID.test(params.id)) return null;
  const result = await backendFor(params.venue).promo(call, call === 'promo/getcode' ? { urlName: params.urlName, id: params.id } : { id: params.id });
  if (result.status) return result.data.urlName === params.urlName ? result.data : null;
  return result.error === 'notFound' ? null : 'unavailable';
}

/**
 * `/frontpage/promo/{urlName}/{id}`: the code, its QR code (the signed redemption link for
 * the staff), the status with its dates, and a printable card. Per guest: rendered on every request.
 */
export async function PromoCodeScreen({ params }: { params: PromoCodeParams }) {
  const { locale, venueKey } = await loadVenue(params);
  const code = await loadCode(params, 'promo/getcode');
  if (!code) notFound();
  const t = await getTranslations('promo');
  if (code === 'unavailable') {
    return (
      <div className="message-panel" role="status">
        <h1>{t('code.title')}</h1>
        <p>{t('unavailable')}</p>
      </div>
    );
  }
  const redeemUrl = venuePageUrl(venueKey, defaultLocale, redeemPath(venueKey, code.urlName, code.id));
  const svg = await QRCode.toString(redeemUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
  const statusLabel = { requested: t('code.statusRequested'), used: t('code.statusUsed'), expired: t('code.statusExpired') }[code.status];
  return (
    <div className="promo-code-page">
      <h1>{t('code.title')}</h1>
      <p className="lead">{t('code.lead')}</p>
      <section className={`promo-card promo-card--${code.status}`} aria-labelledby="promo-card-title">
        <h2 id="promo-card-title">{pickText(code.title, locale)}</h2>
        <p className="promo-card__code">
          <span className="visually-hidden">{t('code.codeLabel')}: </span>
          <strong data-testid="promo-code">{code.code}</strong>
        </p>
        <div className="promo-card__qr" role="img" aria-label={t('code.qrLabel')} data-qr={redeemUrl} dangerouslySetInnerHTML={{ __html: svg }} />
        <dl className="promo-card__facts">
          <div>
            <dt>{t('code.status')}</dt>
            <dd data-status={code.status}>{statusLabel}</dd>
          </div>
          <div>
            <dt>{t('code.requestedAt')}</dt>
            <dd>{formatMoment(code.requestedAt, locale, code.timezone)}</dd>
          </div>
          <div>
            <dt>{t('code.usedAt')}</dt>
            <dd>{code.usedAt ? formatMoment(code.usedAt, locale, code.timezone) : t('code.notUsed')}</dd>
          </div>
          <div>
            <dt>{t('code.useBy')}</dt>
            <dd>{formatDay(code.validUntil, locale)}</dd>
          </div>
        </dl>
      </section>
      <p className="promo-code-page__hint">{t('code.printHint')}</p>
      <div className="actions promo-code-page__actions">
        <PrintButton label={t('code.print')} />
        <Link className="button button--ghost" href={promoPath(code.urlName)}>
          {t('backToPromo')}
        </Link>
      </div>
    </div>
  );
}

/**
 * `/frontpage/promo/{urlName}/{id}/redeem?s=...`: where the QR code leads. Staff signed in
 * with the venue token see the code and mark it used; others are asked for the token.
 */
export async function PromoRedeemScreen({ params, signature }: { params: PromoCodeParams; signature: string | null }) {
  const { locale, venueKey } = await loadVenue(params);
  const [t, forms] = await Promise.all([getTranslations('promo'), getTranslations('forms.errors')]);
  const signed = ID.test(params.id) && isRedeemSignature(venueKey, params.id, signature);
  const staff = isStaffSession(venueKey, (await cookies()).get(STAFF_COOKIE)?.value);
  const panel = (body: React.ReactNode) => (
    <div className="form-page promo-staff">
      <h1>{t('staff.title')}</h1>
      {body}
    </div>
  );
  if (!signed) return panel(<p role="alert">{t('staff.badLink')}</p>);
  if (!staff) {
    return panel(
      <>
        <p className="lead">{t('staff.signInText')}</p>
        <StaffSignIn text={{ tokenLabel: t('staff.tokenLabel'), signIn: t('staff.signIn'), wrongToken: t('staff.wrongToken'), unavailable: forms('unavailable') }} />
      </>,
    );
  }
  const code = await loadCode(params, 'promo/lookup');
  if (!code) notFound();
  if (code === 'unavailable') return panel(<p role="alert">{t('unavailable')}</p>);
  const statusLabel = { requested: t('code.statusRequested'), used: t('code.statusUsed'), expired: t('code.statusExpired') }[code.status];
  return panel(
    <>
      <section className={`promo-card promo-card--${code.status}`} aria-labelledby="promo-card-title">
        <h2 id="promo-card-title">{pickText(code.title, locale)}</h2>
        <p className="promo-card__code">
          <strong data-testid="promo-code">{code.code}</strong>
        </p>
        <dl className="promo-card__facts">
          <div>
            <dt>{t('staff.guest')}</dt>
            <dd>{code.guest}</dd>
          </div>
          <div>
            <dt>{t('code.status')}</dt>
            <dd data-status={code.status}>{statusLabel}</dd>
          </div>
          <div>
            <dt>{t('code.requestedAt')}</dt>
            <dd>{formatMoment(code.requestedAt, locale, code.timezone)}</dd>
          </div>
          <div>
            <dt>{t('code.usedAt')}</dt>
            <dd>{code.usedAt ? formatMoment(code.usedAt, locale, code.timezone) : t('code.notUsed')}</dd>
          </div>
          <div>
            <dt>{t('code.useBy')}</dt>
            <dd>{formatDay(code.validUntil, locale)}</dd>
          </div>
        </dl>
      </section>
      <RedeemButton
        id={code.id}
        signature={signature ?? ''}
        locale={locale}
        timeZone={code.timezone}
        text={{
          tokenLabel: t('staff.tokenLabel'),
          signIn: t('staff.signIn'),
          wrongToken: t('staff.wrongToken'),
          markUsed: t('staff.markUsed'),
          used: t('staff.used', { time: '{time}' }),
          alreadyUsed: t('staff.alreadyUsed', { time: '{time}' }),
          expired: t('staff.expired'),
          unavailable: forms('unavailable'),
        }}
      />
    </>,
  );
}
