import type { NamespaceKeys, NestedKeyOf } from 'use-intl/core';
import type it from '@/messages/it.json';

/** A namespace of messages/*.json, whole (`reserve`) or a part of one (`reserve.outcome`). */
export type Namespace = NamespaceKeys<typeof it, NestedKeyOf<typeof it>>;

type Tree = { [key: string]: unknown };

/**
 * Only the namespaces client components need, out of the whole messages object: what a screen
 * hands to `NextIntlClientProvider` (app/_screens/shell/client-texts.tsx), so a page's HTML
 * carries those texts and no others. A dotted name takes that part of a namespace, under the
 * same path, so `useTranslations('reserve')` reads `t('outcome.title')` from it as from the whole.
 */
export function pickNamespaces(messages: Tree, namespaces: readonly string[]): Tree {
  const picked: Tree = {};
  for (const name of namespaces) {
    const path = name.split('.');
    let from: unknown = messages;
    for (const key of path) from = from && typeof from === 'object' ? (from as Tree)[key] : undefined;
    if (from === undefined) continue;
    let into = picked;
    for (const key of path.slice(0, -1)) into = (into[key] ??= {}) as Tree;
    into[path[path.length - 1]] = from;
  }
  return picked;
}
