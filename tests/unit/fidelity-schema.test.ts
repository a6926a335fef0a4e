import fs from 'node:fs';
import path from 'node:path';
import { fidelitySchema } from '@/lib/forms/fidelity';
import { fieldErrors } from '@/lib/forms/fields';
import { locales } from '@/lib/i18n/locales';

const valid = {
  nome: 'Anna',
  cognome: 'Rossi',
  email: 'anna.rossi@example.com',
  prefisso: '+39',
  telefono: '347 123 4567',
  compleannoGiorno: '12',
  compleannoMese: '5',
  privacy: true,
  marketing: true,
};
const errorsOf = (input: Record<string, unknown>) => {
  const result = fidelitySchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};
const messages = Object.fromEntries(
  locales.map((l) => [l, JSON.parse(fs.readFileSync(path.join(__dirname, '../../messages', `${l}.json`), 'utf8')).forms.errors as Record<string, string>]),
);

describe('loyalty sign-up schema (spec section 5)', () => {
  it('accepts a complete sign-up and normalises its values', () => {
    const result = fidelitySchema.parse(valid);
    expect(result).toMatchObject({ compleannoGiorno: 12, compleannoMese: 5, privacy: true, marketing: true });
  });

  it('gives every rule its own message', () => {
    const empty = { nome: '', cognome: '', email: '', prefisso: '', telefono: '', compleannoGiorno: '', compleannoMese: '', privacy: false, marketing: false };
    expect(errorsOf(empty)).toEqual({
      nome: 'nameRequired',
      cognome: 'surnameRequired',
      email: 'emailRequired',
      prefisso: 'prefixRequired',
      telefono: 'phoneRequired',
      compleannoGiorno: 'birthDayRequired',
      compleannoMese: 'birthMonthRequired',
      privacy: 'privacyRequired',
      marketing: 'marketingRequired',
    });
  });

  it('answers missing or mistyped fields with the same message keys', () => {
    expect(errorsOf({})).toEqual({
      nome: 'nameRequired',
      cognome: 'surnameRequired',
      email: 'emailRequired',
      prefisso: 'prefixRequired',
      telefono: 'phoneRequired',
      compleannoGiorno: 'birthDayRequired',
      compleannoMese: 'birthMonthRequired',
      privacy: 'privacyRequired',
      marketing: 'marketingRequired',
    });
    expect(errorsOf({ ...valid, nome: 42, privacy: 'yes', compleannoMese: null })).toEqual({
      nome: 'nameRequired',
      privacy: 'privacyRequired',
      compleannoMese: 'birthMonthRequired',
    });
  });

  it('checks the e-mail and the phone number for its prefix', () => {
    expect(errorsOf({ ...valid, email: 'anna@' })).toEqual({ email: 'emailInvalid' });
    expect(errorsOf({ ...valid, email: 'anna rossi@example.com' })).toEqual({ email: 'emailInvalid' });
    expect(errorsOf({ ...valid, telefono: '12' })).toEqual({ telefono: 'phoneInvalid' });
    expect(errorsOf({ ...valid, prefisso: '+41', telefono: '079 123 45 67' })).toEqual({});
    expect(errorsOf({ ...valid, prefisso: '+44', telefono: '12345' })).toEqual({ telefono: 'phoneInvalid' });
  });

  it('checks the birthday: month 1 to 12, a day that exists in that month (29 February does)', () => {
    expect(errorsOf({ ...valid, compleannoMese: '13' })).toEqual({ compleannoMese: 'birthMonthRequired' });
    expect(errorsOf({ ...valid, compleannoGiorno: '0' })).toEqual({ compleannoGiorno: 'birthDayRequired' });
    expect(errorsOf({ ...valid, compleannoGiorno: '31', compleannoMese: '4' })).toEqual({ compleannoGiorno: 'birthDayRequired' });
    expect(errorsOf({ ...valid, compleannoGiorno: '29', compleannoMese: '2' })).toEqual({});
  });

  it('requires both consents, also as the contract sends them', () => {
    expect(errorsOf({ ...valid, privacy: '1', marketing: '0' })).toEqual({ marketing: 'marketingRequired' });
    expect(errorsOf({ ...valid, privacy: 'true', marketing: '1' })).toEqual({});
  });

  it('has the spec wording in English', () => {
    expect(messages.en).toMatchObject({
      nameRequired: 'Name is required',
      surnameRequired: 'Surname is required',
      emailRequired: 'Email is required',
      emailInvalid: 'Please enter a valid email address',
      phoneRequired: 'Phone is required',
      prefixRequired: 'Prefix is required',
      birthDayRequired: 'Please select birth day',
      birthMonthRequired: 'Please select birth month',
      privacyRequired: 'Privacy acceptance required',
      marketingRequired: 'Marketing acceptance required',
    });
  });

  it.each(locales.filter((l) => l !== 'en'))('translates every message into %s', (locale) => {
    const keys = ['nameRequired', 'surnameRequired', 'emailRequired', 'emailInvalid', 'phoneRequired', 'phoneInvalid', 'prefixRequired', 'birthDayRequired', 'birthMonthRequired', 'privacyRequired', 'marketingRequired'];
    for (const key of keys) {
      expect(messages[locale][key]).toBeTruthy();
      expect(messages[locale][key]).not.toBe(messages.en[key]);
    }
  });
});
