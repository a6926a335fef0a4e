import { getLocale } from 'next-intl/server';
import type it from '@/messages/it.json';
import { precompiled } from './namespaces';
import { toLocale, type Locale } from './locales';

export type Messages = typeof it;

/**
 * The messages of a language as written in messages/<locale>.json, for server code that reads a
 * text itself (a string handed to `fill()`, an e-mail's words). What next-intl formats, on the
 * server and in the browser, is `compiledMessagesOf` (i18n/request.ts).
 */
export async function messagesOf(locale: Locale): Promise<Messages> {
  return (await import(`../../messages/${locale}.json`)).default as Messages;
}

const compiled = new Map<Locale, Promise<Messages>>();

/**
 * The messages of a language compiled ahead of time (icu-minify, next-intl's `precompile`), once
 * per process: next-intl formats them with its format-only formatter (next.config.mjs), so the
 * ICU parser is in no bundle, the browser's included (docs/performance.md, "JavaScript budget").
 */
export function compiledMessagesOf(locale: Locale): Promise<Messages> {
  let found = compiled.get(locale);
  if (!found) {
    found = messagesOf(locale).then((raw) => precompiled(raw) as unknown as Messages);
    compiled.set(locale, found);
  }
  return found;
}

/** The request's messages as written (server components only): for the screens that still hand texts down as strings. */
export async function getRawMessages(): Promise<Messages> {
  return messagesOf(toLocale(await getLocale()));
}
