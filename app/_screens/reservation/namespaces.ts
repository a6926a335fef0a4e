import type { Namespace } from '@/lib/i18n/namespaces';

// The message namespaces each screen hands to ClientTexts, in modules of their own (no server
// code), so the component tests render with exactly these (tests/helpers/intl.tsx).

/** The booking steps, the table wizard's and the experience form's (`forms`: the guest's details; `limits`: a refused call's words). */
export const reserveNamespaces = ['reserve', 'forms', 'limits'] as const satisfies readonly Namespace[];

/** The experience booking form: the booking steps' and its own. */
export const experienceFormNamespaces = [...reserveNamespaces, 'experiences'] as const satisfies readonly Namespace[];

/** The message namespaces a cancel form reads (components/reservation/cancel-form.tsx), a table booking's or an experience booking's. */
export const cancelNamespaces = {
  table: ['reserve.cancel', 'reserve.errors.generic', 'reserve.outcome.newReservation'],
  experience: ['experiences.manage', 'reserve.cancel.doneFee', 'reserve.errors.generic'],
} as const satisfies Record<string, readonly Namespace[]>;
