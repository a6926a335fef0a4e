/**
 * @jest-environment jsdom
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { PhoneField } from '@/components/forms/phone-field';
import { localizedPrefixes, phonePrefixes } from '@/lib/venue/prefixes';

const list = [
  { paese: 'Città del Vaticano', prefisso: '+39', iso: 'VA' },
  { paese: 'Italia', prefisso: '+39', iso: 'IT' },
  { paese: 'Canada', prefisso: '+1', iso: 'CA' },
  { paese: 'Stati Uniti', prefisso: '+1', iso: 'US' },
];

let read: () => Record<string, string> = () => ({});

function Form({ onForm }: { onForm: (get: () => Record<string, string>) => void }) {
  const { register, getValues } = useForm({ defaultValues: { prefisso: '+39', telefono: '' } });
  useEffect(() => onForm(getValues), [onForm, getValues]);
  const { prefixes } = phonePrefixes(localizedPrefixes(list, 'en'), 'IT');
  return <PhoneField formId="f" legend="Mobile" prefixLabel="Prefix" phoneLabel="Number" prefixes={prefixes} prefix={register('prefisso')} phone={register('telefono')} requiredLabel="required" country="IT" defaultPrefix="+39" />;
}

describe('the prefix select (issue 45): one option per country, the form holding the dialling code', () => {
  it('marks the venue country for a shared code, and sends the code of the country chosen', () => {
    render(<Form onForm={(get) => (read = get)} />);
    const select = screen.getByLabelText('Prefix') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Canada (+1)', 'Italy (+39)', 'United States (+1)', 'Vatican City (+39)']);
    expect(select.selectedOptions[0].textContent).toBe('Italy (+39)');
    fireEvent.change(select, { target: { value: '+1|CA' } });
    expect(select.selectedOptions[0].textContent).toBe('Canada (+1)');
    expect(read().prefisso).toBe('+1');
    fireEvent.blur(select);
    expect(read().prefisso).toBe('+1');
    fireEvent.change(select, { target: { value: '+39|VA' } });
    expect(read().prefisso).toBe('+39');
  });
});
