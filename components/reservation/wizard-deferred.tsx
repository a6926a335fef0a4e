'use client';

import { deferred } from '@/components/forms/deferred';

/**
 * The booking wizard, not in the page's first load (components/forms/deferred.tsx): its first
 * step is server HTML (`PeopleStepStatic`, links that work without scripts) until the wizard is
 * fetched, when the guest first points at, touches, focuses or types in that step (a party size
 * chosen meanwhile opens the wizard at it), or at once when the address already holds a choice
 * or the page changes a booking.
 */
export const ReservationWizardDeferred = deferred(() => import('./wizard').then((m) => m.ReservationWizard), {
  boundary: false,
  fallback: '.wizard--static',
  // A booking's change opens at its choices (`PeopleStepStatic` marked `data-at-once`).
  now: () => location.search.length > 1 || !!document.querySelector('.wizard--static[data-at-once]'),
});
