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
