import { Fragment } from 'react';
import { getTranslations } from 'next-intl/server';
import { getRawMessages } from '@/lib/i18n/messages';
import { Link } from '@/components/shell/link';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { CancelPanel } from '@/components/reservation/cancel-panel';
import { cancelNamespaces } from '@/app/_screens/reservation/namespaces';
import { formatDate } from '@/components/reservation/format';
import { experienceBookingLookup } from '@/server/booking/lookups';
import { pickText } from '@/lib/i18n/texts';
import { formatMoney } from '@/lib/currency';
import { policyMessage } from '@/lib/booking/policy';
import type { Locale } from '@/lib/i18n/locales';
import type { BookedExperience } from '@/lib/backend/experiences';
import { loadExperience } from '@/server/experiences/data';
import { BookingEditForm } from '@/components/experiences/booking-edit-form';
import { bookingReference, formatDateTime } from '@/lib/i18n/format';
import { foundOr404, Unavailable } from '@/app/_screens/shell/looked-up';
import { MessagePanel } from '@/components/shell/message-panel';
import { ClientTexts } from '@/app/_screens/shell/client-texts';
import { PassBadges } from '@/app/_screens/shell/wallet';
import { experienceSerial } from '@/server/wallet/items';

/**
 * `/frontpage/esperienze/prenotazione/{hash}/edit` and `/cancel`: an experience booked on its
 * own, changed or cancelled by the guest under the table booking's rules (docs/experiences.md,
 * "Change and cancel"). The hash is the guest's key; an unknown one is the 404 page.
 */
type Manage = Record<string, string>;

async function loadBooking(params: VenueParams & { key: string }) {
  const venue = await loadVenue(params);
  const booking = foundOr404(await experienceBookingLookup(venue.venueKey, params.key));
  if (!booking) return null;
  const [t, messages] = await Promise.all([getTranslations('experiences.manage'), getRawMessages()]);
  return { ...venue, booking, t, manage: messages.experiences.manage, labels: messages.experiences.summary };
}

