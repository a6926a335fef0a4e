import { checkFidelity, checkLookup, checkPromo, checkReservationDetails } from '@/lib/forms/client-rules';
import { fidelityLookupSchema, fidelitySchema } from '@/lib/forms/fidelity';
import { fieldErrors } from '@/lib/forms/fields';
import { reservationDetailsSchema } from '@/lib/forms/reservation';
import { promoRequestSchema } from '@/lib/forms/promo';
import { codeOf, findPrefix, prefixChoices } from '@/components/forms/phone-field';
import { buildPrefixList } from '@/server/venues/calls-services';
import { localizedPrefixes, phonePrefixes } from '@/lib/venue/prefixes';

const zodErrors = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
};

const details = { nome: 'Anna', cognome: 'Rossi', email: 'anna@example.com', prefisso: '+39', telefono: '347 123 4567', motivo: '', compleannoGiorno: '', compleannoMese: '', note: '', privacy: true, marketing: false };
const fidelity = { nome: 'Anna', cognome: 'Rossi', email: 'anna@example.com', prefisso: '+39', telefono: '347 123 4567', compleannoGiorno: '12', compleannoMese: '5', privacy: true, marketing: true };

describe('the browser form rules agree with the server zod schemas', () => {
  const detailCases: Record<string, unknown>[] = [
    details,
    { ...details, nome: '  ' },
    { ...details, cognome: 'x'.repeat(81) },
    { ...details, email: 'anna@' },
    { ...details, email: '' },
    { ...details, telefono: '' },
    { ...details, telefono: '12' },
    { ...details, prefisso: '+44', telefono: '7911 123456' },
    { ...details, prefisso: '39' },
    { ...details, compleannoGiorno: '31', compleannoMese: '4' },
    { ...details, compleannoGiorno: '29', compleannoMese: '2' },
    { ...details, compleannoGiorno: '12', compleannoMese: '' },
    { ...details, motivo: 'Birthday!' },
    { ...details, note: 'n'.repeat(501) },
    { ...details, privacy: false, marketing: true },
  ];
  test.each(detailCases.map((c, i) => [i, c]))('reservation details case %i', async (_, input) => {
    const server = zodErrors(reservationDetailsSchema, input);
    const client = await checkReservationDetails(input as Record<string, unknown>);
    // The client names every field the server refuses, with the same message.
    for (const [field, key] of Object.entries(server)) expect(client.errors[field]).toBe(key);
    if (Object.keys(server).length === 0) {
      expect(client.errors).toEqual({});
      expect(client.values).toEqual(expect.objectContaining(reservationDetailsSchema.parse(input)));
    }
  });

  const fidelityCases: Record<string, unknown>[] = [
    fidelity,
    { ...fidelity, marketing: false },
    { ...fidelity, privacy: false },
    { ...fidelity, compleannoGiorno: '' },
    { ...fidelity, compleannoGiorno: '30', compleannoMese: '2' },
    { ...fidelity, telefono: '000' },
  ];
  test.each(fidelityCases.map((c, i) => [i, c]))('loyalty case %i', async (_, input) => {
    const server = zodErrors(fidelitySchema, input);
    const client = await checkFidelity(input as Record<string, unknown>);
    for (const [field, key] of Object.entries(server)) expect(client.errors[field]).toBe(key);
    if (Object.keys(server).length === 0) expect(client.errors).toEqual({});
  });

  // The promo form had react-hook-form rules of its own: no length limit, any digits taken as
  // a phone number. It now uses these rules, so the browser refuses what the server refuses.
  const promo = { nome: 'Anna', cognome: 'Rossi', email: 'anna@example.com', prefisso: '+39', telefono: '347 123 4567', privacy: true, marketing: true, marketingSms: false };
  const promoCases: Record<string, unknown>[] = [
    promo,
    { ...promo, marketing: false },
    { ...promo, privacy: false, marketing: false },
    { ...promo, nome: ' ', cognome: 'x'.repeat(81) },
    { ...promo, email: 'anna@' },
    { ...promo, telefono: '12' },
    { ...promo, prefisso: '+44', telefono: '7911 123456' },
    { ...promo, prefisso: '' },
  ];
  test.each(promoCases.map((c, i) => [i, c]))('promo case %i', async (_, input) => {
    const server = zodErrors(promoRequestSchema, input);
    const client = await checkPromo(input as Record<string, unknown>);
    expect(client.errors).toEqual(server);
    if (Object.keys(server).length === 0) expect(client.values).toEqual(expect.objectContaining(promoRequestSchema.parse(input)));
  });
  test('a promo phone of any digits that is no number for its prefix is refused in the browser too', async () => {
    expect((await checkPromo({ ...promo, telefono: '12' })).errors.telefono).toBe('phoneInvalid');
    expect((await checkPromo({ ...promo, marketing: false })).errors.marketing).toBe('promoMarketingRequired');
  });

  test('the look-up e-mail', async () => {
    for (const email of ['', 'a@b', 'a@b.it']) {
      expect((await checkLookup({ email })).errors).toEqual(zodErrors(fidelityLookupSchema, { email }));
    }
  });
});

