/**
 * @jest-environment jsdom
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MoveTable, TurnTimer } from '@/components/staff/table-move';
import { staffBookedAnswer } from '@/lib/api/answers/staff';
import type { StaffBooking } from '@/lib/contract/staff';
import { answerFixture } from '../helpers/answers';
import { messagesOf, renderWithIntl } from '../helpers/intl';
import { sheetNamespaces } from '@/app/_screens/staff/namespaces';

const text = messagesOf('en').staffArea;
const SEATED = '2030-05-04T18:00:00.000Z';
const booking = (over: Partial<StaffBooking> = {}): StaffBooking => ({
  kind: 'table', hash: 'A'.repeat(22), version: 0, date: '2030-05-04', time: '20:00', shift: 'cena', covers: 4, name: 'Anna Rossi', phone: '+39 347 123 4567', email: '',
  zone: 'sala', zoneName: { it: 'Sala', en: 'Room', fr: 'Salle', es: 'Sala', de: 'Saal' }, status: 'confirmed', attendance: 'arrived', noShowFrom: '', undoUntil: '', reminder: '', notes: '', visitReason: '',
  guarantee: null, fee: null, offer: null, paidCents: 0, experience: null, venueNote: '', answeredBy: '', answeredAt: '', createdAt: SEATED, source: 'phone', override: '', guaranteeWaived: '',
  tables: ['4'], seatedAt: SEATED, turnMinutes: 120, guest: null, ...over,
});
const at = (minutes: number) => new Date(Date.parse(SEATED) + minutes * 60_000 + 30_000).toISOString();
const answering = (status: number, body: unknown) => {
  const mock = jest.fn().mockResolvedValue({ ok: status < 400, status, json: async () => body });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
};
/** The last call's address and body, without its idempotency key (a move takes none; the forms' call sends one for every staff call). */
const lastCall = () => {
  const [url, init] = (global.fetch as jest.Mock).mock.calls.at(-1) as [string, { body: string }];
  const body = JSON.parse(init.body) as Record<string, unknown>;
  delete body.idempotencyKey;
  return [url, body];
};
const TABLES = [
  { tables: ['4'], zone: 'sala', min: 2, max: 4 },
  { tables: ['5'], zone: 'sala', min: 2, max: 4 },
  { tables: ['4', '5'], zone: 'sala', min: 5, max: 8 },
  { tables: ['20'], zone: 'terrazza', min: 1, max: 4 },
];

describe('tables on the sheet (issue 44)', () => {
  it("shows a seated party's minutes against its turn, as text, flagged once over; nothing before it sits", () => {
    const { rerender } = renderWithIntl(<TurnTimer booking={booking()} now={at(45)} />, { namespaces: sheetNamespaces });
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('45/120 min');
    expect(timer).toHaveAccessibleName('Seated for 45 minutes of a 120-minute turn');
    expect(timer).toHaveAttribute('data-over', 'false');
    rerender(<TurnTimer booking={booking()} now={at(121)} />);
    expect(screen.getByRole('timer')).toHaveTextContent(`${text.turn.over} · 121/120 min`);
    expect(screen.getByRole('timer')).toHaveAttribute('data-over', 'true');
    rerender(<TurnTimer booking={booking({ attendance: '', seatedAt: '' })} now={at(121)} />);
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it("offers the zone's tables and combinations; a table taken is refused, then moved with the override ticked", async () => {
    const onMoved = jest.fn();
    renderWithIntl(<MoveTable booking={booking()} tables={TABLES} onClose={() => undefined} onMoved={onMoved} />, { namespaces: sheetNamespaces });
    const select = screen.getByLabelText(text.tables.choose);
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', '4', '5', '4+5']);
    fireEvent.change(select, { target: { value: '5' } });
    answering(409, { error: 'full', fieldErrors: { override: 'tableTaken' } });
    fireEvent.click(screen.getByRole('button', { name: text.tables.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text.book.full.tableTaken);
    expect(lastCall()).toEqual(['/api/staff/table', { hash: 'A'.repeat(22), tables: ['5'], override: false }]);
    expect(screen.getByRole('button', { name: text.tables.save })).toBeDisabled();
    fireEvent.click(screen.getByLabelText(text.book.override));
    answering(200, answerFixture(staffBookedAnswer, { result: 'changed', booking: booking({ tables: ['5'], override: 'tableTaken' }), override: 'tableTaken' }));
    fireEvent.click(screen.getByRole('button', { name: text.tables.save }));
    await waitFor(() => expect(onMoved).toHaveBeenCalledWith(expect.objectContaining({ tables: ['5'] }), 'Moved to table 5.'));
    expect(lastCall()).toEqual(['/api/staff/table', { hash: 'A'.repeat(22), tables: ['5'], override: true }]);
  });

  it('says in words why a table of another area is refused, on the field', async () => {
    renderWithIntl(<MoveTable booking={booking()} tables={TABLES} onClose={() => undefined} onMoved={() => undefined} />, { namespaces: sheetNamespaces });
    fireEvent.change(screen.getByLabelText(text.tables.choose), { target: { value: '4+5' } });
    answering(400, { error: 'invalid', fieldErrors: { tables: 'tableOtherZone' } });
    fireEvent.click(screen.getByRole('button', { name: text.tables.save }));
    expect(await screen.findByText(text.book.errors.tableOtherZone)).toBeInTheDocument();
    expect(screen.getByLabelText(text.tables.choose)).toHaveAttribute('aria-invalid', 'true');
  });
});