async function Summary({ booking, locale, valuta, labels, manage }: { booking: BookedExperience; locale: Locale; valuta: string; labels: Manage; manage: Manage }) {
  const t = await getTranslations('reserve');
  const money = (cents: number) => formatMoney(cents, valuta, locale);
  const policy = policyMessage(booking.policy);
  // Nothing is due at the venue for a cancelled booking (issue 45).
  const balance = booking.status !== 'cancelled' && booking.paidCents > 0 && booking.priceCents > booking.paidCents ? booking.priceCents - booking.paidCents : 0;
  const rows: [string, string][] = [
    [labels.experience, pickText(booking.titolo, locale)],
    [manage.reference, bookingReference(booking.hash)],
    [labels.name, `${booking.nome} ${booking.cognome}`],
    [labels.people, String(booking.partySize)],
    [labels.date, formatDate(booking.date, locale)],
    ...(booking.time ? [[labels.time, booking.time] as [string, string]] : []),
    ...(booking.zoneName ? [[labels.zone, pickText(booking.zoneName, locale)] as [string, string]] : []),
    ...(booking.priceCents ? [[labels.total, money(booking.priceCents)] as [string, string]] : []),
    ...(booking.paidCents ? [[labels.paid, money(booking.paidCents)] as [string, string]] : []),
    ...(balance ? [[manage.balance, money(balance)] as [string, string]] : []),
    ...(booking.guarantee || booking.paidCents ? [[t('summary.policy'), t(`guarantee.${policy.key}`, policy.values)] as [string, string]] : []),
    ...(booking.cancellationFeeCents ? [[manage.fee, money(booking.cancellationFeeCents)] as [string, string]] : []),
  ];
  return (
    <dl className="summary__list">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

export async function EditExperienceBookingScreen({ params }: { params: VenueParams & { key: string } }) {
  const loaded = await loadBooking(params);
  if (!loaded) return <Unavailable />;
  const { locale, location, booking, t, manage, labels, venueKey } = loaded;
  const summary = <Summary booking={booking} locale={locale} valuta={location.valuta} labels={labels} manage={manage} />;
  if (!booking.changeable) {
    return (
      <MessagePanel title={t('editTitle')} text={booking.status === 'cancelled' ? t('cancelled') : t('notChangeable')} role="status">
        {summary}
        {booking.status !== 'cancelled' ? <PassBadges serial={experienceSerial(booking.hash)} locale={locale} /> : null}
        <div className="actions">
          {booking.cancellable ? (
            <Link className="button button--ghost" href={`/frontpage/esperienze/prenotazione/${booking.hash}/cancel`}>
              {t('cancelLink')}
            </Link>
          ) : null}
          <Link className="button" href="/frontpage/esperienze">
            {t('another')}
          </Link>
        </div>
      </MessagePanel>
    );
  }
  const experience = await loadExperience(venueKey, booking.experienceHash);
  const min = Math.max(experience?.numOspitiMin || 1, 1);
  const max = Math.max(experience?.numOspitiMax || Math.max(booking.partySize, 20), booking.partySize);
  const zones = experience?.flagSceltaZona ? experience.zoneSelezionabili.map((z) => ({ key: z.key, label: pickText(z.nome, locale) })) : null;
  return (
    <div className="form-page">
      <h1>{t('editTitle')}</h1>
      <section className="current-booking" aria-labelledby="current-booking">
        <h2 id="current-booking">{t('current')}</h2>
        {summary}
        <PassBadges serial={experienceSerial(booking.hash)} locale={locale} />
        <p>{t('intro')}</p>
        {booking.paxFixed ? <p>{t('paxFixed')}</p> : null}
      </section>
      <ClientTexts namespaces={['reserve.summary', 'reserve.errors', 'experiences.manage', 'experiences.errors']}>
        <BookingEditForm
          hash={booking.hash}
          locale={locale}
          experienceId={booking.experienceId}
          current={{ pax: booking.partySize, day: booking.date, time: booking.time, zone: booking.zone }}
          paxOptions={Array.from({ length: max - min + 1 }, (_, i) => min + i)}
          paxFixed={booking.paxFixed}
          zones={zones}
          hasTimes={booking.time !== ''}
        />
      </ClientTexts>
      <p>
        <Link href={`/frontpage/esperienze/prenotazione/${booking.hash}/cancel`}>{t('cancelLink')}</Link>
      </p>
    </div>
  );
}

export async function CancelExperienceBookingScreen({ params }: { params: VenueParams & { key: string } }) {
  const loaded = await loadBooking(params);
  if (!loaded) return <Unavailable />;
  const { locale, location, booking, t, manage, labels } = loaded;
  const money = (cents: number) => formatMoney(cents, location.valuta, locale);
  const deadline = booking.cancellation.deadline
    ? formatDateTime(new Date(booking.cancellation.deadline), locale, location.timezone)
    : null;
  const terms = [
    booking.cancellation.free ? (deadline ? t('freeUntil', { deadline }) : t('free')) : booking.cancellation.feeCents ? t('feeText', { amount: money(booking.cancellation.feeCents) }) : '',
    booking.paidCents ? (booking.cancellation.refundCents ? t('refundText', { amount: money(booking.cancellation.refundCents) }) : t('keepText', { amount: money(booking.paidCents) })) : '',
  ]
    .filter(Boolean)
    .join(' ');
  const done = booking.status === 'cancelled';
  return (
    <ClientTexts namespaces={cancelNamespaces.experience}>
      <CancelPanel
        title={done ? t('doneTitle') : t('cancelTitle')}
        summary={<Summary booking={booking} locale={locale} valuta={location.valuta} labels={labels} manage={manage} />}
        cancelledSummary={<Summary booking={{ ...booking, status: 'cancelled' }} locale={locale} valuta={location.valuta} labels={labels} manage={manage} />}
        ended={done || !booking.cancellable ? { text: done ? t('cancelled') : t('notChangeable'), href: '/frontpage/esperienze', label: t('another') } : null}
        form={{
          hash: booking.hash,
          locale,
          terms: terms || t('free'),
          endpoint: '/api/experience/booking/cancel',
          keepPath: booking.changeable ? `/frontpage/esperienze/prenotazione/${booking.hash}/edit` : `/frontpage/esperienze/${booking.experienceHash}`,
          newPath: '/frontpage/esperienze',
          kind: 'experience',
          done: booking.cancellation.feeCents ? { fee: money(booking.cancellation.feeCents) } : booking.cancellation.refundCents ? { refund: money(booking.cancellation.refundCents) } : {},
        }}
      />
    </ClientTexts>
  );
}
