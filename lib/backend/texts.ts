import type { Texts } from '@/lib/contract/fields';

/** A text per language as a venue stores it: Italian, and the others where the venue gave them. */
export type StoredTexts = { it: string; en?: string; fr?: string; es?: string; de?: string };
/** A stored text as the guest's pages read it, every language ('' where the venue gave none), as the contract's schemas read it. */
export const everyLanguage = (t: StoredTexts): Texts => ({ de: t.de ?? '', en: t.en ?? '', es: t.es ?? '', fr: t.fr ?? '', it: t.it ?? '' });
/** A view whose texts are as stored (a core's), not yet read in every language. */
export type Stored<T, K extends keyof T> = Omit<T, K> & Record<K, StoredTexts>;
