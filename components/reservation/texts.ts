import { useTranslations } from 'next-intl';

/**
 * The booking steps' texts (`reserve`), through next-intl: `t('key', values)`, plus the two reads
 * whose key is a code known only at run time. Shared by the table wizard and the experience form.
 */
export function useReserveTexts() {
  const t = useTranslations('reserve');
  const limits = useTranslations('limits');
  /** A text whose key is built at run time (a condition's, a refusal's): undefined when `reserve` has none. */
  const optional = (key: string): string | undefined => (t.has(key as never) ? t(key as never) : undefined);
  /** A refusal's words by its code (`errors.<code>`); an abuse limit's (429) as everywhere; else the generic error. */
  const errorText = (code: string): string => (code === 'rateLimited' ? limits('tooManyRequests') : (optional(`errors.${code}`) ?? t('errors.generic')));
  return { t, optional, errorText };
}
