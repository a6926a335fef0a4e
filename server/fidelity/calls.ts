import 'server-only';
import { fidelityLookupSchema, fidelitySchema } from '@/lib/forms/fidelity';
import { fieldErrors } from '@/lib/forms/fields';
import { toLocale } from '@/lib/i18n/locales';
import { lookup, subscribe } from '@/server/fidelity/service';
import type { CallContext, Envelope } from '@/server/backend/call';
import { fields } from '../backend/answers';


/**
 * `fidelity/subscribe`: the loyalty sign-up. Invalid input is a 400 with the field
 * errors (message keys); the outcome is `success`, or `status: false` with `error`
 * `alreadyRegistered` or `disabled`.
 */
export async function subscribeFidelity({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  const parsed = fidelitySchema.safeParse(fields(params));
  if (!parsed.success) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: fieldErrors(parsed.error) };
  const result = await subscribe(db, venue, parsed.data, {
    locale: toLocale(params.get('language')),
    partner: params.get('partner') === '1',
    host: linkHost,
  });
  return result === 'success' ? { status: true, data: { result } } : { status: false, error: result };
}

/** `fidelity/lookup`: always the same answer; the address's owner gets an e-mail. */
export async function lookupFidelity({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  const parsed = fidelityLookupSchema.safeParse(fields(params));
  if (!parsed.success) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: fieldErrors(parsed.error) };
  await lookup(db, venue, parsed.data.email, { locale: toLocale(params.get('language')), host: linkHost });
  return { status: true, data: { result: 'sent' } };
}
