import 'server-only';
import { TZDate } from '@date-fns/tz';
import type { Texts } from '@/lib/contract/fields';

/**
 * What a wallet pass shows, one shape per kind, whoever read it (the page's Backend call when
 * a guest downloads it, the domain when it changes). Amounts in cents; days `yyyy-mm-dd`.
 */
export type GiftcardItem = {
  kind: 'giftcard';
  token: string;
  code: string;
  title: Texts;
  valueCents: number;
  balanceCents: number;
  currency: string;
  validUntil: string;
  test: boolean;
};
export type PromoItem = { kind: 'promo'; urlName: string; id: string; code: string; title: Texts; status: 'requested' | 'used' | 'expired'; validUntil: string; usedAt: string; barcode: string };
export type ExperienceItem = { kind: 'experience'; hash: string; experienceHash: string; title: Texts; date: string; time: string; partySize: number; zone: string; cancelled: boolean; test: boolean };
export type WalletItem = GiftcardItem | PromoItem | ExperienceItem;
export type WalletKind = WalletItem['kind'];

/** The place a pass names: the venue's name, address and colours. */
/** `logo`: the venue file's logo (a URL or site path); a PNG under public/ goes on the pass, anything else gives way to the brand colour. */
export type WalletVenue = { name: string; address: string; brandColor: string; timezone: string; origin: string; logo?: string };

/**
 * A pass's serial number, also its Google object's suffix: `g.{print token}`, `p.{urlName}.{id}`,
 * `e.{booking hash}` (tokens, ids and hashes are base64url; a promotion's urlName is a slug).
 */
export const giftcardSerial = (token: string) => `g.${token}`;
export const promoSerial = (urlName: string, id: string) => `p.${urlName}.${id}`;
export const experienceSerial = (hash: string) => `e.${hash}`;

export function serialOf(item: WalletItem): string {
  if (item.kind === 'giftcard') return giftcardSerial(item.token);
  if (item.kind === 'promo') return promoSerial(item.urlName, item.id);
  return experienceSerial(item.hash);
}

const TOKEN = /^[A-Za-z0-9_-]{8,64}$/;
const SLUG = /^[a-z0-9][a-z0-9-]*$/;

/** The key a serial names, or null for one this site never made. */
export function parseSerial(serial: string): { kind: 'giftcard'; token: string } | { kind: 'promo'; urlName: string; id: string } | { kind: 'experience'; hash: string } | null {
  const [prefix, a, b, ...rest] = serial.split('.');
  if (rest.length) return null;
  if (prefix === 'g' && b === undefined && TOKEN.test(a ?? '')) return { kind: 'giftcard', token: a };
  if (prefix === 'e' && b === undefined && TOKEN.test(a ?? '')) return { kind: 'experience', hash: a };
  if (prefix === 'p' && SLUG.test(a ?? '') && TOKEN.test(b ?? '')) return { kind: 'promo', urlName: a, id: b! };
  return null;
}

/** The key of a download URL (`/api/wallet/{apple|google}/{kind}/{...key}`) as a serial, or null. */
export function serialOfPath(kind: string, key: string[]): string | null {
  const serial = kind === 'giftcard' && key.length === 1 ? giftcardSerial(key[0]) : kind === 'promo' && key.length === 2 ? promoSerial(key[0], key[1]) : kind === 'experience' && key.length === 1 ? experienceSerial(key[0]) : null;
  return serial && parseSerial(serial) ? serial : null;
}

/** The download path of a pass (relative to the venue's origin). */
export function walletPath(provider: 'apple' | 'google', serial: string): string | null {
  const key = parseSerial(serial);
  if (!key) return null;
  const rest = key.kind === 'giftcard' ? key.token : key.kind === 'promo' ? `${key.urlName}/${key.id}` : key.hash;
  return `/api/wallet/${provider}/${key.kind}/${rest}`;
}

/** Whether a pass says "Test – no value": bought with test money, or signed with the local test keys. */
export const isTestPass = (item: WalletItem, signedWithTestKeys: boolean) => signedWithTestKeys || (item.kind !== 'promo' && item.test);

/** The instant of a day and time (`HH:mm`, or the day's last second) where the venue is. */
export function venueInstant(timeZone: string, day: string, time?: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm, ss] = time ? [...time.split(':').map(Number), 0] : [23, 59, 59];
  return new Date(new TZDate(y, m - 1, d, hh, mm, ss, timeZone).getTime());
}
