import 'server-only';
import { kickWalletDelivery, passChanged } from '@/server/wallet/changes';
import { promoPatch } from '@/server/wallet/patches';
import { promoSerial } from '@/server/wallet/items';
import { walletBadgesEmail } from '@/server/wallet/badges';
import { randomInt } from 'node:crypto';
import { and, count, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { promoCodes, promotions, type PromoCodeRow, type PromotionRow, type VenueRow } from '@/server/db/schema';
import { enqueueEmail } from '@/server/outbox/enqueue';
import { renderEmail } from '@/server/outbox/templates';
import { kickDelivery } from '@/server/outbox/delivery';
import { instantOf } from '@/server/booking/time';
import { addDays } from '@/server/booking/availability';
import { linkOrigin } from '@/server/venues/queries';
import { venuePageUrl } from '@/lib/venue/origin';
import { canonicalEmail, canonicalPhoneOf } from '@/lib/identity';
import { phoneDigits } from '@/lib/forms/shapes';
import { publicId } from '@/server/ids';
import { now as clockNow } from '@/server/clock';
import type { Locale } from '@/lib/i18n/locales';
import type { PromoRequestData } from '@/lib/forms/promo';
import { promoState, type PromoState } from '@/lib/promo/state';
import { log } from '@/lib/log';
import { formatDay } from '@/lib/i18n/format';
import { recordConsents } from '@/server/consent/records';
import { oneClickPath, promoUnsubscribePath } from '@/server/fidelity/unsubscribe';

/** Letters and digits that cannot be mistaken for each other when read aloud or typed (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** A short code to read at the till, e.g. `K7QM-3WXA` (40 bits; unique per promotion). */
export function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** Codes are compared without case, spaces or dashes: `k7qm 3wxa` is `K7QM-3WXA`. */
export function normalizeCode(input: string): string {
  const raw = input.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return raw.length === CODE_LENGTH ? `${raw.slice(0, 4)}-${raw.slice(4)}` : raw;
}

/** The phone as typed, as one string (prefix and digits): what is stored and shown to staff. */
export const normalizePhone = (prefisso: string, telefono: string) => `${prefisso.trim()}${phoneDigits(telefono)}`;

/** The end of the "valid until" day, in the venue's time zone: codes are usable until then. */
export const expiresAt = (venue: Pick<VenueRow, 'timezone'>, validUntil: string) => instantOf(venue.timezone, addDays(validUntil, 1), '00:00');

export async function findPromotion(db: Db, venueId: number, urlName: string) {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.venueId, venueId), eq(promotions.urlName, urlName)))
    .limit(1);
  return row ?? null;
}

async function issuedCount(db: Db, promotionId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(promoCodes).where(eq(promoCodes.promotionId, promotionId));
  return Number(row?.n ?? 0);
}

function stateOf(venue: VenueRow, p: PromotionRow, remaining: number, now: Date): PromoState {
  return promoState(
    { active: p.active, startsAt: p.startsAt.getTime(), endsAt: p.endsAt.getTime(), expiresAt: expiresAt(venue, p.validUntil).getTime() },
    remaining,
    now.getTime(),
  );
}

/** The promotion page's data (`promo/getpromo`): the fixed part and the live count and state. */
export async function getPromo(db: Db, venue: VenueRow, urlName: string, now = clockNow()) {
  const p = await findPromotion(db, venue.id, urlName);
  if (!p) return null;
  const remaining = Math.max(0, p.quantity - (await issuedCount(db, p.id)));
  return {
    urlName: p.urlName,
    title: p.title,
    description: p.description,
    image: p.image,
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt.toISOString(),
    validUntil: p.validUntil,
    expiresAt: expiresAt(venue, p.validUntil).toISOString(),
    timezone: venue.timezone,
    count: p.quantity,
    remaining,
    state: stateOf(venue, p, remaining, now),
    serverTime: now.toISOString(),
  };
}

export type RequestResult =
  | { result: 'success'; id: string; code: string }
  | { result: 'notFound' | 'duplicate' | Exclude<PromoState, 'active'> };

/**
 * Issues one code (`promo/request`). The promotion row is locked for the transaction, so
 * concurrent requests for one promotion run one after another: the count, the duplicate
 * check and the insert see every code issued before. The unique indexes on (promotion,
 * e-mail) and (promotion, phone) hold the one-per-guest rule even without the lock.
 * The code and its e-mail are written in the same transaction.
 */
