import 'server-only';
import { count, eq } from 'drizzle-orm';
import { backendFor } from '@/server/backend';
import { getDb } from '@/server/db/client';
import { walletRegistrations } from '@/server/db/schema';
import { isLinkSignature } from '@/server/backend/signatures';
import { redeemPath } from '@/server/promo/staff';
import { guarded, noStoreJson as json, readJsonObject } from '@/server/http';
import { messageText } from '@/server/outbox/templates';
import { defaultLocale, locales, toLocale, type Locale } from '@/lib/i18n/locales';
import { pickText } from '@/lib/i18n/texts';
import { venueKeyForHost } from '@/lib/venue/host';
import { venueOrigin, venuePageUrl } from '@/lib/venue/origin';
import { log } from '@/lib/log';
import { buildApplePass } from './apple';
import { googleSaveUrl } from './google';
import { appleCredentials } from './credentials';
import { parseSerial, serialOfPath, type WalletItem, type WalletVenue } from './items';
import { passUpdatedAt, registerDevice, unregisterDevice, updatedSerials } from './changes';

/**
 * The wallet's doors (docs/wallet.md): a pass's download (`/api/wallet/apple/...`, a `.pkpass`)
 * and its "Save to Google Wallet" link (`/api/wallet/google/...`, a redirect to Google with the
 * signed JWT), both made from what the venue's Backend answers the pages; and Apple's PassKit
 * web service under `/api/wallet/v1/...`, with which a device registers a pass and fetches it
 * again after a push.
 */

type Venue = WalletVenue & { venueKey: string };

async function venueOf(request: Request): Promise<Venue> {
  const host = request.headers.get('host');
  const venueKey = venueKeyForHost(host);
  const loaded = await backendFor(venueKey).venue.location();
  const location = loaded.status === 'ok' ? loaded.data : null;
  return {
    venueKey,
    name: location?.locationname ?? '',
    address: location?.address ?? '',
    brandColor: location?.theme.brandColor || '#8a2c1b',
    timezone: location?.timezone ?? 'Europe/Rome',
    logo: location?.theme.logo ?? '',
    origin: venueKey === '_invalid' ? '' : venueOrigin(venueKey, host).origin,
  };
}

/** What a pass shows now, read through the Backend as the pages read it: null for an unknown key. */
export async function loadItem(venueKey: string, serial: string, locale: Locale): Promise<WalletItem | null> {
  const key = parseSerial(serial);
  if (!key) return null;
  const backend = backendFor(venueKey);
  if (key.kind === 'giftcard') {
    const r = await backend.giftcards.card(key.token);
    if (!r.status) return null;
    const c = r.data;
    return { kind: 'giftcard', token: key.token, code: c.code, title: c.product, valueCents: c.value, balanceCents: c.balance, currency: c.currency, validUntil: c.validUntil, test: c.test };
  }
  if (key.kind === 'promo') {
    const r = await backend.promotions.code({ urlName: key.urlName, id: key.id });
    if (!r.status || r.data.urlName !== key.urlName) return null;
    const c = r.data;
    const barcode = venuePageUrl(venueKey, defaultLocale, redeemPath(venueKey, c.urlName, c.id));
    return { kind: 'promo', urlName: c.urlName, id: c.id, code: c.code, title: c.title, status: c.status, validUntil: c.validUntil, usedAt: c.usedAt, barcode };
  }
  const r = await backend.experiences.booking(key.hash);
  if (!r.status) return null;
  const b = r.data;
  return {
    kind: 'experience',
    hash: b.hash,
    experienceHash: b.experienceHash,
    title: b.titolo,
    date: b.date,
    time: b.time,
    partySize: b.partySize,
    zone: b.zoneName ? pickText(b.zoneName, locale) : '',
    cancelled: !['confirmed', 'pending', 'waitinglist'].includes(b.status),
    test: false,
  };
}

/** The guest's language: `?lang=`, else the first of Accept-Language this site speaks (a device asking for its pass sends it). */
function languageOf(request: Request): Locale {
  const asked = new URL(request.url).searchParams.get('lang');
  if (asked) return toLocale(asked);
  const accepted = (request.headers.get('accept-language') ?? '').split(',').map((part) => part.split(';')[0].trim().slice(0, 2).toLowerCase());
  return accepted.map((l) => locales.find((x) => x === l)).find(Boolean) ?? defaultLocale;
}

