import 'server-only';
import type { Db } from '@/server/db/types';
import type { VenueContext } from '@/server/venues/context';
import type { PromoRequestData } from '@/lib/forms/promo';
import type { CodeQuery, PromoCodeView, PromoPage, TillCode } from '@/lib/backend/promo';
import { ok, refused, type Outcome } from '@/lib/backend/outcome';
import { toLocale } from '@/lib/i18n/locales';
import { getCode, getPromo, lookupCode, redeemCode, requestCode, resendCode } from './service';

/**
 * The promotions' core (issue 42, "One core, two doors"): typed input on a resolved venue, a
 * typed answer or a typed refusal (lib/backend/outcome.ts). Both doors call it: the built-in
 * backend directly (server/backend/builtin-sales.ts), the contract's inbound adapter after
 * reading the wire (server/promo/calls.ts).
 */

const notFound = refused(404, 'notFound');
const badName = refused(400, 'invalid', { urlName: 'invalid' });
/** A code's public id: 16 to 64 URL-safe characters. */
const ID = /^[A-Za-z0-9_-]{16,64}$/;

/** A promotion's name as its URL carries it (trimmed, 1 to 120 characters), or null. */
export function promoName(urlName: string): string | null {
  const name = urlName.trim();
  return name && name.length <= 120 ? name : null;
}

/** A promotion's page: the fixed part and the live count and state; `notFound`, or bad input (400). */
export async function promoPage(db: Db, venue: VenueContext, urlName: string): Promise<Outcome<PromoPage>> {
  const name = promoName(urlName);
  if (!name) return badName;
  const promo = await getPromo(db, venue, name);
  return promo ? ok(promo) : notFound;
}

/** What a code's request needs beside the guest's form: the language, the partner flag, the host its e-mail links to. */
export type RequestContext = { locale: string; partner: boolean; linkHost: string };

/**
 * Issues one code: `{id, code}`, or a refusal: `duplicate`, `disabled`, `inactive`, `terminated`,
 * `expired` (answered as the contract does, 200 with `status: false`), `notFound` (404).
 */
export async function promoRequest(db: Db, venue: VenueContext, urlName: string, guest: PromoRequestData, context: RequestContext): Promise<Outcome<{ id: string; code: string }>> {
  const name = promoName(urlName);
  if (!name) return badName;
  const result = await requestCode(db, venue, name, guest, { locale: toLocale(context.locale), partner: context.partner, host: context.linkHost });
  if (result.result === 'success') return ok({ id: result.id, code: result.code });
  if (result.result === 'notFound') return notFound;
  return refused(200, result.result);
}

/** The code again to the address it was issued to: `{sent: true}` whether or not there is one; a malformed name or address is bad input (400). */
export async function promoResend(db: Db, venue: VenueContext, input: { urlName: string; email: string; locale: string; linkHost: string }): Promise<Outcome<{ sent: boolean }>> {
  const name = promoName(input.urlName);
  if (!name) return badName;
  const email = input.email.trim();
  if (email.length < 3 || email.length > 254) return refused(400, 'invalid', { email: 'emailInvalid' });
  await resendCode(db, venue, name, email, { locale: toLocale(input.locale), host: input.linkHost });
  return ok({ sent: true });
}

/** A guest's code page, by its promotion and its id, or `notFound`. */
export async function promoCode(db: Db, venue: VenueContext, input: { urlName: string; id: string }): Promise<Outcome<PromoCodeView>> {
  const name = promoName(input.urlName);
  const id = input.id.trim();
  if (!name || !ID.test(id)) return notFound;
  const found = await getCode(db, venue, name, id);
  return found ? ok(found) : notFound;
}

/** A till's query as the codes are looked up: an id of the right shape, a short code of 4 to 20 characters. */
function tillQuery(by: CodeQuery): CodeQuery {
  const id = by.id?.trim();
  const code = by.code?.trim();
  return { id: id && ID.test(id) ? id : undefined, code: code && code.length >= 4 && code.length <= 20 ? code : undefined };
}

/** The venue's side: a code by its id or short code, with the guest's name, or `notFound`. */
export async function promoLookup(db: Db, venue: VenueContext, by: CodeQuery): Promise<Outcome<TillCode>> {
  const found = await lookupCode(db, venue, tillQuery(by));
  return found ? ok(found) : notFound;
}

/**
 * The venue's side: marks a code used, once however many tills try together. `used` the first
 * time; `alreadyUsed` with the first use's time after; `expired` (409) past its day; `notFound`.
 * The guest's name stays out of the answer.
 */
export async function promoRedeem(db: Db, venue: VenueContext, by: CodeQuery): Promise<Outcome<{ result: 'used' | 'alreadyUsed'; code: TillCode }>> {
  const q = tillQuery(by);
  if (!q.id && !q.code) return notFound;
  const result = await redeemCode(db, venue, q);
  if (result.result === 'notFound') return notFound;
  if (result.result === 'expired') return refused(409, 'expired');
  return ok({ result: result.result, code: { ...result.code, guest: '' } });
}
