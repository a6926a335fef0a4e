'use client';

import { useMemo, useSyncExternalStore } from 'react';
import { LAST_RESERVATION_KEY, type LastReservation } from './types';

const noSubscription = () => () => undefined;
const readStored = () => {
  try {
    return sessionStorage.getItem(LAST_RESERVATION_KEY);
  } catch {
    return null;
  }
};

type Props = { outcome: string; locale: string; heading: string; labels: Record<string, string>; zones: Record<string, string> };

/** The booking just made, kept by the wizard in sessionStorage (the page itself is cached, the same for everyone). */
export function LastBooking({ outcome, locale, heading, labels, zones }: Props) {
  const raw = useSyncExternalStore(noSubscription, readStored, () => null);
  const last = useMemo(() => {
    try {
      const stored = JSON.parse(raw ?? 'null') as LastReservation | null;
      return stored?.outcome === outcome ? stored : null;
    } catch {
      return null;
    }
  }, [raw, outcome]);
  if (!last) return null;
  const date = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${last.date}T12:00:00Z`));
  return (
    <section className="summary" aria-label={heading}>
      <dl className="summary__list">
        <dt>{labels.name}</dt>
        <dd>{last.name}</dd>
        <dt>{labels.people}</dt>
        <dd>{last.pax}</dd>
        <dt>{labels.date}</dt>
        <dd>{date}</dd>
        <dt>{labels.time}</dt>
        <dd>{last.time}</dd>
        <dt>{labels.zone}</dt>
        <dd>{zones[last.zone] ?? last.zone}</dd>
      </dl>
    </section>
  );
}
