/**
 * @jest-environment jsdom
 */
import { screen } from '@testing-library/react';
import { ExperiencePrice } from '@/components/experiences/experience-price';
import { renderWithIntl } from '../helpers/intl';

/** Issue 45: the list and the detail page say the deposit (or the prepayment) before the payment step. */
describe('an experience price', () => {
  it('with a deposit: the price per person and the deposit per person, the rest at the venue', () => {
    renderWithIntl(<ExperiencePrice experience={{ prezzo: 65, importoDepositoAcconto: 30, tipoAcquisto: 1 }} currency="EUR" locale="en" />);
    expect(screen.getByText(/^Price:/)).toHaveTextContent('Price: €65 per person · deposit of €30 per person when you book, the rest at the venue');
  });

  it('in Italian and German, as the data says: a deposit, a prepayment, at the venue', () => {
    const { unmount } = renderWithIntl(<ExperiencePrice experience={{ prezzo: 45, importoDepositoAcconto: 15, tipoAcquisto: 1 }} currency="EUR" locale="it" />, { locale: 'it' });
    expect(screen.getByText(/^Prezzo:/)).toHaveTextContent('acconto di € 15 a persona alla prenotazione, il resto nel locale');
    unmount();
    const prepaid = renderWithIntl(<ExperiencePrice experience={{ prezzo: 45, importoDepositoAcconto: 0, tipoAcquisto: 2 }} currency="EUR" locale="de" />, { locale: 'de' });
    expect(screen.getByText(/^Preis:/)).toHaveTextContent('bei der Buchung vollständig zu bezahlen');
    prepaid.unmount();
    renderWithIntl(<ExperiencePrice experience={{ prezzo: 45, importoDepositoAcconto: 0, tipoAcquisto: 0 }} currency="EUR" locale="en" />);
    expect(screen.getByText(/^Price:/)).toHaveTextContent('paid at the venue');
  });

  it('free and nothing to pay: no price line', () => {
    const { container } = renderWithIntl(<ExperiencePrice experience={{ prezzo: 0, importoDepositoAcconto: 0, tipoAcquisto: 0 }} currency="EUR" locale="en" />);
    expect(container).toBeEmptyDOMElement();
  });
});
