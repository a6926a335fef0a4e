'use client';

import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslations } from 'next-intl';
import type { DetailsForm as Form } from './details-form';

const load = () => import('./details-form');
const DetailsForm = lazy(() => load().then((m) => ({ default: m.DetailsForm })));

// The form (react-hook-form, the phone field) is not in the reservation page's first load:
// it is fetched once the page is idle, so it is there by the time the guest reaches it.
if (typeof window !== 'undefined') {
  const idle = () => (window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 200)))(() => void load().catch(() => undefined));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** The wizard's personal-data step: `DetailsForm`, loaded on demand. */
export function DetailsStep(props: ComponentProps<typeof Form>) {
  const t = useTranslations('reserve');
  return (
    <Suspense fallback={<p role="status">{t('date.loading')}</p>}>
      <DetailsForm {...props} />
    </Suspense>
  );
}
