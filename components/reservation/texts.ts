import { textOf, type ReserveTexts } from '@/lib/i18n/flat-texts';

/** A refusal's words by its code (`errors.<code>`), or the generic error when the code has none. */
export const errorText = (t: ReserveTexts, code: string) => textOf(t, `errors.${code}`) ?? t['errors.generic'];