export async function requestCode(
  db: Db,
  venue: VenueRow,
  urlName: string,
  input: PromoRequestData,
  context: { locale: Locale; partner: boolean; host: string },
): Promise<RequestResult> {
  const now = clockNow();
  const email = input.email.trim();
  const phone = normalizePhone(input.prefisso, input.telefono);
  // One code per guest: compared by inbox and by E.164 number (lib/identity.ts), stored as typed.
  const emailKey = canonicalEmail(email);
  const phoneKey = canonicalPhoneOf(input.prefisso, input.telefono, venue.country);
  const result = await db.transaction(async (tx): Promise<RequestResult> => {
    const [p] = await tx
      .select()
      .from(promotions)
      .where(and(eq(promotions.venueId, venue.id), eq(promotions.urlName, urlName)))
      .for('update');
    if (!p) return { result: 'notFound' };
    const issued = await issuedCount(tx, p.id);
    const state = stateOf(venue, p, p.quantity - issued, now);
    // A guest who already has a code is told so, also once the codes have run out.
    const [existing] = await tx
      .select({ id: promoCodes.id })
      .from(promoCodes)
      .where(and(eq(promoCodes.promotionId, p.id), or(eq(promoCodes.emailKey, emailKey), eq(promoCodes.phoneKey, phoneKey))))
      .limit(1);
    if (existing && state !== 'disabled') return { result: 'duplicate' };
    if (state !== 'active') return { result: state };
    const id = publicId();
    let code = newCode();
    // 40 random bits per code: a clash within one promotion is rare, and simply drawn again.
    for (let tries = 0; tries < 5; tries++) {
      const [clash] = await tx
        .select({ id: promoCodes.id })
        .from(promoCodes)
        .where(and(eq(promoCodes.promotionId, p.id), eq(promoCodes.code, code)))
        .limit(1);
      if (!clash) break;
      code = newCode();
    }
    const [issued_] = await tx.insert(promoCodes).values({
      publicId: id,
      promotionId: p.id,
      code,
      email,
      phone,
      emailKey,
      phoneKey,
      firstName: input.nome,
      lastName: input.cognome,
      locale: context.locale,
      privacyAcceptedAt: now,
      marketingAcceptedAt: input.marketing ? now : null,
      policyVersion: venue.policies.version,
      partner: context.partner,
      requestedAt: now,
    }).returning({ id: promoCodes.id });
    await recordConsents(tx, venue, { email, subject: { type: 'promoCode', id: issued_.id }, locale: context.locale, form: 'promo', privacy: true, marketing: { email: input.marketing, sms: input.marketingSms } }, now);
    await queueCodeEmail(tx, venue, p, { id: issued_.id, publicId: id, code, firstName: input.nome, to: input.email.trim(), marketing: input.marketing }, context);
    log.info('promo_code_issued', { venueId: venue.id, promotion: p.urlName, remaining: p.quantity - issued - 1 });
    return { result: 'success', id, code };
  });
  if (result.result === 'success') kickDelivery();
  return result;
}

/** The guest's e-mail with their code, in their language. */
async function queueCodeEmail(tx: Db, venue: VenueRow, p: PromotionRow, c: { id: number; publicId: string; code: string; firstName: string; to: string; marketing: boolean }, context: { locale: Locale; host: string }) {
  const title = p.title[context.locale] || p.title.it;
  const validUntil = formatDay(p.validUntil, context.locale);
  const origin = await linkOrigin(tx, venue.id, context.host);
  const mail = renderEmail(
    'promoCode',
    context.locale,
    { venueName: venue.name, firstName: c.firstName, title, code: c.code, validUntil, link: venuePageUrl(origin, context.locale, `/frontpage/promo/${p.urlName}/${c.publicId}`) },
    [],
    { appendix: walletBadgesEmail(origin, promoSerial(p.urlName, c.publicId), context.locale) },
  );
  // A promotion is marketing: its e-mail carries the unsubscribe link and the one-click header (issue 26).
  const unsubscribe = promoUnsubscribePath(venue.id, c.id);
  await enqueueEmail(tx, {
    venueId: venue.id,
    template: 'promoCode',
    locale: context.locale,
    to: c.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(c.marketing ? { unsubscribeUrl: venuePageUrl(origin, context.locale, unsubscribe), oneClickUnsubscribeUrl: venuePageUrl(origin, 'it', oneClickPath(unsubscribe)) } : {}),
  });
}

/**
 * `promo/resend`: "send my code again" for a guest told `duplicate`. The code goes only to
 * the address it was issued to, and only while it can still be used; the answer is the same
 * whether or not a code was found, so the call tells nobody whose address has one. The
 * site's limits per address and per e-mail bound how often it runs.
 */
