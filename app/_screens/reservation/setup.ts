import 'server-only';
import { getPrefixList } from '@/server/venues/data';
import { phonePrefixes } from '@/lib/venue/prefixes';
import { pickText } from '@/lib/i18n/texts';
import { botVerifier } from '@/lib/botcheck';
import { closureRanges, openWeekdays } from '@/lib/seo/opening-hours';
import type { Location } from '@/lib/contract/location';
import type { Locale } from '@/lib/i18n/locales';
import type { WizardSetup } from '@/components/reservation/types';

/**
 * The data the booking steps' client code needs, prepared on the server (the table wizard and the
 * experience form). Their texts are not in it: the screen wraps them in `ClientTexts` with
 * `reserveNamespaces` (./namespaces.ts), and they read them with `useTranslations`.
 */
export async function buildWizardSetup(input: {
  locale: Locale;
  location: Location;
  venueKey: string;
  module?: string | null;
  edit?: WizardSetup['edit'];
  /** The prefixes left out (null): the details step fetches them when it is shown (the table wizard; issue 43). */
  prefixesFetched?: boolean;
}): Promise<WizardSetup> {
  const { locale, location, venueKey } = input;
  const booking = location.booking;
  const { prefixes, defaultPrefix } = phonePrefixes((await getPrefixList(venueKey, locale)) ?? [], location.country);
  const month = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  return {
    locale,
    module: input.module ?? null,
    partySize: booking.partySize,
    phone: location.phone,
    visitReasons: booking.visitReasons.map((r) => ({ key: r.key, label: pickText(r.label, locale) })),
    waitingList: booking.waitingList,
    zones: Object.fromEntries(booking.zones.map((z) => [z.key, pickText(z.name, locale)])),
    shifts: Object.fromEntries(booking.shifts.map((s) => [s.key, pickText(s.name, locale)])),
    prefixes: input.prefixesFetched ? null : prefixes,
    country: location.country,
    timezone: location.timezone,
    defaultPrefix,
    opening: { weekdays: openWeekdays(location.place?.openingHours ?? []), closures: closureRanges(location.place?.openingHours ?? []) },
    monthNames: Array.from({ length: 12 }, (_, i) => month.format(new Date(Date.UTC(2024, i, 1)))),
    weekdayNames: Array.from({ length: 7 }, (_, i) => weekday.format(new Date(Date.UTC(2024, 0, 1 + i)))), // 1 Jan 2024 is a Monday
    policies: { privacy: pickText(location.policies.privacy, locale), marketing: pickText(location.policies.marketing, locale) },
    botcheck: botVerifier().publicConfig(),
    edit: input.edit ?? null,
  };
}

