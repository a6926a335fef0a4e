import { promoStates } from '@/lib/promo/state';
import { either, number, object, oneOf, string } from '../check';

/**
 * What the promo pages' `/api/promo/*` calls answer: the whole body, not `{data}`
 * (server/promo/http.ts), read with `send` of lib/api/client.ts.
 */
const state = oneOf(...promoStates);

/** `request`: the confirmation to show, another outcome's page, or the promotion's state when it refused. */
export const requestAnswer = either(either(object({ outcome: oneOf('confirm'), id: string }), object({ outcome: oneOf('duplicate', 'disabled', 'error') })), object({ state }));

export const statusAnswer = object({ state, remaining: number, startsAt: string, endsAt: string, serverTime: string });

/** `redeem`: used now or already (with the first use's time), or expired. */
export const redeemAnswer = either(object({ result: oneOf('used', 'alreadyUsed'), usedAt: string }), object({ result: oneOf('expired') }));

export const resendAnswer = object({ sent: oneOf(true) });
