'use client';

import { deferred } from '@/components/forms/deferred';

/**
 * An experience's booking form, hydrated when the guest first reaches for it
 * (components/forms/deferred.tsx); at once when the address already holds a party size
 * (the form then fetches the experience's days).
 */
export const ExperienceFormDeferred = deferred(() => import('./experience-form').then((m) => m.ExperienceForm), {
  now: () => new URLSearchParams(location.search).has('pax'),
});
