import { Suspense } from 'react';
import { getMessages, getTranslations } from 'next-intl/server';
import { loadVenue, type VenueParams } from '@/components/shell/venue-context';
import { formMessages } from '@/components/forms/form-messages';
import { getPrefixList } from '@/lib/venue/data';
import { pickText } from '@/lib/i18n/texts';
import { ReservationWizard } from './wizard';
import { PeopleStepStatic } from './people-step-static';
import type { WizardSetup } from './types';
import { botVerifier } from '@/lib/botcheck';
import { NotFoundPage } from '@/components/shell/not-found-page';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flatten(v, `${prefix}${k}.`)))),
  );

/**
 * `/reserve` and `/r/{reservemodule}`: the booking wizard. The first step (party size) is
 * rendered on the server; availability is then fetched by the browser.
 */
export async function ReserveScreen({ params, module: moduleKey, edit = null, children }: { params: VenueParams; module?: string | null; edit?: WizardSetup['edit']; children?: React.ReactNode }) {
  const { locale, location, venueKey, backendFailed } = await loadVenue(params);
  const booking = location.booking;
  // Modules are known from the location: with the backend down, the module's page still renders.
  if (moduleKey && !backendFailed && !booking.modules.some((m) => m.key === moduleKey)) return <NotFoundPage />;
  const [t, messages, forms, prefixes] = await Promise.all([getTranslations('reserve'), getMessages(), formMessages(), getPrefixList(venueKey)]);
  const list = prefixes ?? [];
  const month = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const paxLabels: Record<number, string> = {};
  for (let n = booking.partySize.min; n <= booking.partySize.max; n++) paxLabels[n] = t('people.count', { count: n });
  const moduleName = moduleKey ? pickText(booking.modules.find((m) => m.key === moduleKey)?.name, locale) : '';
  const setup: WizardSetup = {
    locale,
    module: moduleKey ?? null,
    partySize: booking.partySize,
    phone: location.phone,
    visitReasons: booking.visitReasons.map((r) => ({ key: r.key, label: pickText(r.label, locale) })),
    waitingList: booking.waitingList,
    zones: Object.fromEntries(booking.zones.map((z) => [z.key, pickText(z.name, locale)])),
    prefixes: list,
    defaultPrefix: list.find((p) => p.iso === location.country)?.prefisso ?? list[0]?.prefisso ?? '+39',
    monthNames: Array.from({ length: 12 }, (_, i) => month.format(new Date(Date.UTC(2024, i, 1)))),
    weekdayNames: Array.from({ length: 7 }, (_, i) => weekday.format(new Date(Date.UTC(2024, 0, 1 + i)))), // 1 Jan 2024 is a Monday
    policies: { privacy: pickText(location.policies.privacy, locale), marketing: pickText(location.policies.marketing, locale) },
    paxLabels,
    t: {
      ...flatten((messages as unknown as { reserve: Tree }).reserve),
      // A call refused by an abuse limit (429): the same words wherever the wizard shows an error.
      'errors.rateLimited': (messages as unknown as { limits: { tooManyRequests: string } }).limits.tooManyRequests,
      'guarantee.rateLimited': (messages as unknown as { limits: { tooManyRequests: string } }).limits.tooManyRequests,
    },
    forms,
    botcheck: botVerifier().publicConfig(),
    edit,
  };
  return (
    <div className="form-page form-page--wide">
      <h1>
        {edit ? t('edit.title') : t('title')}
        {moduleName ? ` · ${moduleName}` : ''}
      </h1>
      {children}
      {/* The wizard reads the URL in the browser; until then, the first step is server HTML. */}
      <Suspense fallback={<PeopleStepStatic setup={setup} />}>
        <ReservationWizard setup={setup} />
      </Suspense>
    </div>
  );
}
