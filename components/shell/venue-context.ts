import 'server-only';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { getLocation } from '@/lib/venue/data';

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
 * venue's location is read from cache. An unknown venue or locale is a 404.
 */
export async function loadVenue(params: VenueParams) {
  const locale = enterVenue(params);
  const location = await getLocation(params.venue);
  if (!location) notFound();
  return { locale, location, venueKey: params.venue };
}
