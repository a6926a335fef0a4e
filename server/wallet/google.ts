import 'server-only';
import { createSign } from 'node:crypto';
import { pickText } from '@/lib/i18n/texts';
import { toLocale, type Locale } from '@/lib/i18n/locales';
import { messageText } from '@/server/outbox/templates';
import { now as clockNow } from '@/server/clock';
import { errorMessage, log } from '@/lib/log';
import { googleConfigured, googleCredentials, type GoogleCredentials } from './credentials';
import { googlePatchOf, type GoogleResource } from './patches';
import { isTestPass, serialOf, venueInstant, type WalletItem, type WalletVenue } from './items';


const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A JWT signed RS256 with the service account's key (node:crypto: no library needed for one signature). */
export function signJwt(claims: Record<string, unknown>, privateKey: string): string {
  const body = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`;
  return `${body}.${createSign('RSA-SHA256').update(body).sign(privateKey, 'base64url')}`;
}

const idPart = (value: string) => value.replace(/[^A-Za-z0-9._-]/g, '_');
/** A pass's Google object id: the issuer's id, a dot, the serial. */
export const objectIdOf = (issuerId: string, serial: string) => `${issuerId}.${idPart(serial)}`;
export const objectId = (issuerId: string, item: WalletItem) => objectIdOf(issuerId, serialOf(item));
const text = (locale: Locale, value: string) => ({ defaultValue: { language: locale, value } });
const t = (locale: Locale, key: string, values: Record<string, string | number> = {}) => messageText(locale, `wallet.pass.${key}`, values);

/** The class and object of an item, as Google Wallet's REST API and the save JWT take them. */
export function googleObjects(item: WalletItem, venue: WalletVenue & { venueKey: string }, language: string, creds: GoogleCredentials) {
  const locale = toLocale(language);
  const title = pickText(item.title, locale);
  const venuePart = idPart(venue.venueKey);
  const classId = `${creds.issuerId}.${venuePart}-${item.kind === 'experience' ? `x-${idPart(item.experienceHash)}` : item.kind}`;
  const common = { issuerName: venue.name || 'Venue', reviewStatus: 'UNDER_REVIEW', hexBackgroundColor: venue.brandColor };
  const notes = isTestPass(item, creds.test) ? [{ id: 'test', header: t(locale, 'notice'), body: messageText(locale, 'giftcards.print.testNoValue') }] : [];
  const patch = googlePatchOf(item).body;
  const object = { id: objectId(creds.issuerId, item), classId, state: 'ACTIVE', hexBackgroundColor: venue.brandColor, textModulesData: notes, ...patch };
  if (item.kind === 'giftcard') {
    return {
      resource: 'giftCardObject' as const,
      class: { id: classId, ...common, merchantName: venue.name, localizedMerchantName: text(locale, venue.name) },
      object: { ...object, cardNumber: item.code, barcode: { type: 'QR_CODE', value: item.code, alternateText: item.code }, header: text(locale, title), validTimeInterval: { end: { date: venueInstant(venue.timezone, item.validUntil).toISOString() } } },
    };
  }
  if (item.kind === 'promo') {
    return {
      resource: 'offerObject' as const,
      class: { id: `${classId}-${idPart(item.urlName)}`, ...common, title, localizedTitle: text(locale, title), provider: venue.name || 'Venue', redemptionChannel: 'INSTORE' },
      object: { ...object, classId: `${classId}-${idPart(item.urlName)}`, barcode: { type: 'QR_CODE', value: item.barcode, alternateText: item.code }, validTimeInterval: { end: { date: venueInstant(venue.timezone, item.validUntil).toISOString() } } },
    };
  }
  return {
    resource: 'eventTicketObject' as const,
    class: { id: classId, ...common, eventName: text(locale, title), venue: { name: text(locale, venue.name), address: text(locale, venue.address || venue.name) } },
    object: {
      ...object,
      reservationInfo: { confirmationCode: item.hash.slice(0, 8).toUpperCase() },
      barcode: { type: 'QR_CODE', value: item.hash },
      textModulesData: [
        ...notes,
        { id: 'when', header: t(locale, 'date'), body: `${item.date}${item.time ? ` ${item.time}` : ''}` },
        { id: 'party', header: t(locale, 'partySize'), body: String(item.partySize) },
        ...(item.zone ? [{ id: 'zone', header: t(locale, 'zone'), body: item.zone }] : []),
      ],
    },
  };
}

const payloadKey: Record<GoogleResource, [string, string]> = {
  giftCardObject: ['giftCardClasses', 'giftCardObjects'],
  offerObject: ['offerClasses', 'offerObjects'],
  eventTicketObject: ['eventTicketClasses', 'eventTicketObjects'],
};

/** The "Save to Google Wallet" link: `https://pay.google.com/gp/v/save/{jwt}`, the JWT carrying the class and the object. */
export function googleSaveUrl(item: WalletItem, venue: WalletVenue & { venueKey: string }, language: string, creds = googleCredentials()): string {
  const { resource, class: cls, object } = googleObjects(item, venue, language, creds);
  const [classes, objects] = payloadKey[resource];
  const claims = {
    iss: creds.clientEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(clockNow().getTime() / 1000),
    origins: venue.origin ? [venue.origin] : [],
    payload: { [classes]: [cls], [objects]: [object] },
  };
  return `https://pay.google.com/gp/v/save/${signJwt(claims, creds.privateKey)}`;
}

/** Google Wallet's REST API, as far as this site uses it: patch one object. */
export interface GoogleWalletApi {
  /** `found: false` when the guest never saved it (404): nothing to update. */
  patch(resource: GoogleResource, objectId: string, body: Record<string, unknown>): Promise<{ found: boolean }>;
}

/** The local stand-in: remembers every patch in this process (tests read `patches`) and logs it. */
export class LocalGoogleWalletApi implements GoogleWalletApi {
  readonly patches: { resource: GoogleResource; objectId: string; body: Record<string, unknown> }[] = [];
  async patch(resource: GoogleResource, objectId: string, body: Record<string, unknown>) {
    this.patches.push({ resource, objectId, body });
    log.info('wallet_google_patch_local', { resource, objectId });
    return { found: true };
  }
}

const SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** The real API: an OAuth access token from the service account (JWT bearer grant), then `PATCH walletobjects/v1/{resource}/{id}`. */
export class HttpGoogleWalletApi implements GoogleWalletApi {
  private token: { value: string; until: number } | null = null;
  constructor(private readonly creds: GoogleCredentials, private readonly fetcher: typeof fetch = fetch) {}

  private async accessToken(): Promise<string> {
    const at = clockNow().getTime();
    if (this.token && this.token.until > at + 60_000) return this.token.value;
    const iat = Math.floor(at / 1000);
    const assertion = signJwt({ iss: this.creds.clientEmail, scope: SCOPE, aud: TOKEN_URL, iat, exp: iat + 3600 }, this.creds.privateKey);
    const res = await this.fetcher(TOKEN_URL, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }), signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`Google OAuth token: HTTP ${res.status}`);
    const json = (await res.json()) as { access_token: string; expires_in: number };
    this.token = { value: json.access_token, until: at + json.expires_in * 1000 };
    return json.access_token;
  }

  async patch(resource: GoogleResource, objectId: string, body: Record<string, unknown>) {
    const res = await this.fetcher(`https://walletobjects.googleapis.com/walletobjects/v1/${resource}/${encodeURIComponent(objectId)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 404) return { found: false };
    if (!res.ok) throw new Error(`Google Wallet ${resource} patch: HTTP ${res.status}`);
    return { found: true };
  }
}

const shared = globalThis as typeof globalThis & { __frontpageGoogleWallet?: GoogleWalletApi };

/** The API this process uses: the real one when WALLET_GOOGLE_* are set, else the local stand-in (tests may set another). */
export function googleWalletApi(): GoogleWalletApi {
  try {
    return (shared.__frontpageGoogleWallet ??= googleConfigured() ? new HttpGoogleWalletApi(googleCredentials()) : new LocalGoogleWalletApi());
  } catch (error) {
    log.error('wallet_google_config', { error: errorMessage(error) });
    throw error;
  }
}
export const setGoogleWalletApi = (api: GoogleWalletApi | undefined) => void (shared.__frontpageGoogleWallet = api);
