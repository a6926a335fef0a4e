'use client';

import { useEffect, useId, useTransition } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, defaultLocale, isLocale, locales, toLocale, type Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { unsavedMessage } from '@/components/forms/use-unsaved-guard';

const ONE_YEAR = 365 * 24 * 60 * 60;

function remember(locale: Locale) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // storage may be unavailable (private mode); the cookie still carries the choice
  }
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
}

/** The page's path without its language prefix: `/en/reserve` → `/reserve`. */
function unprefixed(pathname: string): string {
  const first = pathname.split('/')[1];
  return isLocale(first) ? pathname.slice(first.length + 1) || '/' : pathname;
}

type Props = { locale: Locale; label: string; names: Record<Locale, string> };

/**
 * Spec section 9: the choice is kept in localStorage `frontpageLanguage` and in a cookie
 * the server honours. Labels come from the server, so no i18n library reaches the browser.
 */
export function LanguageSwitcher({ locale, label, names }: Props) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const id = useId();

  const go = (next: Locale, select: HTMLSelectElement) => {
    // A half-filled form: the same question as any other way of leaving (spec section 2, "Unsaved forms").
    const unsaved = unsavedMessage();
    if (unsaved && !window.confirm(unsaved)) {
      select.value = locale;
      return;
    }
    remember(next);
    const search = window.location.search;
    startTransition(() => router.replace(localizedPath(next, unprefixed(pathname)) + search));
  };

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
    if (wanted !== locale && locale === defaultLocale) {
      router.replace(localizedPath(wanted, unprefixed(window.location.pathname)) + window.location.search);
    }
  }, [locale, router]);

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select id={id} value={locale} disabled={pending} onChange={(event) => go(toLocale(event.target.value), event.target)}>
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {names[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
