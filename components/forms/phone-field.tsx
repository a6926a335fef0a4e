'use client';

import { useMemo, useRef, useState } from 'react';
import { preloadPhoneRules } from '@/lib/forms/client-rules';
import { FieldError } from './field-error';
import { errorAria, errorId, fieldId, type Registration } from './types';

import type { PrefixOption } from '@/lib/venue/prefixes';

export type { PrefixOption } from '@/lib/venue/prefixes';

type Props = {
  formId: string;
  legend: string;
  prefixLabel: string;
  phoneLabel: string;
  prefixes: PrefixOption[];
  prefix: Registration;
  phone: Registration;
  prefixError?: string;
  phoneError?: string;
  /** "required", or "optional" for a number that may stay empty (then not aria-required). */
  requiredLabel: string;
  required?: boolean;
  /** The guest's language (the list itself is named in it by `getPrefixList(venue, locale)`). */
  locale?: string;
  /** The venue's country (ISO 3166 alpha-2): its prefix is the one a shared prefix (+39, +1) is named after. */
  country?: string;
  /** The prefix selected before any choice (server-rendered as the selected option). */
  defaultPrefix?: string;
  /** Label of the type-ahead box ("Search country or code"); unset, no box. */
  searchLabel?: string;
};

/** Countries whose name a prefix shared by several carries (libphonenumber-js's main country). */
const MAIN_COUNTRY: Record<string, string> = { '+1': 'US', '+7': 'RU', '+39': 'IT', '+44': 'GB', '+47': 'NO', '+61': 'AU', '+212': 'MA', '+262': 'RE', '+290': 'SH', '+358': 'FI', '+590': 'GP', '+599': 'CW' };
const SEARCH_LOCALES = ['it', 'en', 'fr', 'es', 'de'];

export type PrefixChoice = { value: string; label: string; search: string };

function regionNames(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    return null;
  }
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * One option per prefix (values are unique), in the list's order, named after the venue's
 * country or the prefix's main country as the list names it (`getPrefixList(venue, locale)`
 * names them in the guest's language on the server). Each option can be found by any of its
 * countries' names in the five languages, or by its digits (search words are not rendered,
 * so they may come from the browser's own `Intl`).
 */
export function prefixChoices(prefixes: PrefixOption[], country?: string): PrefixChoice[] {
  const all = SEARCH_LOCALES.map(regionNames).filter((n): n is Intl.DisplayNames => n !== null);
  const byPrefix = new Map<string, PrefixOption[]>();
  for (const p of prefixes) byPrefix.set(p.prefix, [...(byPrefix.get(p.prefix) ?? []), p]);
  return [...byPrefix.entries()].map(([value, list]) => {
    const main = list.find((p) => p.iso.toUpperCase() === country?.toUpperCase()) ?? list.find((p) => p.iso.toUpperCase() === MAIN_COUNTRY[value]) ?? list[0];
    const words = [value, value.slice(1)];
    for (const p of list) {
      words.push(p.name, p.iso);
      for (const n of all) {
        try {
          words.push(n.of(p.iso.toUpperCase()) ?? '');
        } catch {
          // not a region code
        }
      }
    }
    return { value, label: `${main.name} (${value})`, search: fold(words.join('|')) };
  });
}

/** The first option a type-ahead query finds: digits match the prefix, letters a country's name. */
export function findPrefix(choices: PrefixChoice[], query: string): PrefixChoice | undefined {
  const q = fold(query.trim());
  if (!q) return undefined;
  if (/^\+?\d+$/.test(q)) {
    const digits = q.replace('+', '');
    return choices.find((c) => c.value === `+${digits}`) ?? choices.find((c) => c.value.startsWith(`+${digits}`));
  }
  return choices.find((c) => fold(c.label).startsWith(q)) ?? choices.find((c) => c.search.split('|').some((w) => w.startsWith(q))) ?? choices.find((c) => c.search.includes(q));
}

/** Mobile number with its country prefix (from `services/getallservices`), checked with libphonenumber-js (loaded when needed). */
export function PhoneField({ formId, legend, prefixLabel, phoneLabel, prefixes, prefix, phone, prefixError, phoneError, requiredLabel, required = true, country, defaultPrefix, searchLabel }: Props) {
  const prefixId = fieldId(formId, prefix.name);
  const phoneId = fieldId(formId, phone.name);
  const choices = useMemo(() => prefixChoices(prefixes, country), [prefixes, country]);
  const select = useRef<HTMLSelectElement | null>(null);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<string | null>(null);
  const fallback = defaultPrefix ?? choices.find((c) => c.value === prefixes.find((p) => p.iso.toUpperCase() === country?.toUpperCase())?.prefix)?.value;

  const search = (value: string) => {
    setQuery(value);
    const hit = findPrefix(choices, value);
    setFound(hit ? hit.label : value.trim() ? '' : null);
    if (hit && select.current && select.current.value !== hit.value) {
      select.current.value = hit.value;
      void prefix.onChange({ target: select.current, type: 'change' });
    }
  };

  return (
    <fieldset className="field field--group">
      <legend>
        {legend} <span className="field__required">({requiredLabel})</span>
      </legend>
      <div className="field__row field__row--phone">
        {searchLabel ? (
          <div className="field field--prefix-search">
            <label htmlFor={`${prefixId}-search`}>{searchLabel}</label>
            <input
              id={`${prefixId}-search`}
              type="search"
              autoComplete="off"
              enterKeyHint="done"
              value={query}
              aria-controls={prefixId}
              aria-describedby={`${prefixId}-found`}
              onChange={(e) => search(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') e.preventDefault();
              }}
            />
            <span id={`${prefixId}-found`} className="visually-hidden" aria-live="polite">
              {found ?? ''}
            </span>
          </div>
        ) : null}
        <div className={`field field--prefix${prefixError ? ' field--invalid' : ''}`}>
          <label htmlFor={prefixId}>{prefixLabel}</label>
          <select
            id={prefixId}
            autoComplete="tel-country-code"
            aria-required={required || undefined}
            {...errorAria(formId, prefix.name, prefixError)}
            defaultValue={fallback}
            {...prefix}
            ref={(el) => {
              select.current = el;
              prefix.ref(el);
            }}
          >
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className={`field field--grow${phoneError ? ' field--invalid' : ''}`}>
          <label htmlFor={phoneId}>{phoneLabel}</label>
          <input
            id={phoneId}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            aria-required={required || undefined}
            {...errorAria(formId, phone.name, phoneError)}
            {...phone}
            onFocus={preloadPhoneRules}
          />
        </div>
      </div>
      <FieldError id={errorId(formId, prefix.name)} message={prefixError} />
      <FieldError id={errorId(formId, phone.name)} message={phoneError} />
    </fieldset>
  );
}
