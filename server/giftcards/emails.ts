import 'server-only';
import { pickTexts } from './texts';
import QRCode from 'qrcode';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { giftCards, venues, type GiftCardOrderRow, type IssuedGiftCardRow } from '@/server/db/schema';
import { enqueueEmails, type EmailMessage } from '@/server/outbox/enqueue';
import { venueLinkHost } from '@/server/venues/queries';
import { formatMoney } from '@/lib/currency';
import { formatDateTime, formatDay } from '@/lib/i18n/format';
import { toLocale, type Locale } from '@/lib/i18n/locales';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';
import { formatCardCode } from './codes';
import { instantOf } from '@/server/booking/time';
import { now as clockNow } from '@/server/clock';
import { escapeHtml } from '@/lib/html/escape';
import { emailButton } from '@/server/outbox/templates';
import { colon as colonOf } from '@/lib/i18n/colon';
import { quote } from '@/lib/i18n/quote';
import { fill } from '@/lib/i18n/fill';
import { walletBadgesEmail } from '@/server/wallet/badges';
import { giftcardSerial } from '@/server/wallet/items';
import { venueLanguage } from '@/server/venues/language';

const catalogues = { it, en, fr, es, de };
type Mail = 'recipient' | 'buyer' | 'venue';

function phrases(locale: Locale, mail: Mail) {
  const texts = (catalogues[locale].giftcards.emails as Record<Mail | 'labels', Record<string, string>>);
  return { t: (key: string, vars: Record<string, string> = {}) => fill(texts[mail][key] ?? '', vars), label: (key: string) => texts.labels[key] ?? key };
}


const money = (cents: number, currency: string, locale: string) => formatMoney(cents, currency, locale);

