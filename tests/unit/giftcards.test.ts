import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBackendClient } from '@/lib/backend/client';
import { legacyTransport } from '@/lib/backend/legacy';
import { giftcardCheckoutSchema, giftcardErrorKeys, normalizeCardCode, parseAmountCents } from '@/lib/forms/giftcard';
import { fieldErrors } from '@/lib/forms/fields';
import { CODE_ALPHABET, formatCardCode, newCardCode } from '@/server/giftcards/codes';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';

const valid = {
  id: 'buono-50',
  quantity: '1',
  firstName: 'Anna',
  lastName: 'Rossi',
  email: 'Anna@Example.com',
  prefix: '+39',
  mobile: '347 123 4567',
  birthDate: '12/05/1985',
  city: 'Firenze',
  country: 'Italia',
  province: 'FI',
  cap: '50100',
  recipient: 'me',
  paymentMethod: 'wallet',
  privacy: '1',
};
const errors = (values: Record<string, string>) => {
  const parsed = giftcardCheckoutSchema.safeParse(values);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe('gift card checkout: spec section 5', () => {
  test('every validation message is there, word for word in English, in all five languages', () => {
    const g = en.giftcards.errors as Record<string, string>;
    expect(g.amountRange).toBe('Please enter an amount between {min} and {max}.');
    expect(g.required).toBe('Please fill in all required fields.');
    expect(g.emailInvalid).toBe('Please enter a valid email address.');
    expect(g.phoneInvalid).toBe('Please enter a valid phone number.');
    expect(g.recipientEmailInvalid).toMatch(/for the recipient\.$/);
    expect(g.recipientPhoneInvalid).toMatch(/for the recipient\.$/);
    expect(g.privacyRequired).toBe('Accept the privacy policy to proceed with the purchase');
    expect(en.giftcards.notAvailableTitle).toBe('Gift card not available');
    expect(en.giftcards.notAvailableText).toBe('It is not possible to proceed with the purchase of the selected gift card.');
    expect(en.giftcards.createErrorTitle).toBe('Error during gift card creation');
    expect(en.giftcards.createErrorText).toBe('An error occurred during gift card creation. Please try again later.');
    expect(en.giftcards.empty).toBe('No gift cards found.');
    expect(en.payment.redirecting).toBe('You are being redirected...');
    expect(en.giftcards.payment.notFound).toBe('Payment not found.');
    expect(en.giftcards.payment.default).toBe('Error during payment. Please try again later.');
    expect(en.giftcards.payment.publicKeyMissing.replace('{provider}', 'Stripe')).toBe('Internal error: Stripe public key is missing.');
    expect(en.giftcards.checkout.proceed).toBe('Proceed to payment');
    expect(en.giftcards.checkout.toMe).toBe('To me');
    expect(en.giftcards.checkout.toOther).toBe('To another person');
    expect(en.giftcards.confirmation.sentTo).toBe('The gift card will be sent to:');
    for (const catalogue of [it, en, fr, es, de]) {
      const keys = catalogue.giftcards.errors as Record<string, string>;
      for (const key of giftcardErrorKeys) expect(keys[key]).toBeTruthy();
      expect(keys.amountRange).toContain('{min}');
      expect(keys.amountRange).toContain('{max}');
    }
  });

  test('the schema gives each rule its message key', () => {
    expect(errors(valid)).toEqual({});
    // Only what delivers and receipts the card is required (issue 29): names and e-mails.
    expect(errors({ recipient: 'me', paymentMethod: 'card' })).toEqual({ id: 'required', quantity: 'required', firstName: 'required', lastName: 'required', email: 'required', privacy: 'privacyRequired' });
    expect(errors({ ...valid, prefix: '', mobile: '', birthDate: '', city: '', province: '', country: '', cap: '' })).toEqual({});
    expect(errors({ ...valid, birthDate: '31/02/1990' })).toEqual({ birthDate: 'birthDateInvalid' });
    // German writes the date with dots (the hint says TT.MM.JJJJ); mixed separators are not a date.
    expect(errors({ ...valid, birthDate: '12.05.1985' })).toEqual({});
    expect(errors({ ...valid, birthDate: '12.05/1985' })).toEqual({ birthDate: 'birthDateInvalid' });
    expect(errors({ ...valid, email: 'anna@' })).toEqual({ email: 'emailInvalid' });
    expect(errors({ ...valid, mobile: '123' })).toEqual({ mobile: 'phoneInvalid' });
    expect(errors({ ...valid, privacy: '0' })).toEqual({ privacy: 'privacyRequired' });
    expect(errors({ ...valid, recipient: 'other' })).toEqual({ recipientFirstName: 'required', recipientLastName: 'required', recipientEmail: 'required' });
    expect(errors({ ...valid, recipient: 'other', recipientFirstName: 'B', recipientLastName: 'B', recipientEmail: 'b@', recipientMobile: '1' })).toEqual({
      recipientEmail: 'recipientEmailInvalid',
      recipientMobile: 'recipientPhoneInvalid',
    });
    expect(errors({ ...valid, customValue: '12,345' })).toEqual({ customValue: 'amountInvalid' });
    const parsed = giftcardCheckoutSchema.parse({ ...valid, customValue: '75,5' });
    expect(parsed).toMatchObject({ email: 'anna@example.com', birthDate: '1985-05-12', customValueCents: 7550, recipientEmail: '' });
  });

  test('amounts typed with a comma or a dot are read as cents', () => {
    expect(parseAmountCents('')).toBeNull();
    expect(parseAmountCents('75')).toBe(7500);
    expect(parseAmountCents('75.50')).toBe(7550);
    expect(parseAmountCents('-5')).toBe('invalid');
  });
});

describe('gift card codes', () => {
  test('16 symbols of an alphabet without 0, O, 1, I: 80 random bits, read aloud without confusion', () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(CODE_ALPHABET).not.toMatch(/[0O1I]/);
    const codes = new Set(Array.from({ length: 2000 }, newCardCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    const code = [...codes][0];
    expect(normalizeCardCode(formatCardCode(code).toLowerCase())).toBe(code);
  });
});

describe('a legacy backend without the gift card calls', () => {
  let server: http.Server;
  let baseUrl: string;
  beforeAll(async () => {
    process.env.LOG_LEVEL = 'silent';
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url?.endsWith('/location/getlocation')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ status: true, data: { locationname: 'Vecchio', services: { giftCards: 0 } } }));
          return;
        }
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<h1>Not Found</h1>');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  test('hides the section (no link, an empty list) rather than breaking', async () => {
    const client = createBackendClient(legacyTransport({ baseUrl, token: 't', host: 'old.example.com' }), 'legacy');
    const location = await client.getLocation();
    expect(location.status === 'ok' && location.data.services.giftCards).toBe(false);
    expect(await client.getGiftcards()).toEqual({ status: 'failed' });
    expect(await client.giftcard('checkout', { id: 'x' })).toEqual({ status: false, error: 'unavailable', fieldErrors: {} });
  });
});
