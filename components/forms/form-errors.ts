import type { FieldErrors, FieldValues, Path } from 'react-hook-form';

/**
 * A form's error texts, in the order of its fields: `message(name)` is a field's error (its
 * message key read through `lookup`), `summary` the error summary's lines once the guest has
 * submitted, and `onInvalid` (react-hook-form's) moves the focus to the first invalid field.
 */
export function formErrors<T extends FieldValues, F extends Path<T>>(
  order: readonly F[],
  errors: FieldErrors<T>,
  submitCount: number,
  lookup: (key: string) => string,
  setFocus: (name: F) => void,
) {
  const errorOf = (all: FieldErrors<T>, name: F) => (all as Record<string, { message?: unknown } | undefined>)[name];
  const message = (name: F) => {
    const key = errorOf(errors, name)?.message;
    return typeof key === 'string' && key ? lookup(key) : undefined;
  };
  const summary = submitCount > 0 ? order.filter((f) => errorOf(errors, f)).map((f) => ({ name: f, message: message(f) ?? lookup('generic') })) : [];
  const onInvalid = (invalid: FieldErrors<T>) => {
    const first = order.find((f) => errorOf(invalid, f));
    if (first) setFocus(first);
  };
  return { message, summary, onInvalid };
}

/**
 * The server's refusal of some fields (a 400 with `fieldErrors`, the handler's zod rules) shown
 * on them, in the form's order; the names set, first invalid first (none: nothing to show).
 */
export function showServerErrors<F extends string>(order: readonly F[], fieldErrors: Record<string, string> | undefined, setError: (name: F, error: { type: 'server'; message: string }) => void): F[] {
  const names = order.filter((f) => fieldErrors?.[f]);
  for (const f of names) setError(f, { type: 'server', message: fieldErrors![f] });
  return names;
}
