import 'server-only';
import type { CallContext, Envelope } from '@/server/backend/call';
import { invalid } from '@/server/backend/answers';
import { feePageState, type FeePage } from './fee-page';
import { authenticateLocalFee } from './index';

/**
 * The no-show fee's signed link through the contract (issue 41, point 14; docs/backend-contract.md,
 * "Link pages"): the page a guest whose bank held the fee back opens, and the local test
 * provider's approval on it. The backend checks the link's signature.
 */

const chargeIdOf = (params: URLSearchParams) => {
  const id = params.get('id') ?? '';
  return /^\d{1,9}$/.test(id) ? Number(id) : 0;
};

const feeAnswer = (page: FeePage): Envelope => (page.state === 'invalid' ? invalid({}, 'invalid') : { status: true, data: page });

/** `payment/feelink` `{id, s}`: the fee to authenticate, or how it ended. */
export async function getFeeLink({ db, venue, params }: CallContext): Promise<Envelope> {
  return feeAnswer(await feePageState(db, venue, chargeIdOf(params), params.get('s') ?? ''));
}

/**
 * `payment/feeauthenticate` `{id, s, approve: 1|0}`: the local test provider's bank check on
 * the fee page, approved or refused; answers the page as it is afterwards. A fee with nothing
 * to confirm, or one taken by Stripe (confirmed in the browser by Stripe.js), is `400 invalid`.
 */
export async function authenticateFeeLink({ db, venue, params }: CallContext): Promise<Envelope> {
  const id = chargeIdOf(params);
  const signature = params.get('s') ?? '';
  if (!(await authenticateLocalFee(db, venue, id, signature, params.get('approve') === '1'))) return invalid({}, 'invalid');
  return feeAnswer(await feePageState(db, venue, id, signature));
}
