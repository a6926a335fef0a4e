'use client';

import { deferred } from '@/components/forms/deferred';

/**
 * The booking wizard, not in the page's first load (components/forms/deferred.tsx): its first
 * step is server HTML (`PeopleStepStatic`, links that work without scripts) until the wizard is
 * fetched, once the page is idle, or at once when the address already holds a choice.
 */
export const ReservationWizardDeferred = deferred(() => import('./wizard').then((m) => m.ReservationWizard), {
  when: 'idle',
  boundary: false,
  now: () => location.search.length > 1,
});
