'use client';

import { deferred } from '@/components/forms/deferred';

/** The loyalty sign-up form, hydrated when the guest first reaches for it (components/forms/deferred.tsx). */
export const FidelityFormDeferred = deferred(() => import('./fidelity-form').then((m) => m.FidelityForm));
