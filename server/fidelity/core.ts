import 'server-only';
import type { Db } from '@/server/db/types';
import type { VenueContext } from '@/server/venues/context';
import type { FidelityData } from '@/lib/forms/fidelity';
import { ok, refused, type Outcome } from '@/lib/backend/outcome';
import { toLocale } from '@/lib/i18n/locales';
import { lookup, subscribe } from './service';

/**
 * The loyalty programme's core (issue 42, "One core, two doors"): typed input on a resolved
 * venue, a typed answer or a typed refusal (lib/backend/outcome.ts). Both doors call it: the
 * built-in backend directly (server/backend/builtin-sales.ts), the contract's inbound adapter
 * after reading the wire (server/fidelity/calls.ts).
 */

/** What a sign-up or a look-up needs beside its form: the guest's language, the host its e-mail links to. */
export type LoyaltyContext = { locale: string; linkHost: string };

/** Signs a guest up: `{result: 'success'}`, or `alreadyRegistered`, `disabled` (answered as the contract does, 200 with `status: false`). */
export async function loyaltySubscribe(db: Db, venue: VenueContext, member: FidelityData, context: LoyaltyContext & { partner: boolean }): Promise<Outcome<{ result: 'success' }>> {
  const result = await subscribe(db, venue, member, { locale: toLocale(context.locale), partner: context.partner, host: context.linkHost });
  return result === 'success' ? ok({ result }) : refused(200, result);
}

/** "Am I a member?": always `{result: 'sent'}`; the address's owner gets an e-mail. */
export async function loyaltyLookup(db: Db, venue: VenueContext, email: string, context: LoyaltyContext): Promise<Outcome<{ result: 'sent' }>> {
  await lookup(db, venue, email, { locale: toLocale(context.locale), host: context.linkHost });
  return ok({ result: 'sent' as const });
}
