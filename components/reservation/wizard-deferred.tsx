'use client';

import { deferred } from '@/components/forms/deferred';

/**
 * The booking wizard, not in the page's first load (components/forms/deferred.tsx): its first
 * step is server HTML (`PeopleStepStatic`, links that work without scripts) until the wizard is
 * fetched, when the guest first points at, touches, focuses or types in that step (a party size
 * chosen meanwhile opens the wizard at it), or at once when the address already holds a choice.
 */
export const ReservationWizardDeferred = deferred(() => import('./wizard').then((m) => m.ReservationWizard), {
  boundary: false,
  fallback: '.wizard--static',
  now: () => location.search.length > 1,
});
