import { readPolicyText } from '@/components/forms/consent-field';
import itMessages from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';

/** Issue 29, point 17: "Datenschutzerklärung lesen", not "Richtlinie lesen: Datenschutzerklärung". */
describe('the link to a policy, as each language says it', () => {
  it.each([
    [itMessages, "Leggi l'informativa sulla privacy", "Leggi l'informativa marketing"],
    [en, 'Read the privacy policy', 'Read the marketing policy'],
    [fr, 'Lire la politique de confidentialité', 'Lire la politique marketing'],
    [es, 'Leer la política de privacidad', 'Leer la política de marketing'],
    [de, 'Datenschutzerklärung lesen', 'Marketing-Richtlinie lesen'],
  ])('%#', (messages, privacy, marketing) => {
    expect(readPolicyText(messages.forms.readPolicy, messages.forms.labels.privacyPolicy)).toBe(privacy);
    expect(readPolicyText(messages.forms.readPolicy, messages.forms.labels.marketingPolicy)).toBe(marketing);
  });
});

/** Issue 29, point 9: "Only 1 promotion available!", an ICU plural in every language. */
describe('the promotion count, in its plural forms', () => {
  it.each([
    [itMessages, 'Solo 1 promozione disponibile!', 'Solo 3 promozioni disponibili!'],
    [en, 'Only 1 promotion available!', 'Only 3 promotions available!'],
    [fr, 'Seulement 1 promotion disponible !', 'Seulement 3 promotions disponibles !'],
    [es, '¡Solo 1 promoción disponible!', '¡Solo 3 promociones disponibles!'],
    [de, 'Nur noch 1 Code verfügbar!', 'Nur noch 3 Codes verfügbar!'],
  ])('%#', async (messages, one, three) => {
    const { formatIcu } = await import('@/server/outbox/templates');
    expect(formatIcu(messages.promo.available, { count: 1 }, 'en')).toBe(one);
    expect(formatIcu(messages.promo.available, { count: 3 }, 'en')).toBe(three);
  });
});
