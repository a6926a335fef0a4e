import 'server-only';
import { fieldErrors } from '@/lib/forms/fields';
import { promoRequestSchema } from '@/lib/forms/promo';
import type { CallContext, Envelope } from '@/server/backend/call';
import { fields } from '../backend/answers';
import { promoCode, promoLookup, promoName, promoPage, promoRedeem, promoRequest, promoResend } from './core';

/**
 * The promotion calls' inbound adapter (issue 42): each reads the wire's strings, then calls the
 * core (server/promo/core.ts), which the built-in door calls too; its outcome is the contract's
 * envelope, byte for byte as recorded.
 */

const text = (params: URLSearchParams, name: string) => params.get(name) ?? '';
/** A code query as the wire carries it (`id` or `code`). */
const codeQuery = (params: URLSearchParams) => ({ id: params.get('id') ?? undefined, code: params.get('code') ?? undefined });

/** `promo/getpromo {urlName}`: the promotion page's data, with the live count and state. */
export const getPromotion = ({ db, venue, params }: CallContext): Promise<Envelope> => promoPage(db, venue, text(params, 'urlName'));

/**
 * `promo/request {urlName, nome, cognome, email, prefisso, telefono, privacy, marketing, language, partner, remoteIp}`:
 * one code, or `status: false` with `duplicate`, `disabled`, `inactive`, `terminated`,
 * `expired` or `notFound`. The site limits requests per address and e-mail before calling
 * (`promoRequest`, `promoRequestEmail`, docs/security.md); `remoteIp` is passed on for a legacy backend.
 */
export async function requestPromoCode({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  if (!promoName(text(params, 'urlName'))) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: { urlName: 'invalid' } };
  const parsed = promoRequestSchema.safeParse(fields(params));
  if (!parsed.success) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: fieldErrors(parsed.error) };
  return promoRequest(db, venue, text(params, 'urlName'), parsed.data, { locale: text(params, 'language'), partner: params.get('partner') === '1', linkHost });
}

/** `promo/resend {urlName, email, language}` (*addition*): the code sent again to the address it was issued to; `{sent: true}` whether or not there is one. */
export const resendPromoCode = ({ db, venue, params, venueKey }: CallContext): Promise<Envelope> =>
  promoResend(db, venue, { urlName: text(params, 'urlName'), email: text(params, 'email'), locale: text(params, 'language'), linkHost: venueKey });

/** `promo/getcode {urlName, id}`: the guest's code page. */
export const getPromoCode = ({ db, venue, params }: CallContext): Promise<Envelope> => promoCode(db, venue, { urlName: text(params, 'urlName'), id: text(params, 'id') });

/** `promo/lookup {id | code}` (venue side): a code, its status and the guest's name. */
export const lookupPromoCode = ({ db, venue, params }: CallContext): Promise<Envelope> => promoLookup(db, venue, codeQuery(params));

/**
 * `promo/redeem {id | code}` (venue side): marks the code used. `result: used` the first
 * time; `result: alreadyUsed` with the first use's `usedAt` after (HTTP 409); an expired
 * code is `status: false, error: expired`.
 */
export async function redeemPromoCode({ db, venue, params }: CallContext): Promise<Envelope> {
  const redeemed = await promoRedeem(db, venue, codeQuery(params));
  return redeemed.status ? { httpStatus: redeemed.data.result === 'used' ? 200 : 409, ...redeemed } : redeemed;
}
