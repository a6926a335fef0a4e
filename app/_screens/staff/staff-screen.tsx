import 'server-only';
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { ClientTexts } from '@/app/_screens/shell/client-texts';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { StaffSignIn } from '@/components/promo/staff-panel';
import { staffPanelNamespaces } from '@/app/_screens/promo/namespaces';
import { sheetNamespaces } from './namespaces';
import { backendFor } from '@/server/backend';
import { getDb } from '@/server/db/client';
import { localMoment } from '@/server/booking/time';
import { now } from '@/server/clock';
import { STAFF_COOKIE, staffSessionFor } from '@/server/staff/sessions';
import { ServiceSheet } from '@/components/staff/service-sheet';
import { localizedPath } from '@/lib/i18n/paths';
import { toLocale } from '@/lib/i18n/locales';
import { StaffSignOut } from '@/components/staff/sign-out';
import { PairDevice } from '@/components/staff/pair-device';
import { RegisterPasskey } from '@/components/staff/passkey';
import { isIsoDay } from '@/lib/booking/days';

/** The staff area is never indexed (nor in the sitemap, nor cached: rendered per request). */
export async function staffMetadata(params: VenueParams): Promise<Metadata> {
  const t = await getTranslations({ locale: toLocale(params.locale), namespace: 'staffArea' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

/**
 * `/staff` (issue 23): the service sheet (of the day in the address, `?date=yyyy-mm-dd`, else today) for staff signed in on this device (a staff
 * session); the sign-in otherwise. A backend without the venue's calls (a legacy one) gets
 * a page saying the venue's own system handles bookings.
 */
export async function StaffScreen({ params, date }: { params: VenueParams; date?: string }) {
  const { locale, venueKey } = await loadVenue(params);
  const t = await getTranslations('staffArea');
  const session = await staffSessionFor(await getDb(), venueKey, (await cookies()).get(STAFF_COOKIE)?.value);
  const page = (body: React.ReactNode) => (
    <div className="form-page form-page--wide staff-page">
      <h1>{t('title')}</h1>
      {body}
    </div>
  );
  if (!session) {
    return page(
      <>
        <p className="lead">{t('signInText')}</p>
        <ClientTexts namespaces={staffPanelNamespaces}>
          <StaffSignIn />
        </ClientTexts>
      </>,
    );
  }
  // Today where the venue is: the backend's own answer for today (and whether it offers the sheet at all).
  const utcToday = localMoment('UTC', now()).date;
  const probe = await backendFor(venueKey).staffArea.day(utcToday);
  if (!probe.status && probe.error === 'unknownCall') return page(<p className="lead">{t('notOffered')}</p>);
  const today = probe.status ? probe.data.today || probe.data.date : utcToday;
  return page(
    <>
      <div className="actions">
        <a className="button button--ghost" href={localizedPath(toLocale(locale), '/staff/metrics')}>
          {t('metrics.link')}
        </a>
      </div>
      <ClientTexts namespaces={sheetNamespaces}>
        <ServiceSheet initialDate={isIsoDay(date) ? date : today} locale={locale} />
        {/* This device: its passkey, pairing another one and signing out, after the sheet (issue 44). */}
        <section className="staff-device" aria-labelledby="staff-device-title">
          <h2 id="staff-device-title">{t('pair.device')}</h2>
          <RegisterPasskey />
          <PairDevice locale={locale} />
          <div className="actions">
            <StaffSignOut label={t('signOut')} />
          </div>
        </section>
      </ClientTexts>
    </>,
  );
}
