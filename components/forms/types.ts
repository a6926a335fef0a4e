import type { UseFormRegisterReturn } from 'react-hook-form';
import type it from '@/messages/it.json';

/** A field's registration; with its first value where the server's HTML must show it before the form is hydrated. */
export type Registration = UseFormRegisterReturn & { defaultValue?: string; defaultChecked?: boolean };

/** The field labels every guest form shares (messages `forms.labels`), typed from the default language's file. */
export type FormLabels = (typeof it)['forms']['labels'];

/** Ids that tie an input to its error text (`aria-describedby`). */
export const fieldId = (formId: string, name: string) => `${formId}-${name}`;
export const errorId = (formId: string, name: string) => `${formId}-${name}-error`;

/**
 * A field's error wiring: marked invalid while it has an error, and described by its hint (when
 * it has one) and then its error text, so a screen reader reads both when the field takes the focus.
 */
export const errorAria = (formId: string, name: string, error: string | undefined, hintId?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [hintId, error ? errorId(formId, name) : ''].filter(Boolean).join(' ') || undefined,
});
