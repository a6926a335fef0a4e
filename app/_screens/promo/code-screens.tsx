import 'server-only';
import { notFound } from 'next/navigation';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import QRCode from 'qrcode';
import { Link } from '@/components/shell/link';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { loadVenue } from '@/app/_screens/shell/venue-context';
import { backendFor } from '@/server/backend';
import { pickText } from '@/lib/i18n/texts';
import { defaultLocale } from '@/lib/i18n/locales';
import { formatDay, formatMoment } from '@/lib/i18n/format';
import { venuePageUrl } from '@/lib/venue/origin';
import { isRedeemSignature, redeemPath } from '@/server/promo/staff';
import { getDb } from '@/server/db/client';
import { STAFF_COOKIE, staffSessionFor } from '@/server/staff/sessions';
import { PrintButton } from '@/components/promo/print-button';
import { RedeemButton, StaffSignIn } from '@/components/promo/staff-panel';
import { ID, promoPath, type PromoCodeParams } from './paths';
import { MessagePanel } from '@/components/shell/message-panel';
import { ClientTexts } from '@/app/_screens/shell/client-texts';
import { staffPanelNamespaces } from './namespaces';
import { PassBadges } from '@/app/_screens/shell/wallet';
import { promoSerial } from '@/server/wallet/items';

export function promoCodeMetadata(params: PromoCodeParams) {
  return screenMetadata(params, 'promoCode', `${promoPath(params.urlName)}/${encodeURIComponent(params.id)}`);
}

/** The staff page of a code: the code page's metadata, and never indexed. */
export async function promoRedeemMetadata(params: PromoCodeParams) {
  return { ...(await promoCodeMetadata(params)), robots: { index: false, follow: false } };
}

async function loadCode(params: PromoCodeParams, call: 'promo/getcode' | 'promo/lookup') {
  if (!ID.test(params.id)) return null;
  const promotions = backendFor(params.venue).promotions;
  const result = await (call === 'promo/getcode' ? promotions.code({ urlName: params.urlName, id: params.id }) : promotions.lookup({ id: params.id }));
  if (result.status) return result.data.urlName === params.urlName ? result.data : null;
  return result.error === 'notFound' ? null : 'unavailable';
}

type Code = Exclude<Awaited<ReturnType<typeof loadCode>>, null | 'unavailable'>;
type PromoT = Awaited<ReturnType<typeof getTranslations<'promo'>>>;

/** A code's facts, on the guest's card and on the staff page (which also names the guest). */
function CodeFacts({ code, locale, t, guest = false }: { code: Code; locale: string; t: PromoT; guest?: boolean }) {
  const statusLabel = { requested: t('code.statusRequested'), used: t('code.statusUsed'), expired: t('code.statusExpired') }[code.status];
  const facts: [string, React.ReactNode, string?][] = [
    ...(guest ? [[t('staff.guest'), code.guest] as [string, React.ReactNode]] : []),
    [t('code.status'), statusLabel, code.status],
    [t('code.requestedAt'), formatMoment(code.requestedAt, locale, code.timezone)],
    [t('code.usedAt'), code.usedAt ? formatMoment(code.usedAt, locale, code.timezone) : t('code.notUsed')],
    [t('code.useBy'), formatDay(code.validUntil, locale)],
  ];
  return (
    <dl className="promo-card__facts">
      {facts.map(([label, value, status]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-status={status}>{value}</dd>
        </div>
      ))}
    </dl>
  );
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
      <MessagePanel title={t('code.title')} text={t('unavailable')} role="status" />
    );
  }
  const redeemUrl = venuePageUrl(venueKey, defaultLocale, redeemPath(venueKey, code.urlName, code.id));
  const svg = await QRCode.toString(redeemUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
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
        <CodeFacts code={code} locale={locale} t={t} />
      </section>
      {code.status === 'requested' ? <PassBadges serial={promoSerial(code.urlName, code.id)} locale={locale} /> : null}
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
export async function PromoRedeemScreen({ params, searchParams }: { params: PromoCodeParams; searchParams: Record<string, string | string[] | undefined> }) {
  const signature = typeof searchParams.s === 'string' ? searchParams.s : null;
  const { locale, venueKey } = await loadVenue(params);
  const t = await getTranslations('promo');
  const signed = ID.test(params.id) && isRedeemSignature(venueKey, params.id, signature);
  const staff = await staffSessionFor(await getDb(), venueKey, (await cookies()).get(STAFF_COOKIE)?.value);
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
        <ClientTexts namespaces={staffPanelNamespaces}>
          <StaffSignIn />
        </ClientTexts>
      </>,
    );
  }
  const code = await loadCode(params, 'promo/lookup');
  if (!code) notFound();
  if (code === 'unavailable') return panel(<p role="alert">{t('unavailable')}</p>);
  return panel(
    <>
      <section className={`promo-card promo-card--${code.status}`} aria-labelledby="promo-card-title">
        <h2 id="promo-card-title">{pickText(code.title, locale)}</h2>
        <p className="promo-card__code">
          <strong data-testid="promo-code">{code.code}</strong>
        </p>
        <CodeFacts code={code} locale={locale} t={t} guest />
      </section>
      {code.status === 'used' ? (
        <p role="status" className="field__error">
          {t('staff.alreadyUsed', { time: formatMoment(code.usedAt, locale, code.timezone) })}
        </p>
      ) : code.status === 'expired' ? (
        <p role="status" className="field__error">
          {t('staff.expired')}
        </p>
      ) : (
        <ClientTexts namespaces={staffPanelNamespaces}>
          <RedeemButton id={code.id} signature={signature ?? ''} locale={locale} timeZone={code.timezone} />
        </ClientTexts>
      )}
    </>,
  );
}
