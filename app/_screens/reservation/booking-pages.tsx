import { getTranslations } from 'next-intl/server';
import { getRawMessages } from '@/lib/i18n/messages';
import { ActionLink, Link } from '@/components/shell/link';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { reservationLookup, smsStatusLookup } from '@/server/booking/lookups';
import { pickText } from '@/lib/i18n/texts';
import { formatMoney } from '@/lib/currency';
import { policyMessage } from '@/lib/booking/policy';
import type { Locale } from '@/lib/i18n/locales';
import type { BookedTable } from '@/lib/backend/tables';
import { ReserveScreen } from './reserve-screen';
import { foundOr404, Unavailable } from '@/app/_screens/shell/looked-up';
import { CancelPanel } from '@/components/reservation/cancel-panel';
import { cancelNamespaces } from '@/app/_screens/reservation/namespaces';
import { SmsCodeForm } from '@/components/reservation/sms-code-form';
import { formatDateTime, formatLongDate } from '@/lib/i18n/format';
import { MessagePanel } from '@/components/shell/message-panel';
import { ClientTexts } from '@/app/_screens/shell/client-texts';

/** A booking by its hash, null when the backend cannot be reached, or the 404 page: an unknown or malformed hash is never a 500. */
async function loadBooking(params: VenueParams & { key: string }) {
  const venue = await loadVenue(params);
  const booking = foundOr404(await reservationLookup(venue.venueKey, params.key));
  return booking ? { ...venue, booking } : null;
}

