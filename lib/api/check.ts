import { locales, type Locale } from '@/lib/i18n/locales';

/**
 * A small validator for `/api` answers in the browser, so a page parses what the server sent
 * instead of casting it, without shipping zod (docs/performance.md, the JavaScript budget). A
 * `Check<T>` is a type guard; the combinators build one per answer (lib/api/answers.ts).
 */
export type Check<T> = (value: unknown) => value is T;
export type Checked<C> = C extends Check<infer T> ? T : never;

/** A JSON object (not an array, not null). */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Any answer: for a call that answers nothing the page reads (its success is its status). */
export function anything(value: unknown): value is unknown {
  void value;
  return true;
}

export const string: Check<string> = (value): value is string => typeof value === 'string';
export const number: Check<number> = (value): value is number => typeof value === 'number' && Number.isFinite(value);
export const boolean: Check<boolean> = (value): value is boolean => typeof value === 'boolean';

export const oneOf =
  <const T extends readonly (string | number | boolean)[]>(...values: T): Check<T[number]> =>
  (value): value is T[number] =>
    values.includes(value as T[number]);

export const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (value): value is T | undefined =>
    value === undefined || check(value);

export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value): value is T | null =>
    value === null || check(value);

export const array =
  <T>(check: Check<T>): Check<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.every(check);

/** A text in each of the site's languages (the contract's `Texts`). */
export const texts: Check<Record<Locale, string>> = (value): value is Record<Locale, string> => isRecord(value) && locales.every((l) => typeof value[l] === 'string');

type Shape = Record<string, Check<unknown>>;
/** The object a shape checks: a field whose check lets `undefined` through is optional. */
type ObjectOf<S extends Shape> = { [K in keyof S as undefined extends Checked<S[K]> ? never : K]: Checked<S[K]> } & { [K in keyof S as undefined extends Checked<S[K]> ? K : never]?: Checked<S[K]> };
type Flat<T> = { [K in keyof T]: T[K] };

/** An object with at least these fields, each passing its check (other fields are let through). */
export const object =
  <S extends Shape>(shape: S): Check<Flat<ObjectOf<S>>> =>
  (value): value is Flat<ObjectOf<S>> =>
    isRecord(value) && Object.entries(shape).every(([key, check]) => check(value[key]));

export const either =
  <A, B>(a: Check<A>, b: Check<B>): Check<A | B> =>
  (value): value is A | B =>
    a(value) || b(value);
