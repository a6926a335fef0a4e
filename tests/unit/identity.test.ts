import { displayPhone, nationalNumber } from '@/lib/identity';
import { promoRequestSchema } from '@/lib/forms/promo';
import { fidelitySchema } from '@/lib/forms/fidelity';
import { reservationDetailsSchema } from '@/lib/forms/reservation';
import { checkPromo } from '@/lib/forms/client-rules';

describe('displayPhone (issue 29): grouped as the country writes it', () => {
  it.each([
    ['+39', '3471234567', '+39 347 123 4567'],
    ['+39', '055 210 4387', '+39 055 210 4387'],
    ['+44', '07911 122210', '+44 7911 122210'],
    ['+49', '15123456789', '+49 1512 3456789'],
    ['+33', '612345678', '+33 6 12 34 56 78'],
    ['+39', '12', '+39 12'],
  ])('%s %s → %s', (prefix, number, shown) => {
    expect(displayPhone(prefix, number)).toBe(shown);
  });
});

describe('nationalNumber (issue 45): the trunk prefix is not stored after the country code', () => {
  it.each([
    ['+44', '07911 123459', '7911 123459'],
    ['+33', '06 12 34 56 37', '6 12 34 56 37'],
    ['+49', '0151 23456789', '1512 3456789'],
    ['+39', '055 210 4387', '055 210 4387'],
    ['+39', '347 123 4567', '347 123 4567'],
    ['+44', '7911 123459', '7911 123459'],
    ['+44', '12', '12'],
  ])('%s %s → %s', (prefix, number, stored) => {
    expect(nationalNumber(prefix, number)).toBe(stored);
    expect(displayPhone(prefix, nationalNumber(prefix, number))).toBe(displayPhone(prefix, number));
  });

  it('every form the server reads stores the number without it, and the browser sends it so', async () => {
    const base = { nome: 'Ann', cognome: 'Lee', email: 'ann@example.com', prefisso: '+44', telefono: '07911 123459', privacy: true, marketing: true };
    expect(promoRequestSchema.parse(base).telefono).toBe('7911 123459');
    expect(fidelitySchema.parse({ ...base, compleannoGiorno: '2', compleannoMese: '3' }).telefono).toBe('7911 123459');
    expect(reservationDetailsSchema.parse({ ...base, prefisso: '+33', telefono: '06 12 34 56 37' }).telefono).toBe('6 12 34 56 37');
    expect((await checkPromo(base)).values.telefono).toBe('7911 123459');
    expect(displayPhone('+44', '7911 123459')).toBe('+44 7911 123459');
    expect(displayPhone('+33', '6 12 34 56 37')).toBe('+33 6 12 34 56 37');
  });
});
