import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { projectPath } from '@/server/runtime/config';
import { PKPass } from 'passkit-generator';
import { formatMoney } from '@/lib/currency';
import { formatDay } from '@/lib/i18n/format';
import { pickText } from '@/lib/i18n/texts';
import { toLocale, type Locale } from '@/lib/i18n/locales';
import { messageText } from '@/server/outbox/templates';
import { linkSignature } from '@/server/backend/signatures';
import { appleCredentials } from './credentials';
import { isTestPass, serialOf, venueInstant, type WalletItem, type WalletVenue } from './items';

/** `#rrggbb` as the `rgb(r, g, b)` pass.json wants, and whether white text reads on it. */
function colours(hex: string) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex) ?? ['', '8a', '2c', '1b'];
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => parseInt(x, 16));
  const light = 0.2126 * r + 0.7152 * g + 0.0722 * b > 150;
  return { background: `rgb(${r}, ${g}, ${b})`, foreground: light ? 'rgb(0, 0, 0)' : 'rgb(255, 255, 255)', rgb: [r, g, b] as const };
}

/** A square PNG of one colour (the pass's icon and logo in the venue's colour), written by hand: no image library. */
export function solidPng(size: number, [r, g, b]: readonly [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** The venue's logo when it is a PNG of the site (`/venues/x/logo.png` under public/); null otherwise (an SVG, a URL elsewhere). */
export function sitePng(logo: string | undefined): Buffer | null {
  if (!logo || !/^\/[A-Za-z0-9/_.-]+\.png$/.test(logo)) return null;
  const root = projectPath('public');
  const file = path.resolve(root, `.${logo}`);
  if (!file.startsWith(root + path.sep)) return null;
  try {
    const png = fs.readFileSync(file);
    return png.subarray(1, 4).toString() === 'PNG' ? png : null;
  } catch {
    return null;
  }
}

/** The token a device shows the PassKit web service for this pass (Apple: at least 16 characters): signed, never stored. */
export const passAuthToken = (venueKey: string, serial: string) => linkSignature('wallet-pass', venueKey, serial);

const t = (locale: Locale, key: string, values: Record<string, string | number> = {}) => messageText(locale, `wallet.pass.${key}`, values);

/**
 * One signed `.pkpass` (a zip of pass.json, images, manifest.json and the PKCS#7 `signature`),
 * in the guest's language: a gift card as a store card, a promo code as a coupon, an experience
 * booking as an event ticket. `webServiceURL` lets the device ask for the new balance.
 */
export async function buildApplePass(item: WalletItem, venue: WalletVenue & { venueKey: string }, language: string): Promise<Buffer> {
  const locale = toLocale(language);
  const creds = appleCredentials();
  const serial = serialOf(item);
  const c = colours(venue.brandColor);
  const test = isTestPass(item, creds.test);
  const icon = solidPng(58, c.rgb);
  const type = item.kind === 'giftcard' ? 'storeCard' : item.kind === 'promo' ? 'coupon' : 'eventTicket';
  const pass = new PKPass(
    { 'icon.png': solidPng(29, c.rgb), 'icon@2x.png': icon, 'logo.png': sitePng(venue.logo) ?? solidPng(50, c.rgb), 'pass.json': Buffer.from(JSON.stringify({ formatVersion: 1, [type]: {} })) },
    { wwdr: creds.wwdr, signerCert: creds.signerCert, signerKey: creds.signerKey, signerKeyPassphrase: creds.signerKeyPassphrase },
    {
      serialNumber: serial,
      passTypeIdentifier: creds.passTypeId,
      teamIdentifier: creds.teamId,
      organizationName: venue.name || 'Venue',
      description: t(locale, `description.${item.kind}`, { venue: venue.name }),
      logoText: venue.name,
      backgroundColor: c.background,
      foregroundColor: c.foreground,
      labelColor: c.foreground,
      // Apple asks for https in production; a local http origin still works with the device's developer setting.
      ...(venue.origin ? { webServiceURL: `${venue.origin}/api/wallet`, authenticationToken: passAuthToken(venue.venueKey, serial) } : {}),
      ...(item.kind === 'promo' ? { voided: item.status !== 'requested' } : item.kind === 'experience' ? { voided: item.cancelled } : {}),
    },
  );
  if (test) pass.headerFields.push({ key: 'test', label: t(locale, 'notice'), value: messageText(locale, 'giftcards.print.testNoValue') });
  const title = pickText(item.title, locale);
  if (item.kind === 'giftcard') {
    pass.primaryFields.push({ key: 'balance', label: t(locale, 'balance'), value: formatMoney(item.balanceCents, item.currency, locale), changeMessage: t(locale, 'balanceChanged') });
    pass.secondaryFields.push({ key: 'title', label: t(locale, 'giftcard'), value: title }, { key: 'value', label: t(locale, 'value'), value: formatMoney(item.valueCents, item.currency, locale) });
    pass.auxiliaryFields.push({ key: 'validUntil', label: t(locale, 'validUntil'), value: formatDay(item.validUntil, locale) });
    pass.backFields.push({ key: 'code', label: t(locale, 'code'), value: item.code });
    pass.setBarcodes({ message: item.code, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1', altText: item.code });
    pass.setExpirationDate(venueInstant(venue.timezone, item.validUntil));
  } else if (item.kind === 'promo') {
    pass.primaryFields.push({ key: 'title', label: t(locale, 'promo'), value: title });
    const status = item.status === 'used' ? t(locale, 'used') : item.status === 'expired' ? t(locale, 'expired') : t(locale, 'useBy', { date: formatDay(item.validUntil, locale) });
    pass.secondaryFields.push({ key: 'code', label: t(locale, 'code'), value: item.code }, { key: 'status', label: t(locale, 'status'), value: status, changeMessage: '%@' });
    pass.setBarcodes({ message: item.barcode, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1', altText: item.code });
    pass.setExpirationDate(venueInstant(venue.timezone, item.validUntil));
  } else {
    pass.primaryFields.push({ key: 'title', label: t(locale, 'experience'), value: title });
    pass.secondaryFields.push({ key: 'date', label: t(locale, 'date'), value: formatDay(item.date, locale) }, ...(item.time ? [{ key: 'time', label: t(locale, 'time'), value: item.time }] : []));
    pass.auxiliaryFields.push({ key: 'party', label: t(locale, 'partySize'), value: String(item.partySize) }, ...(item.zone ? [{ key: 'zone', label: t(locale, 'zone'), value: item.zone }] : []));
    if (item.cancelled) pass.auxiliaryFields.push({ key: 'cancelled', label: t(locale, 'status'), value: t(locale, 'cancelled'), changeMessage: '%@' });
    pass.setBarcodes({ message: item.hash, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1' });
    // Shown on the lock screen around the time of the experience.
    pass.setRelevantDate(venueInstant(venue.timezone, item.date, item.time || '12:00'));
  }
  if (venue.name || venue.address) pass.backFields.push({ key: 'venue', label: t(locale, 'venue'), value: [venue.name, venue.address].filter(Boolean).join(', ') });
  return pass.getAsBuffer();
}
