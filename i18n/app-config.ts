import type { MessageKeys, NestedKeyOf } from 'use-intl/core';
import type it from '../messages/it.json';
import type { Locale } from '../lib/i18n/locales';

/**
 * Typed messages (next-intl's AppConfig, declared on use-intl, which defines it): every
 * `t('key')` is checked against messages/it.json, the default and fallback language, so a
 * missing or misspelt key is a type error. tests/unit/messages.test.ts keeps the other four
 * languages' keys equal to it.
 */
declare module 'use-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof it;
  }
}

/** A message's full key (`promo.errorTitle`): one missing from messages/it.json is a type error. */
export type MessageKey = MessageKeys<typeof it, NestedKeyOf<typeof it>>;
