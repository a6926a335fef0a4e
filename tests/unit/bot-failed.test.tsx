/**
 * @jest-environment jsdom
 */
import { createRef } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { BotFailed } from '@/components/reservation/bot-failed';
import { messagesOf, renderWithIntl } from '../helpers/intl';
import { reserveNamespaces } from '@/app/_screens/reservation/namespaces';

const t = messagesOf('en').reserve;

/** Issue 41: a failed bot check after a payment offers to send the booking again with that payment. */
describe('the failed bot check', () => {
  it('without a payment, offers only to restart the booking', () => {
    const onRestart = jest.fn();
    renderWithIntl(<BotFailed headingRef={createRef()} onRestart={onRestart} />, { namespaces: reserveNamespaces });
    expect(screen.getByRole('heading', { name: 'Security verification failed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.botcheck.retryPaid })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restart the booking' }));
    expect(onRestart).toHaveBeenCalledTimes(1);
  });

  it('after a payment, offers a retry that keeps it, first, and says what a restart does to the money', () => {
    const onRestart = jest.fn();
    const onRetry = jest.fn();
    renderWithIntl(<BotFailed headingRef={createRef()} onRestart={onRestart} paid={{ text: 'Your payment of €60 is kept for 30 minutes', onRetry }} />, { namespaces: reserveNamespaces });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Try again: your payment is kept', 'Restart the booking']);
    expect(screen.getByText('Your payment of €60 is kept for 30 minutes')).toBeInTheDocument();
    fireEvent.click(buttons[0]);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onRestart).not.toHaveBeenCalled();
  });
});
