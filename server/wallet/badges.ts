import 'server-only';
import { escapeHtml } from '@/lib/html/escape';
import type { Locale } from '@/lib/i18n/locales';
import { messageText } from '@/server/outbox/templates';
import { walletPath } from './items';
import { colon } from '@/lib/i18n/colon';

/** A pass's two links from the venue's origin, in the guest's language. */
export function walletLinks(origin: string, serial: string, locale: Locale): { apple: string; google: string } | null {
  const [apple, google] = [walletPath('apple', serial), walletPath('google', serial)];
  if (!apple || !google) return null;
  const base = origin.replace(/\/+$/, '');
  return { apple: `${base}${apple}?lang=${locale}`, google: `${base}${google}?lang=${locale}` };
}

const cell = 'padding:0 8px 8px 0;vertical-align:top';
const button =
  'display:inline-block;box-sizing:border-box;width:136px;min-height:44px;padding:8px 10px;border-radius:8px;border:1px solid #a6a6a6;background:#000000;color:#ffffff;font:600 13px/1.25 system-ui,-apple-system,sans-serif;text-decoration:none;text-align:center';

/**
 * The "Add to Apple Wallet" and "Add to Google Wallet" badges of an e-mail (docs/wallet.md): the
 * official wording in the guest's language, black buttons with white text (readable when images
 * are off), two side by side within 320 px (2 × 144 px). The plain text gets the two links.
 */
export function walletBadgesEmail(origin: string, serial: string, locale: Locale): { html: string; text: string } {
  const links = origin ? walletLinks(origin, serial, locale) : null;
  if (!links) return { html: '', text: '' };
  const apple = messageText(locale, 'wallet.addToApple');
  const google = messageText(locale, 'wallet.addToGoogle');
  const html = `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="max-width:320px;margin:8px 0"><tr><td style="${cell}"><a href="${escapeHtml(links.apple)}" style="${button}">${escapeHtml(apple)}</a></td><td style="${cell}"><a href="${escapeHtml(links.google)}" style="${button}">${escapeHtml(google)}</a></td></tr></table>`;
  return { html, text: `${apple}${colon(locale)}${links.apple}\n${google}${colon(locale)}${links.google}` };
}