/** One e-mail: greeting, paragraphs, label/value lines, optional HTML extras (QR images) and link. */
export function composeGiftcardEmail(locale: Locale, p: { greeting: string; paragraphs: string[]; lines: [string, string][]; htmlExtra?: string; link?: [string, string]; signature: string }) {
  const text = [p.greeting, '', ...p.paragraphs, '', ...p.lines.map(([l, v]) => `${l}${colonOf(locale)}${v}`), '', p.link ? `${p.link[0]}${colonOf(locale)}${p.link[1]}` : '', '', p.signature].join('\n').replace(/\n{3,}/g, '\n\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f1b16">
<p>${escapeHtml(p.greeting)}</p>
${p.paragraphs.map((x) => `<p>${escapeHtml(x).replace(/\n/g, '<br>')}</p>`).join('\n')}
${p.lines.length ? `<ul>${p.lines.map(([l, v]) => `<li><strong>${escapeHtml(l)}${colonOf(locale).trimEnd()}</strong> ${escapeHtml(v)}</li>`).join('')}</ul>` : ''}
${p.htmlExtra ?? ''}
${p.link ? `<p>${emailButton(p.link[1], p.link[0])}</p>` : ''}
<p>${escapeHtml(p.signature)}</p>
</body></html>`;
  return { text, html };
}

/**
 * The e-mails of a paid order, queued in the transaction that created its cards (so they
 * exist exactly when the cards do): the card(s) with a QR code to the recipient (the buyer
 * for "To me"), the confirmation with a receipt to the buyer, a notification to the venue.
 */
export async function queueGiftcardEmails(tx: Db, order: GiftCardOrderRow, cards: IssuedGiftCardRow[]) {
  const [venue] = await tx.select().from(venues).where(eq(venues.id, order.venueId));
  const [product] = await tx.select().from(giftCards).where(eq(giftCards.id, order.giftCardId));
  const locale = toLocale(order.locale);
  const venueName = venue.name;
  const title = pickTexts(order.productTitle, locale);
  const buyerName = `${order.firstName} ${order.lastName}`;
  const recipientName = order.toMe ? order.firstName : (order.recipientFirstName ?? '');
  const recipientEmail = order.toMe ? order.email : (order.recipientEmail ?? order.email);
  const validUntil = cards[0] ? formatDay(cards[0].validUntil, locale) : '';
  const total = money(order.totalCents, order.currency, locale);
  // Test money stays test money: every e-mail of a test order, the venue's too, says so in its subject and first (enqueueEmail's testMoney).
  const testMoney = order.test;
  // The three e-mails, queued in one insert in the venue's frame (issue 42).
  const mails: EmailMessage[] = [];

  // The recipient's card(s): value, code, QR code, validity, regulations, the buyer's message.
  {
    const { t, label } = phrases(locale, 'recipient');
    const attachments = [];
    const blocks: string[] = [];
    const lines: [string, string][] = [];
    const walletTexts: string[] = [];
    for (const [i, card] of cards.entries()) {
      const code = formatCardCode(card.code);
      const png = await QRCode.toBuffer(card.code, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      // Shown in the HTML by `cid:` (Gmail and Outlook on the web do not show `data:` images), and a file to keep.
      const cid = `giftcard-${i + 1}-qr@frontpage`;
      attachments.push({ filename: `giftcard-${i + 1}-qr.png`, contentType: 'image/png', content: png.toString('base64'), cid });
      lines.push([`${label('code')}${cards.length > 1 ? ` ${i + 1}` : ''}`, code]);
      const print = order.siteBase ? `${order.siteBase}/frontpage/giftcard/card/${card.printToken}` : '';
      // The card in the guest's phone wallet (docs/wallet.md), from the site the order was placed on.
      const wallet = walletBadgesEmail(URL.canParse(order.siteBase) ? new URL(order.siteBase).origin : '', giftcardSerial(card.printToken), locale);
      if (wallet.text) walletTexts.push(wallet.text);
      blocks.push(
        `<div style="border:1px solid #d6cfc4;border-radius:8px;padding:12px;margin:12px 0;max-width:320px;box-sizing:border-box"><p style="font-size:1.4em;font-weight:bold;margin:0">${escapeHtml(money(card.valueCents, order.currency, locale))}</p><p style="font-family:monospace;font-size:1.2em">${escapeHtml(code)}</p><img alt="QR ${escapeHtml(code)}" width="160" height="160" src="cid:${cid}">${print ? `<p><a href="${escapeHtml(print)}">${escapeHtml(t('print'))}</a></p>` : ''}${wallet.html}</div>`,
      );
    }
    const paragraphs = [t('body', { venueName, buyerName, title })];
    if (order.message) paragraphs.push(`${t('messageFrom', { buyerName })}\n${quote(order.message, locale)}`);
    const { text, html } = composeGiftcardEmail(locale, {
      greeting: t('greeting', { firstName: recipientName }),
      paragraphs,
      lines: [[label('value'), money(order.unitValueCents, order.currency, locale)], ...lines, [label('validUntil'), validUntil], [label('regulations'), pickTexts(product?.regulations, locale)]],
      htmlExtra: blocks.join('\n'),
      signature: t('signature', { venueName }),
    });
    const printLinks = [order.siteBase ? cards.map((c) => `${t('print')}${colonOf(locale)}${order.siteBase}/frontpage/giftcard/card/${c.printToken}`).join('\n') : '', ...walletTexts].filter(Boolean).join('\n');
    // A chosen delivery day (a birthday): the outbox holds the e-mail until 09:00 that day, venue time.
    const at = order.deliverOn && !order.toMe ? instantOf(venue.timezone, order.deliverOn, '09:00') : null;
    const sendAt = at && at.getTime() > clockNow().getTime() ? at : undefined;
    mails.push({ venueId: order.venueId, template: 'giftcardRecipient', locale, to: recipientEmail, subject: t('subject', { venueName, title }), text: printLinks ? `${text}\n\n${printLinks}` : text, html, attachments, testMoney, sendAt });
  }

  // The buyer's confirmation and receipt.
  {
    const { t, label } = phrases(locale, 'buyer');
    const { text, html } = composeGiftcardEmail(locale, {
      greeting: t('greeting', { firstName: order.firstName }),
      paragraphs: [t('body', { venueName, title }), t('receiptTitle')],
      lines: [
        [label('orderNumber'), order.orderNumber],
        [label('date'), formatDay((order.paidAt ?? order.createdAt).toISOString().slice(0, 10), locale)],
        [label('product'), title],
        [label('price'), money(order.unitPriceCents, order.currency, locale)],
        [label('quantity'), String(order.quantity)],
        [label('total'), total],
        [label('paymentMethod'), label(order.paymentMethod === 'wallet' ? 'wallet' : 'card')],
        [label('sentTo'), recipientEmail],
        ...(order.deliverOn && !order.toMe ? ([[label('deliverOn'), formatDay(order.deliverOn, locale)]] as [string, string][]) : []),
      ],
      link: order.siteBase ? [t('link'), `${order.siteBase}/frontpage/giftcard/purchaseconfirmation/${order.fingerprint}`] : undefined,
      signature: t('signature', { venueName }),
    });
    mails.push({ venueId: order.venueId, template: 'giftcardBuyer', locale, to: order.email, subject: t('subject', { venueName, orderNumber: order.orderNumber }), text, html, testMoney });
  }

  // The venue's notification, in the venue's own language (its `language`, Italian by default; issue 44), never the buyer's.
  if (venue.email) {
    const vl = venueLanguage(venue);
    const { t, label } = phrases(vl, 'venue');
    const { text, html } = composeGiftcardEmail(vl, {
      greeting: t('greeting'),
      paragraphs: [t('body', { buyerName, quantity: String(order.quantity), title: pickTexts(order.productTitle, vl) })],
      lines: [
        [label('orderNumber'), order.orderNumber],
        [label('date'), formatDateTime(order.paidAt ?? order.createdAt, vl, venue.timezone)],
        [label('total'), money(order.totalCents, order.currency, vl)],
        [label('buyer'), `${buyerName} <${order.email}>`],
        [label('sentTo'), recipientEmail],
      ],
      signature: '',
    });
    mails.push({ venueId: order.venueId, template: 'giftcardVenue', locale: vl, to: venue.email, subject: t('subject', { orderNumber: order.orderNumber }), text, html, testMoney });
  }
  await enqueueEmails(tx, mails, { venue, linkHost: await venueLinkHost(tx, order.venueId) });
}
