/**
 * @jest-environment jsdom
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AutoOffers } from '@/components/staff/auto-offers';
import { autoOffersAnswer } from '@/lib/api/answers/staff';
import { answerFixture } from '../helpers/answers';
import { messagesOf, renderWithIntl } from '../helpers/intl';
import { sheetNamespaces } from '@/app/_screens/staff/namespaces';

const text = messagesOf('en').staffArea;
const answering = (status: number, body: unknown) => {
  const mock = jest.fn().mockResolvedValue({ ok: status < 400, status, json: async () => body });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
};

/** The service sheet's switch for automatic waiting-list offers: one POST, and the answer read with its check. */
describe('automatic offers switch', () => {
  it('sends the new setting and asks the sheet to reload; no alert when the venue answered', async () => {
    const fetchMock = answering(200, answerFixture(autoOffersAnswer, { autoOffers: true }));
    const onChanged = jest.fn();
    renderWithIntl(<AutoOffers enabled={false} onChanged={onChanged} />, { namespaces: sheetNamespaces });
    fireEvent.click(screen.getByLabelText(text.offers.automatic));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith('/api/staff/autooffers', expect.objectContaining({ method: 'POST', body: JSON.stringify({ enabled: true }) }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the change did not go through when the answer is a refusal, or a 200 of another shape', async () => {
    for (const [status, body] of [[503, { error: 'unavailable' }], [200, { autoOffers: 'yes' }]] as const) {
      answering(status, body);
      const { unmount } = renderWithIntl(<AutoOffers enabled={false} onChanged={() => undefined} />, { namespaces: sheetNamespaces });
      fireEvent.click(screen.getByLabelText(text.offers.automatic));
      expect(await screen.findByRole('alert')).toHaveTextContent(text.unavailable);
      unmount();
    }
  });
});
