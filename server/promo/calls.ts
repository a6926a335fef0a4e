import 'server-only';
import { z } from 'zod';
import { fieldErrors } from '@/lib/forms/fields';
import { promoRequestSchema } from '@/lib/forms/promo';
import { toLocale } from '@/lib/i18n/locales';
import { getCode, getPromo, lookupCode, redeemCode, requestCode, resendCode } from '@/server/promo/service';
import type { CallContext, Envelope } from '@/server/backend/call';
import { fields, notFound } from '../backend/answers';

const urlName = z.string().trim().min(1).max(120);
const id = z.string().trim().regex(/^[A-Za-z0-9_-]{16,64}$/);
const invalid = (field: string): Envelope => ({ httpStatus: 400, status: false, error: 'invalid', fieldErrors: { [field]: 'invalid' } });

/** `promo/getpromo {urlName}`: the promotion page's data, with the live count and state. */
export async function getPromotion({ db, venue, params }: CallContext): Promise<Envelope> {
  const name = urlName.safeParse(params.get('urlName'));
  if (!name.success) return invalid('urlName');
  const promo = await getPromo(db, venue, name.data);
  return promo ? { status: true, data: promo } : notFound;
}

/**
 * `promo/request {urlName, nome, cognome, email, prefisso, telefono, privacy, marketing, language, partner, remoteIp}`:
 * one code, or `status: false` with `duplicate`, `disabled`, `inactive`, `terminated`,
 * `expired` or `notFound`. The site limits requests per address and e-mail before calling
 * (`promoRequest`, `promoRequestEmail`, docs/security.md); `remoteIp` is passed on for a legacy backend.
 */
export async function requestPromoCode({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  const name = urlName.safeParse(params.get('urlName'));
  if (!name.success) return invalid('urlName');
  const parsed = promoRequestSchema.safeParse(fields(params));
  if (!parsed.success) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: fieldErrors(parsed.error) };
  const result = await requestCode(db, venue, name.data, parsed.data, {
    locale: toLocale(params.get('language')),
    partner: params.get('partner') === '1',
    host: linkHost,
  });
  if (result.result === 'success') return { status: true, data: { id: result.id, code: result.code } };
  if (result.result === 'notFound') return notFound;
  return { status: false, error: result.result };
}

/** `promo/resend {urlName, email, language}` (*addition*): the code sent again to the address it was issued to; `{sent: true}` whether or not there is one. */
export async function resendPromoCode({ db, venue, params, venueKey }: CallContext): Promise<Envelope> {
  const name = urlName.safeParse(params.get('urlName'));
  const email = z.string().trim().min(3).max(254).safeParse(params.get('email'));
  if (!name.success) return invalid('urlName');
  if (!email.success) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: { email: 'emailInvalid' } };
  await resendCode(db, venue, name.data, email.data, { locale: toLocale(params.get('language')), host: venueKey });
  return { status: true, data: { sent: true } };
}

/** `promo/getcode {urlName, id}`: the guest's code page. */
export async function getPromoCode({ db, venue, params }: CallContext): Promise<Envelope> {
  const name = urlName.safeParse(params.get('urlName'));
  const code = id.safeParse(params.get('id'));
  if (!name.success || !code.success) return notFound;
  const found = await getCode(db, venue, name.data, code.data);
  return found ? { status: true, data: found } : notFound;
}

const codeQuery = (params: URLSearchParams) => {
  const byId = id.safeParse(params.get('id'));
  const byCode = z.string().trim().min(4).max(20).safeParse(params.get('code'));
  return { id: byId.success ? byId.data : undefined, code: byCode.success ? byCode.data : undefined };
};

/** `promo/lookup {id | code}` (venue side): a code, its status and the guest's name. */
export async function lookupPromoCode({ db, venue, params }: CallContext): Promise<Envelope> {
  const found = await lookupCode(db, venue, codeQuery(params));
  return found ? { status: true, data: found } : notFound;
}

/**
 * `promo/redeem {id | code}` (venue side): marks the code used. `result: used` the first
 * time; `result: alreadyUsed` with the first use's `usedAt` after (HTTP 409); an expired
 * code is `status: false, error: expired`.
 */
export async function redeemPromoCode({ db, venue, params }: CallContext): Promise<Envelope> {
  const q = codeQuery(params);
  if (!q.id && !q.code) return notFound;
  const result = await redeemCode(db, venue, q);
  if (result.result === 'notFound') return notFound;
  if (result.result === 'expired') return { httpStatus: 409, status: false, error: 'expired' };
  const guestless = { ...result.code, guest: '' };
  return { httpStatus: result.result === 'used' ? 200 : 409, status: true, data: { result: result.result, code: guestless } };
}
