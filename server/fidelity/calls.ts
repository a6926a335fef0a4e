import 'server-only';
import { fidelityLookupSchema, fidelitySchema } from '@/lib/forms/fidelity';
import { fieldErrors } from '@/lib/forms/fields';
import type { CallContext, Envelope } from '@/server/backend/call';
import { fields } from '../backend/answers';
import { loyaltyLookup, loyaltySubscribe } from './core';

/**
 * The loyalty calls' inbound adapter (issue 42): each reads the wire's strings with the form's
 * zod schema, then calls the core (server/fidelity/core.ts), which the built-in door calls too.
 */

/**
 * `fidelity/subscribe`: the loyalty sign-up. Invalid input is a 400 with the field
 * errors (message keys); the outcome is `success`, or `status: false` with `error`
 * `alreadyRegistered` or `disabled`.
 */
export async function subscribeFidelity({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  const parsed = fidelitySchema.safeParse(fields(params));
  if (!parsed.success) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: fieldErrors(parsed.error) };
  return loyaltySubscribe(db, venue, parsed.data, { locale: params.get('language') ?? '', partner: params.get('partner') === '1', linkHost });
}

/** `fidelity/lookup`: always the same answer; the address's owner gets an e-mail. */
export async function lookupFidelity({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  const parsed = fidelityLookupSchema.safeParse(fields(params));
  if (!parsed.success) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: fieldErrors(parsed.error) };
  return loyaltyLookup(db, venue, parsed.data.email, { locale: params.get('language') ?? '', linkHost });
}