const notFound = (locale: Locale) => new Response(messageText(locale, 'wallet.notFound'), { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' } });

const pkpass = (buffer: Buffer, headers: Record<string, string> = {}) =>
  new Response(new Uint8Array(buffer), { status: 200, headers: { 'content-type': 'application/vnd.apple.pkpass', 'cache-control': 'private, no-store', ...headers } });

/** `GET /api/wallet/{apple|google}/{giftcard|promo|experience}/{...key}`: the `.pkpass`, or a redirect to Google's save page. */
export async function handleWalletDownload(request: Request, params: { provider: string; kind: string; key: string[] }): Promise<Response> {
  const locale = languageOf(request);
  const serial = serialOfPath(params.kind, params.key);
  if (!serial || (params.provider !== 'apple' && params.provider !== 'google')) return notFound(locale);
  const venue = await venueOf(request);
  const item = await loadItem(venue.venueKey, serial, locale);
  if (!item) return notFound(locale);
  if (params.provider === 'google') return new Response(null, { status: 302, headers: { location: googleSaveUrl(item, venue, locale), 'cache-control': 'private, no-store' } });
  const buffer = await buildApplePass(item, venue, locale);
  // Inline: Safari on iOS opens a pass it is shown; an attachment may end in Files instead of Wallet.
  return pkpass(buffer, { 'content-disposition': `inline; filename="${item.kind}.pkpass"` });
}

// --- Apple's PassKit web service (developer.apple.com, "Wallet Passes Web Service") ---

const DEVICE = /^[A-Za-z0-9]{1,64}$/;
const PUSH_TOKEN = /^[A-Za-z0-9]{1,200}$/;
/** At most this many devices per pass: a holder of the pass's token cannot fill the table. */
const MAX_DEVICES_PER_PASS = 20;

type PassParams = { passType: string; serial: string };
/** A route's second argument: its params, as Next hands them. */
export type RouteContext<P> = { params: Promise<P> };

/** Whether the request shows the pass's token (`Authorization: ApplePass {token}`) for a pass type this site signs. */
function authorized(request: Request, venueKey: string, p: PassParams): boolean {
  if (p.passType !== appleCredentials().passTypeId || !parseSerial(p.serial)) return false;
  const header = request.headers.get('authorization') ?? '';
  const token = header.startsWith('ApplePass ') ? header.slice('ApplePass '.length).trim() : '';
  return isLinkSignature(token, 'wallet-pass', venueKey, p.serial);
}

const status = (code: number) => new Response(null, { status: code, headers: { 'cache-control': 'private, no-store' } });

/** `POST /v1/devices/{device}/registrations/{passType}/{serial}` `{pushToken}`: 201 new, 200 known, 401 without the pass's token. */
export const handleWalletRegister = guarded({ type: 'json', sameOrigin: false, limit: 4096 }, async (request: Request, context: RouteContext<PassParams & { device: string }>) => {
  const p = await context.params;
  const venue = venueKeyForHost(request.headers.get('host'));
  if (!authorized(request, venue, p)) return status(401);
  const body = await readJsonObject(request);
  const pushToken = typeof body?.pushToken === 'string' ? body.pushToken : '';
  if (!DEVICE.test(p.device) || !PUSH_TOKEN.test(pushToken)) return json({ error: 'invalid' }, 400);
  const db = await getDb();
  const [{ n }] = await db.select({ n: count() }).from(walletRegistrations).where(eq(walletRegistrations.serial, p.serial));
  if (n >= MAX_DEVICES_PER_PASS) return json({ error: 'tooMany' }, 429);
  const result = await registerDevice(db, { deviceId: p.device, pushToken, passTypeId: p.passType, serial: p.serial });
  return status(result === 'created' ? 201 : 200);
});

/** `DELETE /v1/devices/{device}/registrations/{passType}/{serial}`: 200, 401 without the pass's token. */
export const handleWalletUnregister = guarded({ type: 'none', sameOrigin: false }, async (request: Request, context: RouteContext<PassParams & { device: string }>) => {
  const p = await context.params;
  if (!authorized(request, venueKeyForHost(request.headers.get('host')), p)) return status(401);
  if (DEVICE.test(p.device)) await unregisterDevice(await getDb(), { deviceId: p.device, passTypeId: p.passType, serial: p.serial });
  return status(200);
});

/** `GET /v1/devices/{device}/registrations/{passType}?passesUpdatedSince={tag}`: `{serialNumbers, lastUpdated}`, or 204 when none changed. */
export async function handleWalletSerials(request: Request, p: { device: string; passType: string }): Promise<Response> {
  if (!DEVICE.test(p.device) || p.passType !== appleCredentials().passTypeId) return status(404);
  const tag = new URL(request.url).searchParams.get('passesUpdatedSince');
  const since = tag && /^\d{1,15}$/.test(tag) ? Number(tag) : null;
  const result = await updatedSerials(await getDb(), p.device, p.passType, since);
  return result.serialNumbers.length ? json(result, 200) : status(204);
}

/** `GET /v1/passes/{passType}/{serial}`: the pass as it is now; 304 when unchanged since `If-Modified-Since`, 401 without its token. */
export async function handleWalletLatestPass(request: Request, p: PassParams): Promise<Response> {
  const venue = await venueOf(request);
  if (!authorized(request, venue.venueKey, p)) return status(401);
  const changed = await passUpdatedAt(await getDb(), p.serial);
  // Last-Modified is the change rounded up to its second (HTTP dates have whole seconds).
  const since = Date.parse(request.headers.get('if-modified-since') ?? '');
  if (!Number.isNaN(since) && (!changed || changed.getTime() <= since)) return status(304);
  const locale = languageOf(request);
  const item = await loadItem(venue.venueKey, p.serial, locale);
  if (!item) return status(404);
  const buffer = await buildApplePass(item, venue, locale);
  return pkpass(buffer, changed ? { 'last-modified': new Date(Math.ceil(changed.getTime() / 1000) * 1000).toUTCString() } : {});
}

/** `POST /v1/log` `{logs: [...]}`: what devices report of errors, logged (a few, short). */
export const handleWalletLog = guarded({ type: 'json', sameOrigin: false, limit: 16 * 1024 }, async (request: Request) => {
  const body = await readJsonObject(request);
  const logs = Array.isArray(body?.logs) ? body.logs.filter((l): l is string => typeof l === 'string').slice(0, 10) : [];
  for (const line of logs) log.info('wallet_device_log', { message: line.slice(0, 300) });
  return status(200);
});
