import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { pickText } from '@/lib/i18n/texts';
import { ReservationWizardDeferred } from '@/components/reservation/wizard-deferred';
import { PeopleStepStatic } from '@/components/reservation/people-step-static';
import { buildWizardSetup } from './setup';
import { reserveNamespaces } from './namespaces';
import { ClientTexts } from '@/app/_screens/shell/client-texts';
import type { WizardSetup } from '@/components/reservation/types';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';

/**
 * `/reserve` and `/r/{reservemodule}`: the booking wizard. The first step (party size) is
 * rendered on the server; availability is then fetched by the browser.
 */
export async function ReserveScreen({ params, module: moduleKey, edit = null, children }: { params: VenueParams; module?: string | null; edit?: WizardSetup['edit']; children?: React.ReactNode }) {
  const { locale, location, venueKey, backendFailed } = await loadVenue(params);
  const booking = location.booking;
  // Modules are known from the location: with the backend down, the module's page still renders.
  if (moduleKey && !backendFailed && !booking.modules.some((m) => m.key === moduleKey)) return <NotFoundPage />;
  const [t, setup] = await Promise.all([getTranslations('reserve'), buildWizardSetup({ locale, location, venueKey, module: moduleKey, edit, prefixesFetched: true })]);
  const moduleName = moduleKey ? pickText(booking.modules.find((m) => m.key === moduleKey)?.name, locale) : '';
  return (
    <div className="form-page form-page--wide">
      <h1>
        {edit ? t('edit.title') : t('title')}
        {moduleName ? ` · ${moduleName}` : ''}
      </h1>
      {children}
      {/* The wizard reads the URL in the browser; until then, the first step is server HTML. */}
      <ClientTexts namespaces={reserveNamespaces}>
        <Suspense fallback={<PeopleStepStatic setup={setup} atOnce={!!edit} />}>
          <ReservationWizardDeferred setup={setup} />
        </Suspense>
      </ClientTexts>
    </div>
  );
}
