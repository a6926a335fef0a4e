import type it from '@/messages/it.json';

/**
 * A message namespace flattened for client components, which take their strings as props by
 * dotted key (`t['people.title']`). The keys are typed from messages/it.json, the default
 * language, whose keys tests/unit/messages.test.ts keeps equal in every language: a missing or
 * misspelt key is a type error, as with `t()`. Types only: nothing here ships to the browser.
 */
export type FlatKeys<T, P extends string = ''> = { [K in keyof T & string]: T[K] extends string ? `${P}${K}` : FlatKeys<T[K], `${P}${K}.`> }[keyof T & string];
export type FlatTexts<T> = Readonly<Record<FlatKeys<T>, string>>;

/** The booking steps' strings (`reserve`), with the abuse limit's words under the two keys the steps show it. */
export type ReserveTexts = FlatTexts<(typeof it)['reserve']> & Readonly<Record<'errors.rateLimited' | 'guarantee.rateLimited', string>>;
/** The experience form's strings (`experiences`). */
export type ExperienceTexts = FlatTexts<(typeof it)['experiences']>;

/** A text whose key is built at run time (an error code's): undefined when the namespace has none. */
export const textOf = (texts: object, key: string): string | undefined => (texts as Record<string, string | undefined>)[key];
