'use client';

import { useEffect, useId, useTransition } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { usePathname, useRouter } from '@/i18n/navigation';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, defaultLocale, locales, toLocale, type Locale } from '@/lib/i18n/locales';

const ONE_YEAR = 365 * 24 * 60 * 60;

function remember(locale: Locale) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // storage may be unavailable (private mode); the cookie still carries the choice
  }
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
}

/** Spec section 9: the choice is kept in localStorage `frontpageLanguage` and in a cookie the server honours. */
export function LanguageSwitcher() {
  const t = useTranslations('shell');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const id = useId();

  useEffect(() => {
    // A choice stored before the cookie existed (or after it expired) is brought back.
    if (document.cookie.split('; ').some((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))) return;
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    } catch {
      return;
    }
    if (stored === null) return;
    const wanted = toLocale(stored);
    remember(wanted);
    if (wanted !== locale && locale === defaultLocale) router.replace(pathname, { locale: wanted });
  }, [locale, pathname, router]);

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('language')}
      </label>
      <select
        id={id}
        value={locale}
        disabled={pending}
        onChange={(event) => {
          const next = toLocale(event.target.value);
          remember(next);
          startTransition(() => router.replace(pathname, { locale: next }));
        }}
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`languageNames.${l}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
