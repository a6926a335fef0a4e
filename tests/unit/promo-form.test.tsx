/**
 * @jest-environment jsdom
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '@/messages/en.json';
import { PromoForm } from '@/components/promo/promo-form';
import { renderWithIntl } from '../helpers/intl';
import { promoLiveNamespaces } from '@/app/_screens/promo/namespaces';

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

const policies = { privacy: 'Privacy text', marketing: 'Marketing text' };

function fillForm(phone: string) {
  fireEvent.change(document.getElementById('promo-nome')!, { target: { value: 'Anna' } });
  fireEvent.change(document.getElementById('promo-cognome')!, { target: { value: 'Rossi' } });
  fireEvent.change(document.getElementById('promo-email')!, { target: { value: 'anna@example.com' } });
  fireEvent.change(document.getElementById('promo-telefono')!, { target: { value: phone } });
  fireEvent.click(document.getElementById('promo-privacy')!);
}

afterEach(() => {
  jest.restoreAllMocks();
  push.mockReset();
});

describe('the promo form checks the server rules in the browser', () => {
  const renderForm = () =>
    renderWithIntl(<PromoForm locale="en" urlName="aperitivo-omaggio" policies={policies} prefixes={[{ name: 'Italia', prefix: '+39', iso: 'IT' }]} defaultPrefix="+39" country="IT" onState={() => undefined} />, { namespaces: promoLiveNamespaces });

  it('refuses a number that is no phone number for its prefix, and the missing marketing consent, without sending', async () => {
    const fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
    renderForm();
    // Digits, but no Italian number: the old rules of this form took any digits.
    fillForm('1234');
    fireEvent.click(screen.getByRole('button', { name: en.promo.submit }));
    const summary = await screen.findByRole('alert', { name: en.forms.summaryTitle });
    expect(summary).toHaveTextContent(en.forms.errors.phoneInvalid);
    expect(summary).toHaveTextContent(en.promo.marketingRequired);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a valid request, normalised as the server reads it, and goes to the confirmation', async () => {
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => ({ outcome: 'confirm', id: 'p1' }) });
    global.fetch = fetchMock as unknown as typeof fetch;
    renderForm();
    fillForm('347 123 4567');
    fireEvent.click(document.getElementById('promo-marketing')!);
    fireEvent.click(screen.getByRole('button', { name: en.promo.submit }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/en/frontpage/promo/aperitivo-omaggio/confirm?id=p1'));
    const sent = JSON.parse(fetchMock.mock.calls[0][1].body as string);
    expect(sent).toMatchObject({ nome: 'Anna', prefisso: '+39', telefono: '347 123 4567', privacy: true, marketing: true, urlName: 'aperitivo-omaggio', language: 'en' });
  });
});
