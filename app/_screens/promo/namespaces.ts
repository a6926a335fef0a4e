import type { Namespace } from '@/lib/i18n/namespaces';

// Kept here, not beside the client components: a server component that imports a value from a
// 'use client' module gets a client reference, not the value.

/** What the staff sign-in and the redeem button read (components/promo/staff-panel.tsx). */
export const staffPanelNamespaces = ['promo.staff', 'forms.errors.unavailable', 'limits'] as const satisfies readonly Namespace[];

/** The live part of the promotion page and its form (`promo`'s own words, the form kit's, the abuse limit's). */
export const promoLiveNamespaces = [
  'promo.endsIn',
  'promo.units',
  'promo.available',
  'promo.download',
  'promo.formTitle',
  'promo.formIntro',
  'promo.close',
  'promo.states',
  'promo.disabledTitle',
  'promo.submit',
  'promo.rateLimited',
  'promo.marketingRequired',
  'promo.resend.marketingHint',
  'forms',
  'limits',
] as const satisfies readonly Namespace[];
