import 'server-only';
import { getMessages } from 'next-intl/server';
import type { FormLabels, FormMessages } from './types';

/** The `forms` strings of the request's language, for a form's client components. */
export async function formMessages(): Promise<FormMessages & { labels: FormLabels }> {
  const messages = await getMessages();
  // `rateLimited`: a submit refused by an abuse limit (429), shown like any form error.
  return { ...messages.forms, errors: { ...messages.forms.errors, rateLimited: messages.limits.tooManyRequests } };
}
