import { displayPhone } from '@/lib/identity';

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
