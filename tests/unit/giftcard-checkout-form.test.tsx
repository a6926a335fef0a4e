/**
 * @jest-environment jsdom
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { GiftcardCheckoutForm } from '@/components/giftcards/checkout-form';
import en from '@/messages/en.json';
import { giftcardCheckoutSchema } from '@/lib/forms/giftcard';
import { fieldErrors } from '@/lib/forms/fields';
import { checkoutAnswer } from '@/lib/api/answers/giftcards';
import { answerFixture } from '../helpers/answers';
import { renderWithIntl } from '../helpers/intl';
import { checkoutNamespaces } from '@/app/_screens/giftcards/namespaces';

const g = en.giftcards;
const policies = { privacy: 'Privacy text', marketing: 'Marketing text' };
const cards = [
  { id: 'buono-50', title: '€50 gift card', value: 5000, price: 4500, customMin: null, customMax: null, maxQuantity: 10 },
  { id: 'buono-libero', title: 'Gift card of your choice', value: 5000, price: 5000, customMin: 2000, customMax: 50000, maxQuantity: 5 },
];
const prefixes = [{ name: 'Italia', prefix: '+39', iso: 'IT' }];

function renderForm(initial: Record<string, string> = {}) {
  return renderWithIntl(<GiftcardCheckoutForm locale="en" currency="€" cards={cards} initial={{ prefix: '+39', recipientPrefix: '+39', id: 'buono-50', quantity: '1', ...initial }} prefixes={prefixes} policies={policies} />, { namespaces: checkoutNamespaces });
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('gift card checkout form', () => {
  it('keeps the order summary in step with the card, the quantity and a custom value', () => {
    renderForm({ quantity: '2' });
    const summary = document.querySelector('.summary__list')!;
    expect(summary).toHaveTextContent('€50 gift card');
    expect(summary).toHaveTextContent('€90');
    fireEvent.change(screen.getByLabelText(g.checkout.chooseCard), { target: { value: 'buono-libero' } });
    fireEvent.change(screen.getByLabelText(/Custom value/), { target: { value: '75' } });
    expect(summary).toHaveTextContent('€150');
    expect(screen.getByText('Any amount between €20 and €500')).toBeInTheDocument();
  });

  it('shows the recipient fields only for "To another person"', () => {
    renderForm();
    expect(screen.queryByLabelText(/Recipient's e-mail/)).toBeNull();
    fireEvent.click(screen.getByLabelText(g.checkout.toOther));
    expect(screen.getByLabelText(/Recipient's e-mail/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Message for the recipient/)).toBeInTheDocument();
  });

  it('lists the server\'s section 5 messages in the error summary, with {min} and {max} filled in', async () => {
    // The 400 the handler sends: its schema's field errors for this input, and the catalogue's
    // refusal of a value outside the card's range (server/giftcards/catalog.ts).
    const parsed = giftcardCheckoutSchema.safeParse({ id: 'buono-libero', quantity: '1', customValue: '5', firstName: 'Anna', lastName: 'Rossi', email: 'anna@', prefix: '+39', recipient: 'other', recipientFirstName: 'Bruno', recipientLastName: 'Bianchi', recipientEmail: 'bruno@', recipientPrefix: '+39', recipientMobile: '12', paymentMethod: 'card', privacy: '0' });
    if (parsed.success) throw new Error('the schema took an invalid checkout');
    const fetchMock = jest.fn().mockResolvedValue({ ok: false, status: 400, json: async () => ({ error: 'invalid', fieldErrors: { customValue: 'amountRange', ...fieldErrors(parsed.error) } }) });
    global.fetch = fetchMock as unknown as typeof fetch;
    renderForm({ id: 'buono-libero', recipient: 'other' });
    fireEvent.click(screen.getByRole('button', { name: g.checkout.proceed }));
    const summary = await screen.findByRole('alert', { name: g.errors.summaryTitle });
    expect(summary).toHaveTextContent('Please enter an amount between €20 and €500.');
    expect(summary).toHaveTextContent('Please enter a valid email address.');
    expect(summary).toHaveTextContent('Please enter a valid email address for the recipient.');
    expect(summary).toHaveTextContent('Please enter a valid phone number for the recipient.');
    expect(summary).toHaveTextContent('Accept the privacy policy to proceed with the purchase');
    const sent = JSON.parse(fetchMock.mock.calls[0][1].body as string);
    expect(sent).toMatchObject({ id: 'buono-libero', recipient: 'other', language: 'en' });
    expect(sent).not.toHaveProperty('total');
  });

  it('leaves for the payment on the checkout answer, and refuses an answer of another shape', async () => {
    const fill = () => {
      fireEvent.change(document.getElementById('giftcard-checkout-firstName')!, { target: { value: 'Anna' } });
      fireEvent.change(document.getElementById('giftcard-checkout-lastName')!, { target: { value: 'Rossi' } });
      fireEvent.change(document.getElementById('giftcard-checkout-email')!, { target: { value: 'anna@example.com' } });
      fireEvent.click(document.getElementById('giftcard-checkout-privacy')!);
      fireEvent.click(screen.getByRole('button', { name: g.checkout.proceed }));
    };
    const answering = (data: unknown) => (global.fetch = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => ({ data }) }) as unknown as typeof fetch);
    // A 200 the page cannot read is not a payment page to go to: the guest is told, the form stays.
    answering({ fingerprint: 42 });
    const first = renderForm();
    fill();
    await waitFor(() => expect(screen.getByText(g.errors.unavailable)).toBeInTheDocument());
    first.unmount();
    // The handler's answer: the page goes on (jsdom does not navigate; the form stays busy, with no notice).
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    answering(answerFixture(checkoutAnswer, { fingerprint: 'f'.repeat(22), provider: 'testpay' }));
    renderForm();
    fill();
    await waitFor(() => expect(screen.getByRole('button', { name: g.checkout.sending })).toBeDisabled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('button', { name: g.checkout.sending })).toBeDisabled();
    expect(screen.queryByText(g.errors.unavailable)).toBeNull();
  });

  it('says the service is unavailable, keeping what was typed, when the site cannot be reached', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('offline')) as unknown as typeof fetch;
    renderForm();
    fireEvent.change(document.getElementById('giftcard-checkout-firstName')!, { target: { value: 'Anna' } });
    fireEvent.click(screen.getByRole('button', { name: g.checkout.proceed }));
    await waitFor(() => expect(screen.getByText(g.errors.unavailable)).toBeInTheDocument());
    expect(document.getElementById('giftcard-checkout-firstName')).toHaveValue('Anna');
  });

  it('sends one idempotency key per submit: the same on a retry, a new one once the order changes (issue 41)', async () => {
    const fetchMock = jest.fn().mockRejectedValue(new TypeError('offline'));
    global.fetch = fetchMock as unknown as typeof fetch;
    renderForm();
    const keys = () => fetchMock.mock.calls.map((c) => JSON.parse(c[1].body as string).idempotencyKey as string);
    fireEvent.change(document.getElementById('giftcard-checkout-firstName')!, { target: { value: 'Anna' } });
    fireEvent.click(screen.getByRole('button', { name: g.checkout.proceed }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByText(g.errors.unavailable)).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: g.checkout.proceed }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('button', { name: g.checkout.proceed })).toBeEnabled());
    fireEvent.change(document.getElementById('giftcard-checkout-firstName')!, { target: { value: 'Anna Maria' } });
    fireEvent.click(screen.getByRole('button', { name: g.checkout.proceed }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    const [first, retry, changed] = keys();
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(retry).toBe(first);
    expect(changed).not.toBe(first);
  });
});
