import { z } from 'zod';

/** Contract strings are nullable and default to '' (spec section 3); numbers arrive as strings too. */
export const str = z
  .union([z.string(), z.number(), z.boolean()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

/** An optional part of an answer, or one an older backend does not send: missing reads as null. */
export const orNull = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null);

/** Contract numbers default to 0 when missing or unreadable (spec section 3). */
export const num = z
  .union([z.number(), z.string(), z.boolean()])
  .nullish()
  .transform((v) => {
    const n = typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : v ? Number(v) : 0;
    return Number.isFinite(n) ? n : 0;
  });

/** A flag read as a boolean whether the backend sends true, 1 or "true"; missing reads `fallback`. */
export const flagOr = (fallback: boolean) =>
  z
    .union([z.boolean(), z.number(), z.string()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? fallback : v === true || v === 1 || v === '1' || v === 'true'));

/** `status` and the other flags: missing reads false. */
export const flag = flagOr(false);

export type Texts = Record<'de' | 'en' | 'es' | 'fr' | 'it', string>;

/**
 * A text per language with every language filled ('' where none is given), as the pages read it:
 * one rule for the contract's answers (`texts`) and the built-in backend's typed doors, which
 * hand the stored texts (Italian, the others optional) to the pages without the wire.
 */
export function allTexts(v: string | Record<string, unknown> | null | undefined): Texts {
  if (typeof v === 'string') return { de: v, en: v, es: v, fr: v, it: v };
  const read = (k: string) => str.safeParse(v?.[k]).data ?? '';
  return { de: read('de'), en: read('en'), es: read('es'), fr: read('fr'), it: read('it') };
}

/** "Text per language": one text for each of de, en, es, fr, it; a bare string serves all five. */
export const texts = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .nullish()
  .transform(allTexts);

/** A list, or a map whose values are the list, as `orari` and `zoneSelezionabili` may be. */
export const listOrMap = z
  .union([z.array(z.unknown()), z.record(z.string(), z.unknown())])
  .nullish()
  .transform((v) => v ?? []);

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: flag, data });
}
