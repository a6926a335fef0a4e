import 'server-only';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { loadLocation } from '@/server/venues/data';
import { emptyLocation } from '@/lib/contract/location';

export type VenueParams = { venue: string; locale: string };

/** The venue key of the current render, for screens without params (not-found). */
const requestVenue = cache(() => ({ key: '' }));
export const getRequestVenueKey = () => requestVenue().key;

/** Fixes the locale (next-intl static rendering) and the venue key for this render. */
export function enterVenue(params: VenueParams): Locale {
  if (!isLocale(params.locale)) notFound();
  setRequestLocale(params.locale);
  requestVenue().key = params.venue;
  return params.locale;
}

/**
 * Every screen starts here: the locale and venue are fixed for this render and the
 * venue's location is read from cache. An unknown locale, or a venue the backend says it
 * does not know, is a 404. A backend that fails is not: spec section 7 reads a failed
 * data load as empty, so the screen renders with no venue name and no venue HTML.
 */
export async function loadVenue(params: VenueParams) {
  const locale = enterVenue(params);
  const loaded = await loadLocation(params.venue);
  if (loaded.status === 'unknownVenue') notFound();
  const location = loaded.status === 'ok' ? loaded.data : emptyLocation;
  return { locale, location, venueKey: params.venue, backendFailed: loaded.status === 'failed' };
}