async function BookingSummary({ booking, locale, valuta }: { booking: BookedTable; locale: Locale; valuta: string }) {
  const [t, messages] = await Promise.all([getTranslations('reserve'), getRawMessages()]);
  const labels = messages.reserve.summary;
  const policy = booking.guarantee ? policyMessage(booking.guarantee) : null;
  // A failed or suspended booking has no status line: no label is written for those.
  const statuses: Partial<Record<BookedTable['status'], string>> = messages.reserve.bookingStatus;
  const status = statuses[booking.status];
  return (
    <dl className="summary__list">
      {status ? (
        <>
          <dt>{labels.status}</dt>
          <dd data-testid="booking-status">{status}</dd>
        </>
      ) : null}
      <dt>{labels.people}</dt>
      <dd>{t('people.count', { count: booking.partySize })}</dd>
      <dt>{labels.date}</dt>
      <dd>{formatLongDate(booking.date, locale)}</dd>
      <dt>{labels.time}</dt>
      <dd>{booking.time}</dd>
      <dt>{labels.zone}</dt>
      <dd>{pickText(booking.zoneName, locale)}</dd>
      {booking.experience ? (
        <>
          <dt>{t('summary.experience')}</dt>
          <dd>{pickText(booking.experience.titolo, locale)}</dd>
        </>
      ) : null}
      <dt>{labels.name}</dt>
      <dd>
        {booking.nome} {booking.cognome}
      </dd>
      {booking.guarantee && policy ? (
        <>
          <dt>{labels.policy}</dt>
          <dd>{t(`guarantee.${policy.key}`, policy.values)}</dd>
        </>
      ) : null}
      {booking.cancellationFeeCents ? (
        <>
          <dt>{labels.fee}</dt>
          <dd>{formatMoney(booking.cancellationFeeCents, valuta, locale)}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** `/reserve/{hash}/edit`: the wizard prefilled with the booking, and the way to cancel it. */
export async function EditReservationScreen({ params }: { params: VenueParams & { key: string } }) {
  const loaded = await loadBooking(params);
  if (!loaded) return <Unavailable />;
  const { locale, location, booking } = loaded;
  const t = await getTranslations('reserve');
  if (!booking.changeable || booking.status === 'waitinglist') {
    return (
      <MessagePanel title={t('edit.title')} text={booking.status === 'cancelled' ? t('edit.cancelled') : booking.status === 'declined' ? t('outcome.rejectText') : t('edit.notChangeable')} role="status">
        <BookingSummary booking={booking} locale={locale} valuta={location.valuta} />
        <div className="actions">
          {booking.status === 'waitinglist' && booking.changeable ? (
            <Link className="button button--ghost" href={`/reserve/${booking.hash}/cancel`}>
              {t('edit.cancel')}
            </Link>
          ) : null}
          <Link className="button" href="/reserve">
            {t('outcome.newReservation')}
          </Link>
        </div>
      </MessagePanel>
    );
  }
  const edit = {
    hash: booking.hash,
    choice: { pax: booking.partySize, date: booking.date, time: booking.time, zone: booking.zone },
    details: {
      nome: booking.nome,
      cognome: booking.cognome,
      email: booking.email,
      prefisso: booking.prefisso,
      telefono: booking.telefono,
      motivo: booking.motivo || undefined,
      compleannoGiorno: booking.compleannoGiorno,
      compleannoMese: booking.compleannoMese,
      note: booking.note,
      privacy: true as const,
      marketing: booking.marketing,
      marketingSms: false,
    },
    experience: booking.experience ? pickText(booking.experience.titolo, locale) : undefined,
  };
  return (
    <ReserveScreen params={params} module={booking.reservemodule || null} edit={edit}>
      <section className="current-booking" aria-labelledby="current-booking">
        <h2 id="current-booking">{t('edit.current')}</h2>
        <BookingSummary booking={booking} locale={locale} valuta={location.valuta} />
        <p>{t('edit.intro')}</p>
        <p>
          <Link href={`/reserve/${booking.hash}/cancel`}>{t('edit.cancel')}</Link>
        </p>
      </section>
    </ReserveScreen>
  );
}

/** `/reserve/{hash}/edit/confirm`: the booking as it now stands. */
export async function EditConfirmScreen({ params }: { params: VenueParams & { key: string } }) {
  const loaded = await loadBooking(params);
  if (!loaded) return <Unavailable />;
  const { locale, location, booking } = loaded;
  const t = await getTranslations('reserve');
  return (
    <MessagePanel title={t('edit.confirmTitle')} text={t('edit.confirmText')} role="status">
      <BookingSummary booking={booking} locale={locale} valuta={location.valuta} />
      <div className="actions">
        <Link className="button button--ghost" href={`/reserve/${booking.hash}/edit`}>
          {t('edit.back')}
        </Link>
        <Link className="button" href="/reserve">
          {t('outcome.newReservation')}
        </Link>
      </div>
    </MessagePanel>
  );
}

/** `/reserve/{hash}/edit/error`: "Error while changing the reservation", with a way back to try again. */
export async function EditErrorScreen({ params }: { params: VenueParams & { key: string } }) {
  const loaded = await loadBooking(params);
  if (!loaded) return <Unavailable />;
  const { booking } = loaded;
  const t = await getTranslations('reserve');
  return (
    <MessagePanel title={t('edit.errorTitle')} text={t('edit.errorText')} tone="error" role="alert">
      <ActionLink href={`/reserve/${booking.hash}/edit`}>{t('edit.back')}</ActionLink>
    </MessagePanel>
  );
}

/** `/reserve/{hash}/cancel`: a confirmation step stating whether cancelling is free or what fee applies. */
export async function CancelScreen({ params }: { params: VenueParams & { key: string } }) {
  const loaded = await loadBooking(params);
  if (!loaded) return <Unavailable />;
  const { locale, location, booking } = loaded;
  const t = await getTranslations('reserve');
  const fee = formatMoney(booking.cancellation.feeCents, location.valuta, locale);
  const deadline = booking.cancellation.deadline
    ? formatDateTime(new Date(booking.cancellation.deadline), locale, location.timezone)
    : null;
  const terms = booking.cancellation.free ? (deadline && booking.guarantee ? t('cancel.freeUntil', { deadline }) : t('cancel.free')) : t('cancel.fee', { amount: fee });
  const done = booking.status === 'cancelled';
  return (
    <ClientTexts namespaces={cancelNamespaces.table}>
      <CancelPanel
        title={done ? t('cancel.doneTitle') : t('cancel.title')}
        summary={<BookingSummary booking={booking} locale={locale} valuta={location.valuta} />}
        cancelledSummary={<BookingSummary booking={{ ...booking, status: 'cancelled' }} locale={locale} valuta={location.valuta} />}
        ended={done || !booking.changeable ? { text: done ? t('edit.cancelled') : t('edit.notChangeable'), href: '/reserve', label: t('outcome.newReservation') } : null}
        form={{
          hash: booking.hash,
          locale,
          terms,
          done: booking.cancellation.free ? {} : { fee },
        }}
      />
    </ClientTexts>
  );
}

/** `a2fa/reserve/{hash}`: the SMS code of a suspended booking. */
export async function SmsConfirmationScreen({ params }: { params: VenueParams & { key: string } }) {
  const venue = await loadVenue(params);
  const status = foundOr404(await smsStatusLookup(venue.venueKey, params.key));
  if (!status) return <Unavailable />;
  const t = await getTranslations('reserve');
  if (status.status === 'confirmed' || status.status === 'pending') {
    return (
      <MessagePanel title={t(status.status === 'confirmed' ? 'outcome.confirmTitle' : 'outcome.acceptTitle')} text={t('sms.done')} role="status" />
    );
  }
  if (status.status !== 'suspended') {
    return (
      <MessagePanel title={t('outcome.suspendedErrorTitle')} text={t('outcome.suspendedErrorText')} tone="error" role="alert">
        <ActionLink href="/reserve">{t('outcome.newReservation')}</ActionLink>
      </MessagePanel>
    );
  }
  return (
    <div className="form-page">
      <h1>{t('sms.title')}</h1>
      <p>{t('outcome.suspendedText')}</p>
      <p>{t('sms.intro', { ending: status.phoneEnding })}</p>
      <ClientTexts namespaces={['reserve.sms', 'reserve.errors', 'limits']}>
        <SmsCodeForm hash={params.key} locale={venue.locale} expiresAt={status.expiresAt} attemptsLeft={status.attemptsLeft} />
      </ClientTexts>
    </div>
  );
}
