import { isTestMoney, isTestPayment, providerOfReference } from '@/server/payments/test-money';
import { markTestMoney } from '@/server/outbox/layout';

/** Issue 41, point 7: what counts as test money, and how a message about it is marked. */
describe('test money', () => {
  it('is whatever the local provider took, and what Stripe took under anything but a live key', () => {
    expect(isTestMoney('local', 'sk_live_abc')).toBe(true);
    expect(isTestMoney('stripe', 'sk_test_abc')).toBe(true);
    expect(isTestMoney('stripe', '')).toBe(true);
    expect(isTestMoney('stripe', 'sk_live_abc')).toBe(false);
    expect(isTestMoney('stripe', 'rk_live_abc')).toBe(false);
    expect(providerOfReference('pi_3Nabc')).toBe('stripe');
    expect(providerOfReference('lpi_abc')).toBe('local');
    expect(providerOfReference('lnpi_abc')).toBe('local');
    expect(isTestPayment(null)).toBe(false);
    expect(isTestPayment('lpi_abc')).toBe(true);
  });

  it('marks a message in its language: the subject, the first line, the first paragraph of the HTML', () => {
    const marked = markTestMoney({ locale: 'de', subject: 'Neue Bestellung', text: 'Hallo,', html: '<!doctype html><html><body style="x"><p>Hallo,</p></body></html>' });
    expect(marked.subject).toBe('[Test – ohne Wert] Neue Bestellung');
    expect(marked.text.split('\n')[0]).toBe('[Test – ohne Wert] Testzahlung: Es wurde kein echtes Geld belastet oder erstattet, und sie hat keinen Wert.');
    expect(marked.html).toMatch(/<body style="x">\n<p [^>]*>\[Test – ohne Wert\] Testzahlung/);
    const plain = markTestMoney({ locale: 'it', subject: 'Nuovo ordine gift card 12', text: 'Ciao,' });
    expect(plain.subject).toBe('[Prova – nessun valore] Nuovo ordine gift card 12');
    expect(plain).not.toHaveProperty('html');
  });
});
