'use client';

import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type SubmitHandler } from 'react-hook-form';
import { formErrors, showServerErrors } from './form-errors';
import { useUnsavedGuard } from './use-unsaved-guard';
import { fieldId } from './types';

/**
 * Whether a form's values differ from its first ones, read at render: what the guest typed before
 * the form was hydrated (components/forms/deferred.tsx) is set again once it is, and
 * react-hook-form may not have told `isDirty` of it by then.
 */
export function changedFrom(first: object, values: object) {
  const a = first as Record<string, unknown>;
  const b = values as Record<string, unknown>;
  return Object.keys(a).some((key) => String(a[key] ?? '') !== String(b[key] ?? ''));
}

type Options<TInput extends FieldValues, TOutput, F extends Path<TInput>> = {
  formId: string;
  /** The fields in screen order: the error summary and the focus follow it. */
  fields: readonly F[];
  /** The browser's copy of the server's rules (lib/forms/client-rules.ts). */
  resolver: Resolver<TInput, unknown, TOutput>;
  defaultValues: DefaultValues<TInput>;
  /** A rule's message key as the guest reads it. */
  errorText: (key: string) => string;
  /** The question asked before leaving with unsaved data. */
  unsaved: string;
  /** Sent and on the way to the next page: leaving asks nothing any more. */
  done: boolean;
};

/**
 * A guest form's set-up, as the loyalty sign-up and the promo form share it: react-hook-form
 * with the browser's rules, the unsaved-form guard, the error texts in screen order, and the
 * server's field refusals shown the same way with the focus on the first.
 */
export function useGuestForm<TInput extends FieldValues, TOutput, F extends Path<TInput>>({ formId, fields, resolver, defaultValues, errorText, unsaved, done }: Options<TInput, TOutput, F>) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    getValues,
    formState: { errors, isDirty, submitCount },
  } = useForm<TInput, unknown, TOutput>({ resolver, defaultValues, shouldFocusError: true });
  useUnsavedGuard((isDirty || changedFrom(defaultValues, getValues())) && !done, unsaved);
  const { message, summary, onInvalid } = formErrors<TInput, F>(fields, errors, submitCount, errorText, setFocus);
  /** A 400's field errors on their fields; false when it named none of this form's fields. */
  const showRefusal = (fieldErrors: Record<string, string>) => {
    const names = showServerErrors(fields, fieldErrors, setError);
    if (names[0]) document.getElementById(fieldId(formId, names[0]))?.focus();
    return names.length > 0;
  };
  const onSubmit = (onValid: SubmitHandler<TOutput>) => handleSubmit(onValid, onInvalid);
  return { register, message, summary, onSubmit, showRefusal };
}
