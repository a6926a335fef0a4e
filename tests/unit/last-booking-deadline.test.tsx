/**
 * @jest-environment jsdom
 */
import { screen } from '@testing-library/react';
import { LastBooking } from '@/components/reservation/last-booking';
import { writeSession } from '@/components/reservation/session';
import { LAST_RESERVATION_KEY, type LastReservation } from '@/components/reservation/types';
import { TZDate } from '@date-fns/tz';
import { renderWithIntl } from '../helpers/intl';
import { testDay } from '../helpers/clock';
import { TextEncoder } from 'node:util';

// The page's "Add to calendar" file counts bytes with TextEncoder, which jsdom lacks.
Object.assign(globalThis, { TextEncoder });

/** Issue 45: a same-day booking with a card guarantee is never promised a free cancellation whose deadline had passed when it was made. */
const namespaces = ['reserve.outcome', 'reserve.guarantee', 'reserve.details', 'reserve.summary', 'reserve.people'] as const;
const venue = { name: 'Trattoria Da Rosa', address: 'Via Roma 1', timezone: 'Europe/Rome' };
const booking = (bookedAt: Date): LastReservation => ({
  outcome: 'confirm',
  hash: 'K7WEJWKRK7WEJWKRK7WEJWKRK7',
  pax: 6,
  date: testDay(3),
  time: '20:00',
  zone: 'sala',
  name: 'Giulia Neri',
  guarantee: { refundable: 'until', hoursBefore: 24, feeCents: 2500, per: 'guest', currency: '€', totalCents: 15000 },
  bookedAt: bookedAt.toISOString(),
});
const [y, m, d] = testDay(3).split('-').map(Number);
const start = new Date(new TZDate(y, m - 1, d, 20, 0, 'Europe/Rome').getTime());

describe('the outcome page of a booking with a card guarantee', () => {
  it('booked after the deadline (the same day): says it can no longer be cancelled free, not "free cancellation until"', () => {
    writeSession(LAST_RESERVATION_KEY, booking(new Date(start.getTime() - 5 * 3_600_000)));
    renderWithIntl(<LastBooking outcome="confirm" locale="en" zones={{ sala: 'Dining room' }} venue={venue} />, { namespaces });
    expect(screen.queryByText(/^Free cancellation until/)).toBeNull();
    expect(screen.getByText(/^This reservation can no longer be cancelled free of charge: the free cancellation period ended on .+\. If you cancel or do not come, the fee below applies\.$/)).toBeInTheDocument();
  });

  it('booked days ahead: the deadline still to come is promised', () => {
    writeSession(LAST_RESERVATION_KEY, booking(new Date(start.getTime() - 72 * 3_600_000)));
    renderWithIntl(<LastBooking outcome="confirm" locale="en" zones={{ sala: 'Dining room' }} venue={venue} />, { namespaces });
    expect(screen.getByText(/^Free cancellation until .+ \(venue time\)\.$/)).toBeInTheDocument();
    expect(screen.queryByText(/can no longer be cancelled free/)).toBeNull();
  });
});
