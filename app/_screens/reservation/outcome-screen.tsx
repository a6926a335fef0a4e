import { getTranslations } from 'next-intl/server';
import { ClientTexts } from '@/app/_screens/shell/client-texts';
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
  const t = await getTranslations('reserve');
  const zones = Object.fromEntries(location.booking.zones.map((z) => [z.key, pickText(z.name, locale)]));
  return (
    <MessagePanel title={t(`outcome.${outcome}Title`)} text={t(`outcome.${outcome}Text`)} tone={outcome === 'reject' || outcome === 'suspendedError' ? 'error' : undefined}>
      <ClientTexts namespaces={['reserve.outcome', 'reserve.guarantee', 'reserve.details', 'reserve.summary', 'reserve.people']}>
        <LastBooking outcome={outcome} locale={locale} zones={zones} venue={{ name: location.locationname, address: location.address, timezone: location.timezone }} />
      </ClientTexts>
      <ActionLink href="/reserve">{t('outcome.newReservation')}</ActionLink>
    </MessagePanel>
  );
}
