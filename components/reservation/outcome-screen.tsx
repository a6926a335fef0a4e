import { getMessages, getTranslations } from 'next-intl/server';
import { Link } from '@/components/shell/link';
import { loadVenue, type VenueParams } from '@/components/shell/venue-context';
import { pickText } from '@/lib/i18n/texts';
import { LastBooking } from './last-booking';

export const reservationOutcomes = ['confirm', 'accept', 'reject', 'waitinglist', 'suspended', 'suspendedError'] as const;
export type OutcomeKey = (typeof reservationOutcomes)[number];

/** `/reserve/{messageType}` (spec section 4): the outcome, the booking's details, "New reservation". */
export async function ReservationOutcomeScreen({ params, outcome }: { params: VenueParams; outcome: OutcomeKey }) {
  const { locale, location } = await loadVenue(params);
  const [t, messages] = await Promise.all([getTranslations('reserve'), getMessages()]);
  const summary = (messages as unknown as { reserve: { summary: Record<string, string> } }).reserve.summary;
  const zones = Object.fromEntries(location.booking.zones.map((z) => [z.key, pickText(z.name, locale)]));
  return (
    <div className={`message-panel${outcome === 'reject' || outcome === 'suspendedError' ? ' message-panel--error' : ''}`}>
      <h1>{t(`outcome.${outcome}Title`)}</h1>
      <p>{t(`outcome.${outcome}Text`)}</p>
      <LastBooking outcome={outcome} locale={locale} heading={t('outcome.details')} labels={summary} zones={zones} />
      <div className="actions">
        <Link className="button" href="/reserve">
          {t('outcome.newReservation')}
        </Link>
      </div>
    </div>
  );
}
