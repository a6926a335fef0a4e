/**
 * @jest-environment jsdom
 */
import { screen } from '@testing-library/react';
import { BookingCard } from '@/components/staff/booking-card';
import type { StaffBooking } from '@/lib/contract/staff';
import { messagesOf, renderWithIntl } from '../helpers/intl';
import { sheetNamespaces } from '@/app/_screens/staff/namespaces';

const AT = '2030-05-04T15:00:00.000Z';
const booking = (over: Partial<StaffBooking> = {}): StaffBooking => ({
  kind: 'table', hash: 'A'.repeat(22), version: 1, date: '2030-05-04', time: '20:00', shift: 'cena', covers: 6, name: 'Anna Rossi', phone: '+39 347 123 4567', email: '',
  zone: 'sala', zoneName: { it: 'Sala', en: 'Room', fr: 'Salle', es: 'Sala', de: 'Saal' }, status: 'confirmed', attendance: '', noShowFrom: '', undoUntil: '', reminder: '', notes: '', visitReason: '',
  guarantee: null, fee: null, offer: null, paidCents: 0, experience: null, venueNote: '', answeredBy: '', answeredAt: '', createdAt: AT, source: 'phone', override: '', guaranteeWaived: '',
  tables: [], seatedAt: '', turnMinutes: 150, guest: null, ...over,
});
const card = (b: StaffBooking, locale: 'it' | 'en' | 'fr' | 'es' | 'de' = 'en') =>
  renderWithIntl(<BookingCard booking={b} locale={locale} currency="EUR" timeZone="Europe/Rome" now={AT} onChanged={() => {}} />, { locale, namespaces: sheetNamespaces });

describe("a card guarantee waived by staff's change, on the sheet (issue 44)", () => {
  it('shows a compact badge on the line and the fact in the details, in each language', () => {
    for (const locale of ['it', 'en', 'fr', 'es', 'de'] as const) {
      const text = messagesOf(locale).staffArea;
      const { unmount } = card(booking({ guaranteeWaived: AT }), locale);
      const badge = screen.getByTestId('badge-guarantee-waived');
      expect(badge).toHaveTextContent(text.badges.guaranteeWaived);
      expect(screen.getByTestId('staff-booking-line')).toContainElement(badge);
      expect(screen.getByTestId('guarantee-waived')).toHaveTextContent(text.guaranteeWaived);
      expect(screen.getByText(text.guarantee, { selector: 'dt' })).toBeInTheDocument();
      // Not the guarantee's own badge: no card is held.
      expect(screen.queryByTestId('badge-guarantee')).toBeNull();
      unmount();
    }
  });

  it('shows neither without a waiver, nor on a booking whose guarantee was kept', () => {
    card(booking());
    expect(screen.queryByTestId('badge-guarantee-waived')).toBeNull();
    expect(screen.queryByTestId('guarantee-waived')).toBeNull();
    card(booking({ hash: 'B'.repeat(22), guarantee: { provider: 'test', feeCents: 2000, currency: 'EUR', per: 'guest', policy: '', refundable: 'never', hoursBefore: 0 } }));
    expect(screen.getByTestId('badge-guarantee')).toBeInTheDocument();
    expect(screen.queryByTestId('badge-guarantee-waived')).toBeNull();
  });
});
