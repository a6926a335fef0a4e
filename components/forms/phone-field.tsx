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

/**
 * One country of the list: its dialling code (`code`, what the form sends as the contract's
 * `prefisso`), its ISO code, its label, its search words, and the option's `value`: the code for
 * the country a shared code is read as (the venue's, else the code's main one), `code|ISO` for the
 * others ("+1|CA"), so every option is one of a kind and the page's HTML marks the right one.
 */
export type PrefixChoice = { value: string; code: string; iso: string; label: string; search: string };

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

/** The country a shared dialling code is usually read as (libphonenumber-js's main country). */
const MAIN_COUNTRY: Record<string, string> = { '+1': 'US', '+7': 'RU', '+39': 'IT', '+44': 'GB', '+47': 'NO', '+61': 'AU', '+212': 'MA', '+262': 'RE', '+290': 'SH', '+358': 'FI', '+590': 'GP', '+599': 'CW' };

/** The dialling code an option's value stands for ("+1|CA" is +1). */
export const codeOf = (value: string) => value.split('|')[0];

/**
 * One option per country (issue 45: "United States (+1)" and "Canada (+1)", "Russia (+7)" and
 * "Kazakhstan (+7)" each in its place), in the list's order: `getPrefixList(venue, locale)` names
 * them in the guest's language and sorts them in its collation on the server. A code shared by
 * several countries is read as the venue's country, else the code's main one: that option's value
 * is the code itself, the others' `code|ISO`. Each option can be found by its country's name in
 * the five languages, or by its digits (search words are not rendered, so they may come from the
 * browser's own `Intl`).
 */
export function prefixChoices(prefixes: PrefixOption[], country?: string): PrefixChoice[] {
  const all = SEARCH_LOCALES.map(regionNames).filter((n): n is Intl.DisplayNames => n !== null);
  const venue = country?.toUpperCase();
  const main = new Map<string, string>();
  for (const p of prefixes) {
    const iso = p.iso.toUpperCase();
    const held = main.get(p.prefix);
    if (!held || iso === venue || (held !== venue && iso === MAIN_COUNTRY[p.prefix])) main.set(p.prefix, iso);
  }
  return prefixes.map((p) => {
    const iso = p.iso.toUpperCase();
    const words = [p.prefix, p.prefix.slice(1), p.name, p.iso];
    for (const n of all) {
      try {
        words.push(n.of(iso) ?? '');
      } catch {
        // not a region code
      }
    }
    return { value: main.get(p.prefix) === iso ? p.prefix : `${p.prefix}|${iso}`, code: p.prefix, iso, label: `${p.name} (${p.prefix})`, search: fold(words.join('|')) };
  });
}

/** The country each phone field last chose, by form, while the page lives (a wizard's step shown again keeps Canada, not the United States). */
const chosenCountry = new Map<string, string>();

/** The first option a type-ahead query finds: digits match the code (the country it is read as), letters a country's name. */
export function findPrefix(choices: PrefixChoice[], query: string): PrefixChoice | undefined {
  const q = fold(query.trim());
  if (!q) return undefined;
  if (/^\+?\d+$/.test(q)) {
    const digits = q.replace('+', '');
    return choices.find((c) => c.value === `+${digits}`) ?? choices.find((c) => c.code.startsWith(`+${digits}`));
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
  const fallback = defaultPrefix ?? choices.find((c) => c.iso === country?.toUpperCase())?.code;
  /** The form holds the dialling code only: RHF reads the value from this stand-in, not from the select's `code|ISO`. */
  const tell = (el: HTMLSelectElement, type: 'change' | 'blur') => prefix[type === 'change' ? 'onChange' : 'onBlur']({ target: { name: prefix.name, value: codeOf(el.value) }, type });
  /** Back on a step, the country the guest chose for this code (Canada, not the United States that +1 reads as). */
  const markCountry = (el: HTMLSelectElement | null) => {
    const current = el ? choices[el.selectedIndex] : undefined;
    const wanted = chosenCountry.get(formId);
    if (!el || !current || !wanted || wanted === current.iso) return;
    const index = choices.findIndex((c) => c.iso === wanted && c.code === current.code);
    if (index >= 0) el.selectedIndex = index;
  };

  const search = (value: string) => {
    setQuery(value);
    const hit = findPrefix(choices, value);
    setFound(hit ? hit.label : value.trim() ? '' : null);
    if (hit && select.current && select.current.value !== hit.value) {
      select.current.value = hit.value;
      chosenCountry.set(formId, hit.iso);
      void tell(select.current, 'change');
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
              return tell(e.target, 'change');
            }}
            onBlur={(e) => tell(e.target, 'blur')}
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
