import type { Namespace } from '@/lib/i18n/namespaces';

/** The gift card checkout form (components/giftcards/checkout-form.tsx). */
export const checkoutNamespaces = ['giftcards.checkout', 'giftcards.errors', 'giftcards.customValue', 'giftcards.customValueHint', 'forms', 'limits'] as const satisfies readonly Namespace[];

/** The balance form (components/giftcards/balance-form.tsx). */
export const balanceNamespaces = ['giftcards.balance', 'giftcards.print.testNoValue', 'giftcards.errors'] as const satisfies readonly Namespace[];
