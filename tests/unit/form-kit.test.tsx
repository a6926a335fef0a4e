/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { DateField } from '@/components/forms/date-field';
import { dateDMY, parseDayMonthYear } from '@/lib/forms/fields';
import { testDay } from '../helpers/clock';

describe('date input dd/mm/yyyy', () => {
  it('reads valid dates and refuses impossible ones', () => {
    expect(parseDayMonthYear('05/03/2027')).toBe('2027-03-05');
    expect(parseDayMonthYear('5/3/2027')).toBe('2027-03-05');
    expect(parseDayMonthYear('29/02/2028')).toBe('2028-02-29');
    expect(parseDayMonthYear('29/02/2027')).toBeNull();
    expect(parseDayMonthYear('31/04/2027')).toBeNull();
    expect(parseDayMonthYear('2027-03-05')).toBeNull();
    const iso = testDay(30);
    expect(dateDMY('dateInvalid').safeParse(iso.split('-').reverse().join('/')).data).toBe(iso);
    expect(dateDMY('dateInvalid').safeParse('xx').error?.issues[0].message).toBe('dateInvalid');
  });

  it('labels the input and ties the hint and the error to it', () => {
    const registration = { name: 'data', onChange: async () => {}, onBlur: async () => {}, ref: () => {} };
    render(<DateField formId="f" registration={registration} label="Date" hint="dd/mm/yyyy" error="Wrong date" requiredLabel="required" />);
    const input = screen.getByLabelText(/Date/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toBe('f-data-hint f-data-error');
    expect(screen.getByText('Wrong date')).toHaveAttribute('id', 'f-data-error');
  });
});
