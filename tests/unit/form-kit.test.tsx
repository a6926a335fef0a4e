/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { DateField } from '@/components/forms/date-field';
import { dateDMY, parseDayMonthYear } from '@/lib/forms/fields';
import { TEST_NOW, testDay } from '../helpers/clock';
import { commonYearFrom, leapYearAfter } from '../helpers/dates';

describe('date input dd/mm/yyyy', () => {
  it('reads valid dates and refuses impossible ones', () => {
    // Days from the pinned clock: a day in the 1st to 9th of its month reads with or without zeros.
    const year = TEST_NOW.getUTCFullYear();
    const early = [...Array(40).keys()].map((n) => testDay(n)).find((d) => d.endsWith('-05'))!;
    const [y, m, d] = early.split('-');
    expect(parseDayMonthYear(`${d}/${m}/${y}`)).toBe(early);
    expect(parseDayMonthYear(`${Number(d)}/${Number(m)}/${y}`)).toBe(early);
    expect(parseDayMonthYear(`29/02/${leapYearAfter(year)}`)).toBe(`${leapYearAfter(year)}-02-29`);
    expect(parseDayMonthYear(`29/02/${commonYearFrom(year + 1)}`)).toBeNull();
    expect(parseDayMonthYear(`31/04/${year + 1}`)).toBeNull();
    expect(parseDayMonthYear(early)).toBeNull();
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
