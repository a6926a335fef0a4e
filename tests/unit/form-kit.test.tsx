/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { DateField } from '@/components/forms/date-field';
import { TextField } from '@/components/forms/text-field';
import { ConsentField } from '@/components/forms/consent-field';
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

describe("a field's error wiring (errorAria), one rule for every field of the form kit", () => {
  const registration = (name: string) => ({ name, onChange: async () => {}, onBlur: async () => {}, ref: () => {} });

  it('a text field is invalid and described by its error only while it has one', () => {
    const { rerender } = render(<TextField formId="f" registration={registration('email')} label="E-mail" requiredLabel="required" />);
    const input = screen.getByLabelText(/E-mail/);
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    rerender(<TextField formId="f" registration={registration('email')} label="E-mail" requiredLabel="required" error="Enter an e-mail" />);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toBe('f-email-error');
  });

  it('a consent with a hint is described by the hint, and by the hint then its error once refused', () => {
    const props = { formId: 'f', registration: registration('marketing'), label: 'Marketing', requiredLabel: 'required', hint: 'Needed for this promotion', policyTitle: 'Policy', policyText: 'Text', readPolicyLabel: 'Read the {policy}', closeLabel: 'Close' };
    const { rerender } = render(<ConsentField {...props} />);
    const box = screen.getByRole('checkbox');
    expect(box.getAttribute('aria-describedby')).toBe('f-marketing-hint');
    expect(box).not.toHaveAttribute('aria-invalid');
    rerender(<ConsentField {...props} error="Required" />);
    expect(box.getAttribute('aria-describedby')).toBe('f-marketing-hint f-marketing-error');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });
});
