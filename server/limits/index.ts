import 'server-only';
import { createHash } from 'node:crypto';
import type { Db } from '@/server/db/types';
import type { VenueRow } from '@/server/db/schema';
import { getDb } from '@/server/db/client';
import { findVenueByKey } from '@/server/venues/queries';
import { hitRateLimits, unhitRateLimits } from '@/server/limits/ratelimit';
import { clientAddress, limitIdentity } from '@/server/http/client-address';
import { limitFor, LIMITS, RATE_LIMITED, RateLimitedError, type LimitName, type LimitOverrides } from '@/server/limits/config';
import { venueKeyForHost } from '@/lib/venue/host';
import { now as clockNow } from '@/server/clock';
import { canonicalEmail, canonicalPhone } from '@/lib/identity';
import { errorMessage, log } from '@/lib/log';

export { LIMITS, isLimitName, limitFor, RATE_LIMITED, RateLimitedError, type LimitName } from '@/server/limits/config';


/** E-mails and phone numbers are counted by a digest, so the counters table holds no personal data. */
const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/**
 * The subject a limit counts, one per client: the address by its identity (an IPv6 /64,
 * server/http/client-address.ts), an e-mail by its inbox and a phone by its E.164 number in the
 * venue's country (lib/identity.ts), each of these two by digest.
 */
export function subjectKey(name: LimitName, subject: string, country?: string | null) {
  const per: 'address' | 'email' | 'phone' | 'venue' = LIMITS[name].per;
  if (per === 'address') return limitIdentity(subject);
  // Per venue: the key already names the venue; one counter for all its clients.
  if (per === 'venue') return 'venue';
  return digest(per === 'email' ? canonicalEmail(subject) : canonicalPhone(subject, country));
}

/**
 * Counts one hit of each limit (in order) and throws RateLimitedError at the first one over.
 * A subject that is empty (no e-mail given) is not counted. A later limit is not counted once
 * an earlier one refused, so a refused address does not use up a target's allowance.
 */
export async function enforceLimits(
  db: Db,
  venueKey: string,
  overrides: LimitOverrides | null | undefined,
  hits: [LimitName, string | undefined | null][],
  now = clockNow(),
  country?: string | null,
): Promise<void> {
  const counted = hits.flatMap(([name, subject]) => {
    if (!subject) return [];
    const { count, windowSeconds } = limitFor(name, overrides);
    return [{ name, key: `limit:${name}:${venueKey}:${subjectKey(name, subject, country)}`, limit: count, windowMs: windowSeconds * 1000 }];
  }).filter((hit, i, all) => all.findIndex((other) => other.key === hit.key) === i);
  // One statement for every limit of the request (issue 42); the first one over refuses.
  const results = await hitRateLimits(db, counted, now);
  const refused = results.findIndex((r) => !r.allowed);
  if (refused < 0) return;
  // The limits after the refused one were counted with it: given back, so a refused address does not use up a target's allowance.
  await unhitRateLimits(db, counted.slice(refused + 1).map((c) => c.key));
  const { name } = counted[refused];
  log.warn('rate_limited', { limit: name, venue: venueKey, count: results[refused].count });
  throw new RateLimitedError(name, results[refused].retryAfterSeconds);
}

/**
 * Counts one hit of a limit the backend itself keeps (not a page's call: SMS code checks, gift
 * card balance look-ups) for a venue of this database; false once it is over.
 */
export async function withinLimit(db: Db, venue: Pick<VenueRow, 'id' | 'limits' | 'country'>, name: LimitName, subject: string, now = clockNow()): Promise<boolean> {
  try {
    await enforceLimits(db, `venue-${venue.id}`, venue.limits, [[name, subject]], now, venue.country);
    return true;
  } catch (error) {
    if (error instanceof RateLimitedError) return false;
    throw error;
  }
}

/**
 * Gives back the hit `refuseOverLimit` counted for this request's address against `name`: the
 * call turned out to cost nothing (a guarantee check that needs no card, issue 45). Best effort.
 */
export async function giveBackLimit(request: Request, name: LimitName): Promise<void> {
  const venueKey = venueKeyForHost(request.headers.get('host'));
  const address = clientAddress(request.headers);
  if (!address) return;
  try {
    await unhitRateLimits(await getDb(), [`limit:${name}:${venueKey}:${subjectKey(name, address)}`]);
  } catch (error) {
    log.error('rate_limit_give_back_failed', { limit: name, error: errorMessage(error) });
  }
}

/** The 429 of a refusal: `{error: 'rateLimited', limit, retryAfter}` with `Retry-After`. */
export function rateLimitedResponse(error: RateLimitedError): Response {
  return Response.json(
    { error: RATE_LIMITED, limit: error.limit, retryAfter: error.retryAfterSeconds },
    { status: 429, headers: { 'Cache-Control': 'private, no-store', 'Retry-After': String(error.retryAfterSeconds) } },
  );
}


/**
 * The check of a public call, in one line: counts the request's address against `name` (and
 * each `targets` entry against its own limit), and answers the 429 when one is over; null to
 * go on. E.g. `const refused = await refuseOverLimit(request, 'promoRequest', { promoRequestEmail: email }); if (refused) return refused;`
 * Should the database not answer, the call goes on (the backend call itself will then say so).
 */
export async function refuseOverLimit(request: Request, name: LimitName, targets: Partial<Record<LimitName, string | undefined | null>> = {}): Promise<Response | null> {
  const venueKey = venueKeyForHost(request.headers.get('host'));
  try {
    const db = await getDb();
    // The venue's own limits and country, when this site's database knows the venue (a legacy-backed venue may not).
    const venue = await findVenueByKey(db, venueKey);
    const hits: [LimitName, string | undefined | null][] = [[name, clientAddress(request.headers)], ...(Object.entries(targets) as [LimitName, string | undefined][])];
    await enforceLimits(db, venueKey, venue?.limits ?? null, hits, clockNow(), venue?.country);
    return null;
  } catch (error) {
    if (error instanceof RateLimitedError) return rateLimitedResponse(error);
    log.error('rate_limit_check_failed', { limit: name, error: errorMessage(error) });
    return null;
  }
}
