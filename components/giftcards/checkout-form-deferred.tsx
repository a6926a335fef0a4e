'use client';

import { deferred } from '@/components/forms/deferred';

/** The gift card checkout form, hydrated when the guest first reaches for it (components/forms/deferred.tsx). */
export const GiftcardCheckoutFormDeferred = deferred(() => import('./checkout-form').then((m) => m.GiftcardCheckoutForm));
