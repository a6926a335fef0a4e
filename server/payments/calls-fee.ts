import 'server-only';
import type { CallContext, Envelope } from '@/server/backend/call';
import { linkIdOf } from '@/lib/backend/links';
import { authenticateFee, feeLink } from './fee-core';

/**
 * The no-show fee's signed link through the contract (issue 41, point 14; docs/backend-contract.md,
 * "Link pages"): the page a guest whose bank held the fee back opens, and the local test
 * provider's approval on it. The backend checks the link's signature. The wire read, then the
 * core (server/payments/fee-core.ts).
 */

const feeLinkOf = (params: URLSearchParams) => ({ id: linkIdOf(params.get('id') ?? ''), s: params.get('s') ?? '' });

/** `payment/feelink` `{id, s}`: the fee to authenticate, or how it ended. */
export const getFeeLink = ({ db, venue, params }: CallContext): Promise<Envelope> => feeLink(db, venue, feeLinkOf(params));

/**
 * `payment/feeauthenticate` `{id, s, approve: 1|0}`: the local test provider's bank check on
 * the fee page, approved or refused; answers the page as it is afterwards. A fee with nothing
 * to confirm, or one taken by Stripe (confirmed in the browser by Stripe.js), is `400 invalid`.
 */
export const authenticateFeeLink = ({ db, venue, params }: CallContext): Promise<Envelope> => authenticateFee(db, venue, feeLinkOf(params), params.get('approve') === '1');
