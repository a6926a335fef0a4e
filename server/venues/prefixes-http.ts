import 'server-only';
import type { NextRequest } from 'next/server';
import { isLocale } from '@/lib/i18n/locales';
import { phonePrefixes } from '@/lib/venue/prefixes';
import { venueKeyForHost } from '@/lib/venue/host';
import { noStoreJson as json } from '@/server/http';
import { getPrefixList } from './data';

/**
 * `GET /api/phone-prefixes?locale`: the phone prefixes of the host's venue, named and sorted in
 * that language (`getPrefixList`), for a form that fetches them when its phone field is about to
 * be shown (the table wizard's details step, the promotion's form) rather than every page
 * carrying the list in its HTML (11.7 KB of it; issue 43, components/forms/fetched-prefixes.ts).
 * An unknown language is refused (400, the field's message key); an unknown venue has none.
 * `read`: the venue's list in a language (the cached read the pages use; a test passes the backend's).
 */
export async function handlePhonePrefixes(request: NextRequest, read: typeof getPrefixList = getPrefixList): Promise<Response> {
  const locale = request.nextUrl.searchParams.get('locale');
  if (!isLocale(locale)) return json({ error: 'invalid', fieldErrors: { locale: 'invalid' } }, 400);
  const { prefixes } = phonePrefixes(await read(venueKeyForHost(request.headers.get('host')), locale), undefined);
  return json({ prefixes }, 200);
}