export async function resendCode(db: Db, venue: VenueRow, urlName: string, email: string, context: { locale: Locale; host: string }): Promise<'sent' | 'notFound'> {
  const now = clockNow();
  const [row] = await db
    .select({ p: promotions, c: promoCodes })
    .from(promoCodes)
    .innerJoin(promotions, eq(promotions.id, promoCodes.promotionId))
    .where(and(eq(promotions.venueId, venue.id), eq(promotions.urlName, urlName), eq(promoCodes.emailKey, canonicalEmail(email))))
    .limit(1);
  if (!row) return 'notFound';
  if (row.c.usedAt || now >= expiresAt(venue, row.p.validUntil)) return 'sent';
  await queueCodeEmail(db, venue, row.p, { id: row.c.id, publicId: row.c.publicId, code: row.c.code, firstName: row.c.firstName, to: row.c.email, marketing: row.c.marketingAcceptedAt !== null }, context);
  kickDelivery();
  log.info('promo_code_resent', { venueId: venue.id, promotion: urlName });
  return 'sent';
}

export type CodeStatus = 'requested' | 'used' | 'expired';

function codeView(venue: VenueRow, p: PromotionRow, c: PromoCodeRow, now: Date) {
  const expiry = expiresAt(venue, p.validUntil);
  const status: CodeStatus = c.usedAt ? 'used' : now >= expiry ? 'expired' : 'requested';
  return {
    id: c.publicId,
    code: c.code,
    urlName: p.urlName,
    title: p.title,
    status,
    requestedAt: c.requestedAt.toISOString(),
    usedAt: c.usedAt ? c.usedAt.toISOString() : '',
    validUntil: p.validUntil,
    expiresAt: expiry.toISOString(),
    timezone: venue.timezone,
  };
}

async function findCode(db: Db, venue: VenueRow, where: { id?: string; code?: string; urlName?: string }) {
  const conditions = [eq(promotions.venueId, venue.id)];
  if (where.id) conditions.push(eq(promoCodes.publicId, where.id));
  if (where.code) conditions.push(eq(promoCodes.code, normalizeCode(where.code)));
  if (where.urlName) conditions.push(eq(promotions.urlName, where.urlName));
  const rows = await db
    .select({ p: promotions, c: promoCodes })
    .from(promoCodes)
    .innerJoin(promotions, eq(promotions.id, promoCodes.promotionId))
    .where(and(...conditions))
    .limit(2);
  // A short code is unique per promotion only: looked up without its promotion it must be unambiguous.
  return rows.length === 1 ? rows[0] : null;
}

/** The guest's code page (`promo/getcode`): by its 128-bit id within its promotion. */
export async function getCode(db: Db, venue: VenueRow, urlName: string, id: string, now = clockNow()) {
  const found = await findCode(db, venue, { id, urlName });
  return found ? codeView(venue, found.p, found.c, now) : null;
}

/** Venue side (`promo/lookup`): a code by its id or its short code, with the guest's name. */
export async function lookupCode(db: Db, venue: VenueRow, by: { id?: string; code?: string }, now = clockNow()) {
  if (!by.id && !by.code) return null;
  const found = await findCode(db, venue, by);
  return found ? { ...codeView(venue, found.p, found.c, now), guest: `${found.c.firstName} ${found.c.lastName}` } : null;
}

export type RedeemResult =
  | { result: 'used'; code: ReturnType<typeof codeView> }
  | { result: 'alreadyUsed'; code: ReturnType<typeof codeView> }
  | { result: 'expired'; code: ReturnType<typeof codeView> }
  | { result: 'notFound' };

/**
 * Venue side (`promo/redeem`): marks a code used. One conditional update (`used_at is
 * null`) makes it happen once however many tills try together; every later attempt is
 * refused with the first use's time. A code past its "valid until" day is refused.
 */
export async function redeemCode(db: Db, venue: VenueRow, by: { id?: string; code?: string }): Promise<RedeemResult> {
  const now = clockNow();
  const found = await findCode(db, venue, by);
  if (!found) return { result: 'notFound' };
  const { p, c } = found;
  if (!c.usedAt && now >= expiresAt(venue, p.validUntil)) return { result: 'expired', code: codeView(venue, p, c, now) };
  // The code marked used and its wallet pass's notice together (docs/wallet.md).
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.update(promoCodes).set({ usedAt: now }).where(and(eq(promoCodes.id, c.id), isNull(promoCodes.usedAt))).returning();
    if (row) await passChanged(tx, venue.id, promoSerial(p.urlName, row.publicId), promoPatch('used'), now);
    return row;
  });
  if (updated) {
    kickWalletDelivery();
    log.info('promo_code_used', { venueId: venue.id, promotion: p.urlName });
    return { result: 'used', code: codeView(venue, p, updated, now) };
  }
  const [current] = await db.select().from(promoCodes).where(eq(promoCodes.id, c.id));
  return { result: 'alreadyUsed', code: codeView(venue, p, current, now) };
}
