import 'server-only';
import type { Db } from '@/server/db/types';
import type { VenueContext } from '@/server/venues/context';

/** Every answer of the contract: `{status, data}` (spec section 7). */
export type Envelope = { status: boolean; data?: unknown; error?: string; fieldErrors?: Record<string, string>; httpStatus?: number };
/**
 * One call: `venueKey` names the venue, `venue` is it, resolved once for the call (server/venues/context.ts); `linkHost` is what its e-mail links are built on
 * (venuePageUrl): the guest-facing origin a front passed (X-Frontpage-Origin), else the venue's
 * host; `selfOrigin` is this backend's own public origin when it was called over HTTP, which
 * the pages it hosts itself (the test payment page) are named on. In-process it is unset and
 * those URLs stay relative: the site is its own front.
 */
export type CallContext = { db: Db; venue: VenueContext; params: URLSearchParams; venueKey: string; linkHost: string; selfOrigin?: string };
