import 'server-only';
import { getMessages, getTranslations } from 'next-intl/server';
import { formMessages } from '@/components/forms/form-messages';
import { getPrefixList } from '@/server/venues/data';
import { pickText } from '@/lib/i18n/texts';
import { botVerifier } from '@/lib/botcheck';
import type { Location } from '@/lib/contract/location';
import type { Locale } from '@/lib/i18n/locales';
import type { WizardSetup } from '@/components/reservation/types';
import type { FlatTexts } from '@/lib/i18n/flat-texts';

type Tree = { [key: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flat(v, `${prefix}${k}.`)))));
/** A namespace of messages by dotted key, for client components that take their strings as props; its keys typed (lib/i18n/flat-texts.ts). */
export const flatten = <T extends Tree>(tree: T): FlatTexts<T> => flat(tree) as FlatTexts<T>;

/** Everything the booking steps' client code needs, prepared on the server (the table wizard and the experience form). */
export async function buildWizardSetup(input: { locale: Locale; location: Location; venueKey: string; module?: string | null; edit?: WizardSetup['edit']; maxPax?: number }): Promise<WizardSetup> {
  const { locale, location, venueKey } = input;
  const booking = location.booking;
  const [t, messages, forms, prefixes] = await Promise.all([getTranslations('reserve'), getMessages(), formMessages(), getPrefixList(venueKey, locale)]);
  const list = prefixes ?? [];
  const month = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const paxLabels: Record<number, string> = {};
  for (let n = 1; n <= Math.max(booking.partySize.max, input.maxPax ?? 0); n++) paxLabels[n] = t('people.count', { count: n });
  return {
    locale,
    module: input.module ?? null,
    partySize: booking.partySize,
    phone: location.phone,
    visitReasons: booking.visitReasons.map((r) => ({ key: r.key, label: pickText(r.label, locale) })),
    waitingList: booking.waitingList,
    zones: Object.fromEntries(booking.zones.map((z) => [z.key, pickText(z.name, locale)])),
    shifts: Object.fromEntries(booking.shifts.map((s) => [s.key, pickText(s.name, locale)])),
    prefixes: list,
    country: location.country,
    defaultPrefix: list.find((p) => p.iso === location.country)?.prefisso ?? list[0]?.prefisso ?? '+39',
    monthNames: Array.from({ length: 12 }, (_, i) => month.format(new Date(Date.UTC(2024, i, 1)))),
    weekdayNames: Array.from({ length: 7 }, (_, i) => weekday.format(new Date(Date.UTC(2024, 0, 1 + i)))), // 1 Jan 2024 is a Monday
    policies: { privacy: pickText(location.policies.privacy, locale), marketing: pickText(location.policies.marketing, locale) },
    paxLabels,
    t: {
      ...flatten(messages.reserve),
      // A call refused by an abuse limit (429): the same words wherever the booking steps show an error.
      'errors.rateLimited': messages.limits.tooManyRequests,
      'guarantee.rateLimited': messages.limits.tooManyRequests,
    },
    forms,
    botcheck: botVerifier().publicConfig(),
    edit: input.edit ?? null,
  };
}
