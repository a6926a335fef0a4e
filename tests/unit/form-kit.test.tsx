/**
 * @jest-environment jsdom
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Tooltip } from '@/components/forms/tooltip';
import { DateField } from '@/components/forms/date-field';
import { dateDMY, parseDayMonthYear } from '@/lib/forms/fields';
import { testDay } from '../helpers/clock';

// jsdom has no PointerEvent: a MouseEvent carrying pointerType stands in for it.
// React derives onPointerEnter from `pointerover`.
function pointer(type: string, el: Element, pointerType: 'touch' | 'mouse') {
  const event = new MouseEvent(type === 'pointerenter' ? 'pointerover' : type, { bubbles: true });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  act(() => {
    el.dispatchEvent(event);
  });
}

describe('Tooltip', () => {
  it('opens on hover and on keyboard focus, and closes on Escape', () => {
    render(<Tooltip label="?">Available</Tooltip>);
    const trigger = screen.getByRole('button', { name: '?' });
    const bubble = screen.getByText('Available');
    expect(bubble).not.toBeVisible();
    pointer('pointerenter', trigger, 'mouse');
    expect(bubble).toBeVisible();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(bubble).not.toBeVisible();
    act(() => trigger.focus());
    expect(bubble).toBeVisible();
    expect(trigger).toHaveAttribute('aria-describedby', bubble.id);
  });

  it('opens and closes on tap on touch devices, ignoring the touch hover', () => {
    render(<Tooltip label="?">Closed</Tooltip>);
    const trigger = screen.getByRole('button', { name: '?' });
    const bubble = screen.getByText('Closed');
    pointer('pointerenter', trigger, 'touch');
    expect(bubble).not.toBeVisible();
    pointer('pointerdown', trigger, 'touch');
    fireEvent.click(trigger);
    expect(bubble).toBeVisible();
    pointer('pointerdown', trigger, 'touch');
    fireEvent.click(trigger);
    expect(bubble).not.toBeVisible();
  });
});

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
