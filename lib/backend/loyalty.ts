import type { ActionResult, BackendClient } from './client';
import type { FidelityData } from '@/lib/forms/fidelity';
import { formFields } from './tables';

/** A sign-up: the form's values as its rule read them, the guest's language and the partner cookie. */
export type LoyaltySignUp = { member: FidelityData; locale: string; partner: boolean };

/**
 * The loyalty programme's door (issue 42, "One core, two doors"), as the table door
 * (lib/backend/tables.ts). The built-in backend calls its core (server/fidelity/core.ts)
 * directly; a legacy backend is called through the wire format (`wireLoyalty`). The outcome is
 * the answer's status and error (`alreadyRegistered`, `disabled`); its data is not read.
 */
export interface LoyaltyDoor {
  /** Signs a guest up: `status: true`, or `alreadyRegistered`, `disabled`. */
  subscribe(input: LoyaltySignUp): Promise<ActionResult<null>>;
  /** "Am I a member?": always the same answer (`invalid` for a malformed address); the address's owner gets an e-mail. */
  lookup(input: { email: string; locale: string }): Promise<ActionResult<null>>;
}

/** The loyalty door over the contract's wire format (docs/backend-contract.md, `fidelity/*`): a legacy backend's. */
export function wireLoyalty(client: BackendClient): LoyaltyDoor {
  return {
    subscribe: (s) => client.subscribeFidelity(formFields({ ...s.member, privacy: true, marketing: true, language: s.locale, partner: s.partner })),
    lookup: (l) => client.lookupFidelity({ email: l.email, language: l.locale }),
  };
}
