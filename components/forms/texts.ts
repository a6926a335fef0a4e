import { useTranslations } from 'next-intl';

/**
 * The form kit's texts (`forms`), through next-intl, and a field's or a form's error by its message
 * key: `forms.errors.<key>`, an abuse limit's refusal (429) in the same words everywhere, or
 * undefined when `forms` has none (the form then says it in its own namespace).
 */
export function useFormTexts() {
  const t = useTranslations('forms');
  const limits = useTranslations('limits');
  const errorOf = (key: string): string | undefined => (key === 'rateLimited' ? limits('tooManyRequests') : t.has(`errors.${key}` as never) ? t(`errors.${key}` as never) : undefined);
  return { t, errorOf };
}
