/**
 * A text per language as a backend keeps it (Italian, the others where the venue gave them), or as
 * the contract sends it (a bare string serves every language). The pages read it in every
 * language by one rule, `allTexts` (lib/contract/fields.ts), from either door.
 */
export type StoredTexts = string | Record<string, unknown>;
/** A view whose texts are as stored (a core's), not yet read in every language. */
export type Stored<T, K extends keyof T> = Omit<T, K> & Record<K, StoredTexts>;
