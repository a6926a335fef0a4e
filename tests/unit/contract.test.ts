import { flag, num, str, texts, listOrMap, envelope } from '@/lib/contract/fields';
import { locationSchema, servicesSchema } from '@/lib/contract/location';
import { experienceListSchema, experienceSchema } from '@/lib/contract/experience';
import { z } from 'zod';

describe('contract field readers (spec section 7)', () => {
  it('reads nullable strings as empty strings', () => {
    expect(str.parse(null)).toBe('');
    expect(str.parse(undefined)).toBe('');
    expect(str.parse('Rosa')).toBe('Rosa');
  });

  it('reads missing or non-numeric numbers as 0, numeric strings as numbers', () => {
    expect(num.parse(undefined)).toBe(0);
    expect(num.parse(null)).toBe(0);
    expect(num.parse('12.5')).toBe(12.5);
    expect(num.parse('abc')).toBe(0);
    expect(num.parse(7)).toBe(7);
  });

  it('reads flags sent as booleans, numbers or strings', () => {
    expect([true, 1, '1', 'true'].map((v) => flag.parse(v))).toEqual([true, true, true, true]);
    expect([false, 0, '0', 'false', null, undefined].map((v) => flag.parse(v))).toEqual([
      false, false, false, false, false, false,
    ]);
  });

  it('reads texts per language, a bare string serving all five', () => {
    expect(texts.parse('Ciao')).toEqual({ de: 'Ciao', en: 'Ciao', es: 'Ciao', fr: 'Ciao', it: 'Ciao' });
    expect(texts.parse({ it: 'Cena', en: null })).toEqual({ de: '', en: '', es: '', fr: '', it: 'Cena' });
    expect(texts.parse(null).it).toBe('');
  });

  it('reads a list or a map as a list', () => {
    expect(listOrMap.parse(['12:00'])).toEqual(['12:00']);
    expect(listOrMap.parse(null)).toEqual([]);
  });

  it('checks the {status, data} envelope', () => {
    expect(envelope(z.unknown()).parse({ status: 1, data: 3 })).toEqual({ status: true, data: 3 });
  });
});

describe('location/getlocation', () => {
  it('fills every missing field with its empty value', () => {
    const location = locationSchema.parse({ locationname: 'Trattoria', valuta: null });
    expect(location.locationname).toBe('Trattoria');
    expect(location.valuta).toBe('');
    expect(location.customHeader).toBe('');
    expect(location.customFooter).toEqual({ it: '', en: '', fr: '', es: '', de: '' });
  });

  it("reads customFooter as the spec's string (a legacy backend), and the texts per language when the added field is sent", () => {
    expect(locationSchema.parse({ customFooter: '<p>f</p>' }).customFooter).toEqual({ it: '<p>f</p>', en: '<p>f</p>', fr: '<p>f</p>', es: '<p>f</p>', de: '<p>f</p>' });
    const both = locationSchema.parse({ customFooter: '<p>it</p>', customFooterByLanguage: { it: '<p>it</p>', en: '<p>en</p>' } });
    expect(both.customFooter).toEqual({ it: '<p>it</p>', en: '<p>en</p>', fr: '', es: '', de: '' });
    expect(locationSchema.parse({ customFooter: '<p>it</p>', customFooterByLanguage: null }).customFooter.en).toBe('<p>it</p>');
    // An older backend of ours sent the object in customFooter itself: still read.
    expect(locationSchema.parse({ customFooter: { it: 'a', en: 'b' } }).customFooter).toMatchObject({ it: 'a', en: 'b' });
  });

  it('reads the prefix list', () => {
    const services = servicesSchema.parse({ prefixList: [{ paese: 'Italia', prefisso: '+39' }] });
    expect(services.prefixList[0]).toMatchObject({ paese: 'Italia', prefisso: '+39' });
  });
});

describe('experience/getexperiencelist', () => {
  const item = { hash: 'abc', titolo: { it: 'Cena', en: 'Dinner' }, prezzo: '45', flagAttiva: 1 };

  it('reads a plain list', () => {
    const list = experienceListSchema.parse([item]);
    expect(list.elenco).toHaveLength(1);
    expect(list.totale).toBe(1);
    expect(list.elenco[0].hash).toBe('abc');
  });

  it('reads the paged form {elenco, pagine, totale}', () => {
    const list = experienceListSchema.parse({ elenco: [item, item], pagine: 3, totale: '25' });
    expect(list.elenco).toHaveLength(2);
    expect(list.pagine).toBe(3);
    expect(list.totale).toBe(25);
  });

  it('reads missing numbers as 0 and missing texts as empty', () => {
    const experience = experienceSchema.parse({ hash: 'x' });
    expect(experience.hash).toBe('x');
    expect(Object.values(experience).some((v) => v === undefined)).toBe(false);
  });
});
