'use client';

import { ErrorScreen } from '@/components/shell/error-screen';

/** A screen that fails to render: the translated error inside the venue's header and footer. */
export default function ErrorPage(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorScreen {...props} />;
}
