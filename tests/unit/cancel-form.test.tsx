/**
 * @jest-environment jsdom
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { CancelForm } from '@/components/reservation/cancel-form';
import { cancelAnswer } from '@/lib/api/answers/reservation';
import { answerFixture } from '../helpers/answers';
import { messagesOf, renderWithIntl } from '../helpers/intl';
import { cancelNamespaces } from '@/app/_screens/reservation/namespaces';

const en = messagesOf('en');
const cancelling = () => {
  const mock = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => ({ data: answerFixture(cancelAnswer, { outcome: 'cancelled', feeCents: 0 }) }) });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
};

/** Issue 42: the cancel step reads its words through next-intl, a table booking's or an experience booking's, the amount an ICU argument. */
describe('the cancel form', () => {
  it("a table booking's: asks, then says it is cancelled and the fee that applies", async () => {
    const fetchMock = cancelling();
    renderWithIntl(<CancelForm hash="abc" locale="en" terms="Cancelling is free." done={{ fee: '€30' }} />, { namespaces: cancelNamespaces.table });
    expect(screen.getByText(en.reserve.cancel.question)).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.reserve.cancel.confirm })));
    expect(fetchMock).toHaveBeenCalledWith('/api/reservation/cancel', expect.objectContaining({ method: 'POST' }));
    expect(screen.getByRole('heading', { name: en.reserve.cancel.doneTitle })).toBeInTheDocument();
    expect(screen.getByText('A cancellation fee of €30 applies.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.reserve.outcome.newReservation })).toHaveAttribute('href', '/en/reserve');
  });

  it("an experience booking's: its own words, and the refund once cancelled", async () => {
    cancelling();
    renderWithIntl(<CancelForm hash="abc" locale="en" kind="experience" terms="" endpoint="/api/experience/booking/cancel" newPath="/frontpage/esperienze" done={{ refund: '€60' }} />, { namespaces: cancelNamespaces.experience });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.experiences.manage.confirmCancel })));
    expect(screen.getByRole('heading', { name: en.experiences.manage.doneTitle })).toBeInTheDocument();
    expect(screen.getByText('The €60 you paid will be refunded in full.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.experiences.manage.another })).toBeInTheDocument();
  });

  it('once cancelled, shows the booking as cancelled under the news, never "Status: Confirmed" above it (issue 45)', async () => {
    cancelling();
    const summary = (status: string) => (
      <dl>
        <dt>{en.reserve.summary.status}</dt>
        <dd data-testid="booking-status">{status}</dd>
      </dl>
    );
    renderWithIntl(<CancelForm hash="abc" locale="en" terms="Cancelling is free." summary={summary(en.reserve.bookingStatus.confirmed)} cancelledSummary={summary(en.reserve.bookingStatus.cancelled)} />, { namespaces: cancelNamespaces.table });
    expect(screen.getByTestId('booking-status')).toHaveTextContent(en.reserve.bookingStatus.confirmed);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.reserve.cancel.confirm })));
    expect(screen.getAllByTestId('booking-status').map((s) => s.textContent)).toEqual([en.reserve.bookingStatus.cancelled]);
    expect(screen.queryByText(en.reserve.bookingStatus.confirmed)).toBeNull();
    // The news first, then the booking as it now stands.
    const heading = screen.getByRole('heading', { name: en.reserve.cancel.doneTitle });
    expect(heading.compareDocumentPosition(screen.getByTestId('booking-status')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('the page heading says the reservation is cancelled once it is, never "Cancel your reservation" above the news (issue 45)', async () => {
    cancelling();
    renderWithIntl(<CancelForm title={en.reserve.cancel.title} hash="abc" locale="en" terms="Cancelling is free." />, { namespaces: cancelNamespaces.table });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.reserve.cancel.title);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.reserve.cancel.confirm })));
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([en.reserve.cancel.doneTitle]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.reserve.cancel.doneTitle);
    expect(screen.queryByText(en.reserve.cancel.title)).toBeNull();
  });
});