describe('the phone prefix list', () => {
  const list = [
    { paese: 'Città del Vaticano', prefisso: '+39', iso: 'VA' },
    { paese: 'Italia', prefisso: '+39', iso: 'IT' },
    { paese: 'Regno Unito', prefisso: '+44', iso: 'GB' },
    { paese: 'Canada', prefisso: '+1', iso: 'CA' },
    { paese: 'Stati Uniti', prefisso: '+1', iso: 'US' },
    { paese: 'Francia', prefisso: '+33', iso: 'FR' },
  ];

  test('one option per country, each named in the guest language, in its collation (issue 45)', () => {
    const en = prefixChoices(phonePrefixes(localizedPrefixes(list, 'en'), undefined).prefixes);
    expect(en.map((c) => c.label)).toEqual(['Canada (+1)', 'France (+33)', 'Italy (+39)', 'United Kingdom (+44)', 'United States (+1)', 'Vatican City (+39)']);
    expect(prefixChoices(phonePrefixes(localizedPrefixes(list, 'it'), undefined).prefixes).map((c) => c.label)).toEqual(['Canada (+1)', 'Città del Vaticano (+39)', 'Francia (+33)', 'Italia (+39)', 'Regno Unito (+44)', 'Stati Uniti (+1)']);
    // The code sent stays the dialling code (the contract's `prefisso`); each option's value is one of a kind.
    expect(en.find((c) => c.iso === 'CA')?.code).toBe('+1');
    expect(codeOf(en.find((c) => c.iso === 'CA')!.value)).toBe('+1');
    expect(new Set(en.map((c) => c.value)).size).toBe(en.length);
  });

  test('every country of the full list is there once, in its place, in each language', () => {
    const full = buildPrefixList();
    for (const locale of ['it', 'en', 'fr', 'es', 'de']) {
      const choices = prefixChoices(phonePrefixes(localizedPrefixes(full, locale), 'IT').prefixes, 'IT');
      expect(choices).toHaveLength(full.length);
      expect(new Set(choices.map((c) => c.value)).size).toBe(full.length);
      expect(new Set(choices.map((c) => c.iso)).size).toBe(full.length);
      const collator = new Intl.Collator(locale);
      const names = choices.map((c) => c.label.replace(/ \(\+\d+\)$/, ''));
      expect([...names].sort(collator.compare)).toEqual(names);
    }
    const en = prefixChoices(phonePrefixes(localizedPrefixes(full, 'en'), 'IT').prefixes).map((c) => c.label);
    for (const label of ['United States (+1)', 'Canada (+1)', 'United Kingdom (+44)', 'Russia (+7)', 'Kazakhstan (+7)', 'Italy (+39)', 'Vatican City (+39)']) expect(en).toContain(label);
    const at = (label: string) => en.indexOf(label);
    expect(at('United Kingdom (+44)')).toBeLessThan(at('United States (+1)'));
    expect(at('Algeria (+213)')).toBeLessThan(at('Andorra (+376)'));
    expect(at('Andorra (+376)') - at('Algeria (+213)')).toBeLessThanOrEqual(2);
    const de = prefixChoices(phonePrefixes(localizedPrefixes(full, 'de'), 'IT').prefixes).map((c) => c.label);
    expect(de).toContain('Vereinigte Staaten (+1)');
    expect(de).toContain('Russland (+7)');
  });

  test('a shared code is read as the venue country, else its main country: that option carries the bare code', () => {
    const choices = (country?: string) => prefixChoices(phonePrefixes(localizedPrefixes(list, 'it'), undefined).prefixes, country);
    const bare = (country: string | undefined, code: string) => choices(country).find((c) => c.value === code)?.iso;
    expect(bare('IT', '+39')).toBe('IT');
    expect(bare(undefined, '+39')).toBe('IT');
    expect(bare('VA', '+39')).toBe('VA');
    expect(bare('IT', '+1')).toBe('US');
    expect(bare('CA', '+1')).toBe('CA');
    expect(bare('IT', '+33')).toBe('FR');
    expect(choices('IT').find((c) => c.iso === 'VA')?.value).toBe('+39|VA');
  });

  test('type-ahead finds a prefix by its digits or any of its countries in any language', () => {
    const choices = prefixChoices(phonePrefixes(localizedPrefixes(list, 'de'), undefined).prefixes, 'IT');
    for (const q of ['+39', '39', 'Italia', 'Italy', 'italie', 'Itali']) expect(findPrefix(choices, q)?.iso).toBe('IT');
    expect(findPrefix(choices, 'vatican')?.iso).toBe('VA');
    for (const q of ['+44', 'Regno', 'united k', 'Royaume']) expect(findPrefix(choices, q)?.value).toBe('+44');
    expect(findPrefix(choices, 'canada')?.iso).toBe('CA');
    expect(findPrefix(choices, '+1')?.iso).toBe('US');
    expect(findPrefix(choices, 'Frankreich')?.value).toBe('+33');
    expect(findPrefix(choices, 'zzz')).toBeUndefined();
    expect(findPrefix(choices, '')).toBeUndefined();
  });
});
