import { guaranteeNotes, visitReasonText } from '@/server/booking/emails';
import { reserveText } from '@/server/outbox/templates';
import { TEST_NOW, testDay } from '../helpers/clock';
import { instantOf } from '@/server/booking/time';

const venue = { timezone: 'Europe/Rome', currency: '€' };
const booking = (refundable: 'never' | 'always' | 'until') => ({
  guaranteeTerms: { refundable, hoursBefore: 48, feeCents: 2500, per: 'guest' as const, currency: '€' },
  date: testDay(10),
  time: '20:00',
  covers: 6,
});

describe("the guest's e-mail states the card guarantee", () => {
  test('card saved, policy, free-cancellation deadline in the venue time, fee', () => {
    const notes = guaranteeNotes(venue, booking('until'), 'en', TEST_NOW);
    expect(notes[0]).toBe('Card guarantee: Your card is saved as a guarantee, not charged.');
    expect(notes[1]).toBe('Cancellation policy: refundable until 2 days before the reservation.');
    // 48 hours before 20:00 on the day, in Rome, written in Rome's time (a DST change in between moves the wall time).
    const deadline = new Date(instantOf('Europe/Rome', testDay(10), '20:00').getTime() - 48 * 3_600_000);
    const when = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Rome' }).format(deadline);
    expect(notes[2]).toBe(`Free cancellation until ${when} (venue time).`);
    expect(when).toContain(new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${testDay(8)}T12:00:00Z`)));
    expect(notes[3]).toMatch(/^No-show fee: €\s?25(\.00)? per guest \(€\s?150(\.00)? for this reservation\)\.$/);
  });

  test('not refundable says so; no guarantee, no notes; Italian', () => {
    expect(guaranteeNotes(venue, booking('never'), 'en', TEST_NOW)).toContain(reserveText('en', 'outcome.noFreeCancellation'));
    expect(guaranteeNotes(venue, { ...booking('until'), guaranteeTerms: null }, 'en', TEST_NOW)).toEqual([]);
    expect(guaranteeNotes(venue, booking('until'), 'it', TEST_NOW)[2]).toMatch(/^Cancellazione gratuita fino a .*20:00 \(ora del locale\)\.$/);
  });

  test('a booking made after its free-cancellation deadline (the same day) is never promised "free cancellation until" a past moment (issue 45)', () => {
    const sameDay = { ...booking('until'), date: TEST_NOW.toISOString().slice(0, 10), time: '20:00' };
    const notes = guaranteeNotes(venue, sameDay, 'en', TEST_NOW);
    expect(notes.join(' ')).not.toContain('Free cancellation until');
    expect(notes[2]).toMatch(/^This reservation can no longer be cancelled free of charge: the free cancellation period ended on .+ \(venue time\)\. If you cancel or do not come, the fee below applies\.$/);
    expect(guaranteeNotes(venue, sameDay, 'it', TEST_NOW)[2]).toMatch(/^Questa prenotazione non si può più cancellare gratuitamente/);
    // Two days ahead the promise stands.
    expect(guaranteeNotes(venue, booking('until'), 'en', TEST_NOW)[2]).toMatch(/^Free cancellation until /);
  });

  test('party size reads as in the summary', () => {
    expect(reserveText('en', 'people.count', { count: 2 })).toBe('2 people');
    expect(reserveText('it', 'people.count', { count: 1 })).toBe('1 persona');
  });
});

describe('the visit reason in the e-mails', () => {
  const withReasons = { booking: { visitReasons: [{ key: 'compleanno', label: { it: 'Compleanno', en: 'Birthday' } }] } } as unknown as Parameters<typeof visitReasonText>[0];
  test("the venue's label in the guest's language, Other, or the key as given", () => {
    expect(visitReasonText(withReasons, 'compleanno', 'en')).toBe('Birthday');
    expect(visitReasonText(withReasons, 'compleanno', 'de')).toBe('Compleanno');
    expect(visitReasonText(withReasons, 'other', 'fr')).toBe(reserveText('fr', 'details.other'));
    expect(visitReasonText({ booking: null } as unknown as Parameters<typeof visitReasonText>[0], 'nozze', 'it')).toBe('nozze');
  });
});
