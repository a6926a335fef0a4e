'use client';

import { lazy, Suspense, type ComponentProps } from 'react';
import type { LastExperienceBooking as Last } from './last-experience';

const LastExperience = lazy(() => import('./last-experience').then((m) => ({ default: m.LastExperienceBooking })));

/**
 * The experience booking just made (`LastExperienceBooking`), fetched on the outcome pages that
 * show it only: the experience's own page shares their route, and so their first load.
 */
export function LastExperienceBookingLazy(props: ComponentProps<typeof Last>) {
  return (
    <Suspense fallback={null}>
      <LastExperience {...props} />
    </Suspense>
  );
}
