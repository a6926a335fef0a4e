import compile from 'icu-minify/compile';
import type { NestedKeyOf } from 'use-intl/core';
import type it from '@/messages/it.json';

/** A namespace of messages/*.json, whole (`reserve`), a part of one (`reserve.outcome`) or one message of it (`fidelity.submit`). */
export type Namespace = NestedKeyOf<typeof it>;

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

/**
 * The messages compiled ahead of time (icu-minify, as next-intl's `precompile`), for the browser:
 * there next-intl formats with `use-intl/format-message/format-only` (next.config.mjs aliases it
 * for the client bundle only), so the ICU parser never ships to the browser (docs/performance.md,
 * "JavaScript budget"). The server keeps the plain messages and the full formatter.
 */
export function precompiled(tree: Tree): Tree {
  return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, typeof value === 'string' ? plain(compile(value)) : precompiled(value as Tree)]));
}

/** A compiled message as plain arrays and objects: icu-minify makes a plural's forms a null-prototype object, which React cannot pass to a client component. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}
