import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { UNAVAILABLE } from '@/lib/backend/client';
import { MessagePanel } from '@/components/shell/message-panel';

/** "Service unavailable, try again": a booking page whose backend cannot be reached (never a 404, the booking may exist). */
export async function Unavailable() {
  const t = await getTranslations('errors');
  return (
    <MessagePanel title={t('unavailableTitle')} text={t('unavailableText')} tone="error" role="alert" />
  );
}

/**
 * A guest's booking looked up by its hash: its data; null when the backend cannot be reached
 * (the page shows Unavailable); the 404 page when there is no such booking. Thrown, not rendered
 * in place: a dynamic page has begun streaming by the time a Suspense boundary could, and a
 * missing booking must be a 404. An unknown or malformed hash is never a 500.
 */
export function foundOr404<T>(result: { status: true; data: T } | { status: false; error: string }): T | null {
  if (!result.status && result.error === UNAVAILABLE) return null;
  if (!result.status) notFound();
  return result.data;
}
