import type { Namespace } from '@/lib/i18n/namespaces';

/** The message namespaces a cancel form reads (components/reservation/cancel-form.tsx), a table booking's or an experience booking's. */
export const cancelNamespaces = {
  table: ['reserve.cancel', 'reserve.errors.generic', 'reserve.outcome.newReservation'],
  experience: ['experiences.manage', 'reserve.cancel.doneFee', 'reserve.errors.generic'],
} as const satisfies Record<string, readonly Namespace[]>;
