/**
 * @jest-environment jsdom
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { GuaranteeStep, type GuaranteeOffer } from '@/components/reservation/guarantee-step';
import type { WizardSetup } from '@/components/reservation/types';
import { guaranteeAnswer } from '@/lib/api/answers/reservation';
import { answerFixture } from '../helpers/answers';

import { messagesOf, renderWithIntl } from '../helpers/intl';
import { reserveNamespaces } from '@/app/_screens/reservation/namespaces';

const t = messagesOf('en').reserve;
const setup = { locale: 'en' } as WizardSetup;
const terms: GuaranteeOffer['terms'] = { refundable: 'until', hoursBefore: 24, feeCents: 3000, per: 'reservation', currency: '€', totalCents: 3000 };
/** The offers `/api/reservation/guarantee` answers, as the browser's check reads them. */
const offerOf = (offer: GuaranteeOffer): GuaranteeOffer => {
  answerFixture(guaranteeAnswer, offer);
  return offer;
};

describe('the card guarantee step', () => {
  it('without Stripe\'s public key says "Internal error: ... public key is missing." and cannot continue', () => {
    renderWithIntl(<GuaranteeStep setup={setup} offer={offerOf({ required: true, terms, payment: { kind: 'stripe', publishableKey: null } })} onDone={jest.fn()} />, { namespaces: reserveNamespaces });
    expect(screen.getByRole('alert')).toHaveTextContent("Internal error: the payment provider's public key is missing.");
    expect(screen.getByRole('button', { name: t.guarantee.save })).toBeDisabled();
    expect(screen.getByText('Cancellation policy: refundable until 1 day before the reservation.')).toBeInTheDocument();
    expect(screen.getByText('No-show fee: €30 per reservation.')).toBeInTheDocument();
  });

  it('with the local provider shows "Test mode", asks for the policy first, then saves the card', async () => {
    const onDone = jest.fn();
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, json: async () => ({ data: { status: 'succeeded' } }) });
    global.fetch = fetchMock as unknown as typeof fetch;
    renderWithIntl(<GuaranteeStep setup={setup} offer={offerOf({ required: true, terms, payment: { kind: 'local' }, reference: 'lseti_1', clientSecret: 'cs' })} onDone={onDone} />, { namespaces: reserveNamespaces });
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.guarantee.save })));
    expect(screen.getByText(t.errors.cancellationPolicyRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(t.guarantee.accept)).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText(t.guarantee.accept));
    fireEvent.change(screen.getByLabelText(t.guarantee.cardNumber), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(screen.getByLabelText(t.guarantee.expiry), { target: { value: '12/30' } });
    fireEvent.change(screen.getByLabelText(t.guarantee.cvc), { target: { value: '123' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.guarantee.save })));
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ reference: 'lseti_1', clientSecret: 'cs', cardNumber: '4242 4242 4242 4242' });
    expect(onDone).toHaveBeenCalledWith('lseti_1');
  });

  /** The venue's wall clock (`YYYY-MM-DD`, `HH:MM`) `hours` from now, in Rome. */
  const romeIn = (hours: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
        .formatToParts(new Date(Date.now() + hours * 3_600_000))
        .map((p) => [p.type, p.value]),
    );
    return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
  };

  it('a booking a few hours ahead, its free cancellation (24 hours before) already over: says so, and never promises it (issue 45)', () => {
    const romeSetup = { locale: 'en', timezone: 'Europe/Rome' } as WizardSetup;
    renderWithIntl(<GuaranteeStep setup={romeSetup} at={romeIn(3)} offer={offerOf({ required: true, terms, payment: { kind: 'local' }, reference: 'lseti_1', clientSecret: 'cs' })} onDone={jest.fn()} />, { namespaces: reserveNamespaces });
    expect(screen.queryByText('Cancellation policy: refundable until 1 day before the reservation.')).toBeNull();
    expect(screen.getByText(/^This reservation can no longer be cancelled free of charge: the free cancellation period ended on .+ \(venue time\)\. If you cancel or do not come, the fee below applies\.$/)).toBeInTheDocument();
    expect(screen.getByText('No-show fee: €30 per reservation.')).toBeInTheDocument();
  });

  it('a booking days ahead keeps the policy as the spec words it', () => {
    const romeSetup = { locale: 'en', timezone: 'Europe/Rome' } as WizardSetup;
    renderWithIntl(<GuaranteeStep setup={romeSetup} at={romeIn(24 * 5)} offer={offerOf({ required: true, terms, payment: { kind: 'local' }, reference: 'lseti_1', clientSecret: 'cs' })} onDone={jest.fn()} />, { namespaces: reserveNamespaces });
    expect(screen.getByText('Cancellation policy: refundable until 1 day before the reservation.')).toBeInTheDocument();
    expect(screen.queryByText(/can no longer be cancelled free of charge/)).toBeNull();
  });
});
