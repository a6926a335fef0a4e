import { getMessages, getTranslations } from 'next-intl/server';
import { ActionLink } from '@/components/shell/link';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { pickText } from '@/lib/i18n/texts';
import { LastBooking } from '@/components/reservation/last-booking';
import { MessagePanel } from '@/components/shell/message-panel';

export const reservationOutcomes = ['confirm', 'accept', 'reject', 'waitinglist', 'suspended', 'suspendedError'] as const;
export type OutcomeKey = (typeof reservationOutcomes)[number];

/** `/reserve/{messageType}` (spec section 4): the outcome, the booking's details, "New reservation". */
export async function ReservationOutcomeScreen({ params, outcome }: { params: VenueParams; outcome: OutcomeKey }) {
  const { locale, location } = await loadVenue(params);
  const [t, messages] = await Promise.all([getTranslations('reserve'), getMessages()]);
  const reserve = messages.reserve;
  const summary = reserve.summary;
  const texts: Record<string, string> = {};
  for (const group of ['outcome', 'guarantee', 'details'] as const) for (const [k, v] of Object.entries(reserve[group])) if (typeof v === 'string') texts[`${group}.${k}`] = v;
  const paxLabels: Record<number, string> = {};
  for (let n = 1; n <= Math.max(location.booking.partySize.max, 1); n++) paxLabels[n] = t('people.count', { count: n });
  const zones = Object.fromEntries(location.booking.zones.map((z) => [z.key, pickText(z.name, locale)]));
  return (
    <MessagePanel title={t(`outcome.${outcome}Title`)} text={t(`outcome.${outcome}Text`)} tone={outcome === 'reject' || outcome === 'suspendedError' ? 'error' : undefined}>
      <LastBooking
        outcome={outcome}
        locale={locale}
        heading={t('outcome.details')}
        labels={summary}
        zones={zones}
        paxLabels={paxLabels}
        texts={texts}
        venue={{ name: location.locationname, address: location.address, timezone: location.timezone }}
      />
      <ActionLink href="/reserve">{t('outcome.newReservation')}</ActionLink>
    </MessagePanel>
  );
}
