import 'server-only';
import type { Db } from '@/server/db/types';
import type { VenueContext } from '@/server/venues/context';
import type { FeePage, SignedLink } from '@/lib/backend/links';
import { feePageState, type FeePage as FeeState } from './fee-page';
import { authenticateLocalFee } from './index';

/**
 * The no-show fee's signed link, its core (issue 42, "One core, two doors"): the page a guest
 * whose bank held the fee back opens, and the local test provider's approval on it. Both doors
 * call it: the built-in backend directly (server/backend/builtin.ts, `builtinGuestLinks`), the
 * contract's inbound adapter after reading the wire (server/payments/calls-fee.ts). A link that
 * is not the venue's is refused `invalid` (400).
 */

/** The fee's page, or the refusal of a link that is not the venue's: the shape of the lifecycle's `Outcome` (server/booking/lifecycle.ts, a domain above this one). */
type FeeOutcome = { status: true; data: FeePage } | { status: false; error: 'invalid'; httpStatus: 400; fieldErrors: Record<string, string> };
const invalidLink: FeeOutcome = { status: false, error: 'invalid', httpStatus: 400, fieldErrors: {} };
const feeOutcome = (page: FeeState): FeeOutcome => (page.state === 'invalid' ? invalidLink : { status: true, data: page });

/** The fee to authenticate, or how it ended. */
export async function feeLink(db: Db, venue: VenueContext, link: SignedLink): Promise<FeeOutcome> {
  return feeOutcome(await feePageState(db, venue, link.id, link.s));
}

/**
 * The local test provider's bank check on the fee page, approved or refused; the page as it is
 * afterwards. A fee with nothing to confirm, or one taken by Stripe (confirmed in the browser by Stripe.js), is refused `invalid`.
 */
export async function authenticateFee(db: Db, venue: VenueContext, link: SignedLink, approve: boolean): Promise<FeeOutcome> {
  if (!(await authenticateLocalFee(db, venue, link.id, link.s, approve))) return invalidLink;
  return feeOutcome(await feePageState(db, venue, link.id, link.s));
}
