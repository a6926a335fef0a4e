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

const SEARCH_LOCALES = ['it', 'en', 'fr', 'es', 'de'];

/** One country of the list: its dialling code (the value sent, the contract's `prefisso`), its ISO code, its label and search words. */
export type PrefixChoice = { value: string; iso: string; label: string; search: string };

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
 * One option per country (issue 45: "United States (+1)" and "Canada (+1)", "Russia (+7)" and
 * "Kazakhstan (+7)" each in its place), in the list's order: `getPrefixList(venue, locale)` names
 * them in the guest's language and sorts them in its collation on the server. The value is the
 * dialling code, as the contract's `prefisso` expects, so countries that share one share a value.
 * Each option can be found by its country's name in the five languages, or by its digits (search
 * words are not rendered, so they may come from the browser's own `Intl`).
 */
export function prefixChoices(prefixes: PrefixOption[]): PrefixChoice[] {
  const all = SEARCH_LOCALES.map(regionNames).filter((n): n is Intl.DisplayNames => n !== null);
  return prefixes.map((p) => {
    const words = [p.prefix, p.prefix.slice(1), p.name, p.iso];
    for (const n of all) {
      try {
        words.push(n.of(p.iso.toUpperCase()) ?? '');
      } catch {
        // not a region code
      }
    }
    return { value: p.prefix, iso: p.iso.toUpperCase(), label: `${p.name} (${p.prefix})`, search: fold(words.join('|')) };
  });
}

/**
 * The option a select showing `value` should mark: countries that share a dialling code share
 * a value, and a browser marks the first of them. The guest's own choice of that code comes
 * first, then the venue's country, then the code's main country (libphonenumber-js's, e.g. US
 * for +1, RU for +7, GB for +44), then the first in the list.
 */
export function preferredChoice(choices: PrefixChoice[], value: string, ...isos: (string | undefined)[]): number {
  const same = choices.map((c, i) => ({ c, i })).filter(({ c }) => c.value === value);
  for (const iso of [...isos, MAIN_COUNTRY[value]]) {
    const hit = iso ? same.find(({ c }) => c.iso === iso.toUpperCase()) : undefined;
    if (hit) return hit.i;
  }
  return same[0]?.i ?? -1;
}

/** The country a shared dialling code is usually read as (libphonenumber-js's main country). */
const MAIN_COUNTRY: Record<string, string> = { '+1': 'US', '+7': 'RU', '+39': 'IT', '+44': 'GB', '+47': 'NO', '+61': 'AU', '+212': 'MA', '+262': 'RE', '+290': 'SH', '+358': 'FI', '+590': 'GP', '+599': 'CW' };

/** The country each phone field last chose, by form, while the page lives (a wizard's step shown again keeps Canada, not the United States). */
const chosenCountry = new Map<string, string>();

/** The first option a type-ahead query finds: digits match the prefix (its main country, or the venue's), letters a country's name. */
export function findPrefix(choices: PrefixChoice[], query: string, country?: string): PrefixChoice | undefined {
  const q = fold(query.trim());
  if (!q) return undefined;
  if (/^\+?\d+$/.test(q)) {
    const digits = q.replace('+', '');
    const exact = preferredChoice(choices, `+${digits}`, country);
    return exact >= 0 ? choices[exact] : choices.find((c) => c.value.startsWith(`+${digits}`));
  }
  return choices.find((c) => fold(c.label).startsWith(q)) ?? choices.find((c) => c.search.split('|').some((w) => w.startsWith(q))) ?? choices.find((c) => c.search.includes(q));
}

/** Mobile number with its country prefix (from `services/getallservices`), checked with libphonenumber-js (loaded when needed). */
export function PhoneField({ formId, legend, prefixLabel, phoneLabel, prefixes, prefix, phone, prefixError, phoneError, requiredLabel, required = true, country, defaultPrefix, searchLabel }: Props) {
  const prefixId = fieldId(formId, prefix.name);
  const phoneId = fieldId(formId, phone.name);
  const choices = useMemo(() => prefixChoices(prefixes), [prefixes]);
  const select = useRef<HTMLSelectElement | null>(null);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<string | null>(null);
  const fallback = defaultPrefix ?? choices.find((c) => c.iso === country?.toUpperCase())?.value;
  /** Marks the right country among those that share the select's value (see preferredChoice). */
  const markCountry = (el: HTMLSelectElement | null, iso?: string) => {
    if (!el) return;
    const index = preferredChoice(choices, el.value, iso, chosenCountry.get(formId), country);
    if (index >= 0 && el.selectedIndex !== index) el.selectedIndex = index;
  };

  const search = (value: string) => {
    setQuery(value);
    const hit = findPrefix(choices, value, country);
    setFound(hit ? hit.label : value.trim() ? '' : null);
    if (hit && select.current && select.current.selectedIndex !== choices.indexOf(hit)) {
      select.current.selectedIndex = choices.indexOf(hit);
      chosenCountry.set(formId, hit.iso);
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
            onChange={(e) => {
              chosenCountry.set(formId, choices[e.target.selectedIndex]?.iso ?? '');
              return prefix.onChange(e);
            }}
            ref={(el) => {
              select.current = el;
              prefix.ref(el);
              markCountry(el);
            }}
          >
            {choices.map((c) => (
              <option key={c.iso} value={c.value}>
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
