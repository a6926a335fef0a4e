/**
 * @jest-environment jsdom
 */
import { fireEvent, screen } from '@testing-library/react';
import { BalanceForm } from '@/components/giftcards/balance-form';
import { balanceAnswer } from '@/lib/api/answers/giftcards';
import { answerFixture } from '../helpers/answers';
import { messagesOf, renderWithIntl } from '../helpers/intl';
import { balanceNamespaces } from '@/app/_screens/giftcards/namespaces';

const text = messagesOf('en').giftcards.balance;
const answering = (data: unknown) => (global.fetch = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => ({ data }) }) as unknown as typeof fetch);

/** Issue 41, point 7: the balance of a card paid with test money says "Test – no value"; a real card's does not. */
describe('gift card balance form', () => {
  it.each([
    [true, 1],
    [false, 0],
  ])('a card with test=%s shows the test mark %i time(s)', async (test, marks) => {
    answering(answerFixture(balanceAnswer, { balance: 750, value: 5000, validUntil: '2031-05-01', expired: false, test }));
    renderWithIntl(<BalanceForm locale="en" currency="€" />, { namespaces: balanceNamespaces });
    fireEvent.change(screen.getByLabelText(text.code), { target: { value: 'ABCD-EFGH-JKLM-NPQR' } });
    fireEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findByText(/7\.50/)).toBeInTheDocument();
    expect(screen.queryAllByText('Test – no value')).toHaveLength(marks);
  });
});
