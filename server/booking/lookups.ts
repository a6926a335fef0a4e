import 'server-only';
import { cache } from 'react';
import { backendFor } from '@/server/backend';
import { UNAVAILABLE } from '@/lib/backend/client';

/**
 * A guest's booking read once per request (React `cache`), by its page and by the page's
 * metadata: a hash the backend does not know is the not-found page with one title, the
 * not-found screen's (issue 29); a backend that cannot answer is not a 404.
 */
export const reservationLookup = cache((venueKey: string, hash: string) => backendFor(venueKey).tables.booking(hash));
export const smsStatusLookup = cache((venueKey: string, hash: string) => backendFor(venueKey).tables.codeStatus(hash));
export const experienceBookingLookup = cache((venueKey: string, hash: string) => backendFor(venueKey).experiences.booking(hash));

/** Whether a lookup's answer means "no such booking" (not "cannot tell"). */
export const isMissing = (result: { status: boolean; error?: string }) => !result.status && result.error !== UNAVAILABLE;
