'use client';

import { lazy, Suspense, use, type ComponentProps } from 'react';
import { useTranslations } from 'next-intl';
import type { DetailsForm as Form } from './details-form';
import type { WizardSetup } from './types';
import type { PrefixOption } from '@/components/forms/phone-field';
import { fetchedPrefixes } from '@/components/forms/fetched-prefixes';

const load = () => import('./details-form');
const DetailsForm = lazy(() => load().then((m) => ({ default: m.DetailsForm })));

// The form (react-hook-form, the phone field) is not in the reservation page's first load:
// it is fetched once the page is idle, so it is there by the time the guest reaches it.
if (typeof window !== 'undefined') {
  const idle = () => (window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 200)))(() => void load().catch(() => undefined));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** The prefixes of a wizard whose setup leaves them out (`/reserve`: `prefixes` null, issue 43), else its own. */
export const wizardPrefixes = (setup: WizardSetup): Promise<PrefixOption[]> => (setup.prefixes ? Promise.resolve(setup.prefixes) : fetchedPrefixes(setup));

/** The form once its prefixes are there (at once when the setup carries them). */
function WithPrefixes(props: ComponentProps<typeof Form>) {
  const prefixes = props.setup.prefixes ?? use(wizardPrefixes(props.setup));
  return <DetailsForm {...props} setup={{ ...props.setup, prefixes }} />;
}

/** The wizard's personal-data step: `DetailsForm`, loaded on demand, with the phone prefixes. */
export function DetailsStep(props: ComponentProps<typeof Form>) {
  const t = useTranslations('reserve');
  return (
    <Suspense fallback={<p role="status">{t('date.loading')}</p>}>
      <WithPrefixes {...props} />
    </Suspense>
  );
}
