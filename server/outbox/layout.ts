import 'server-only';
import { toLocale, type Locale } from '@/lib/i18n/locales';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';
import { escapeHtml } from '@/lib/html/escape';
import { colon } from '@/lib/i18n/colon';

const catalogues = { it, en, fr, es, de } as unknown as Record<Locale, { emails: { layout: Record<string, string> } }>;

/**
 * Test money stays test money (docs/payments.md): a message about it says so in its subject
 * (`[Test – no value] …`) and as its first line, text and HTML, in its language.
 */
export function markTestMoney<M extends { locale: string; subject: string; text: string; html?: string }>(message: M): M {
  const t = catalogues[toLocale(message.locale)].emails.layout;
  const note = `[${t.testMoney}] ${t.testMoneyNote}`;
  const paragraph = `<p style="padding:8px 12px;border:2px dashed #8a5a00;border-radius:6px;font-weight:bold">${escapeHtml(note)}</p>`;
  const html = message.html ? (/<body[^>]*>/i.test(message.html) ? message.html.replace(/<body[^>]*>/i, (body) => `${body}\n${paragraph}`) : `${paragraph}\n${message.html}`) : message.html;
  return { ...message, subject: `[${t.testMoney}] ${message.subject}`, text: `${note}\n\n${message.text}`, ...(html === undefined ? {} : { html }) };
}

/** What an e-mail shows of the venue that sends it: its name, logo and colour, and how to reach it. */
export type EmailBrand = {
  name: string;
  /** Absolute URL of the logo, or '' (a relative theme path is made absolute by the caller). */
  logoUrl: string;
  brandColor: string;
  address: string;
  phone: string;
  /** The venue's site, for the name's link. */
  siteUrl: string;
};


/** Relative luminance (WCAG 2.1) of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The venue's colour for the header band, and white or near-black text on it, whichever contrasts more (at least 4.5:1 for any colour but mid-greys, which fall back to the house colour). */
export function bandColours(brandColor: string): { background: string; text: string } {
  const background = /^#[0-9a-f]{6}$/i.test(brandColor) ? brandColor : '#8a2c1b';
  const l = luminance(background);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance('#1f1b16') + 0.05);
  if (Math.max(onWhite, onDark) < 4.5) return { background: '#8a2c1b', text: '#ffffff' };
  return { background, text: onWhite >= onDark ? '#ffffff' : '#1f1b16' };
}

/** A map search for the venue's address (any mail client opens it; no key needed). */
export const mapUrl = (brand: Pick<EmailBrand, 'name' | 'address'>) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${brand.name}, ${brand.address}`)}`;

/**
 * Every e-mail of a venue in one frame (issue 29): the venue's logo and colour above, its
 * address, phone and a map link below, and an unsubscribe link where the message is
 * marketing. The content comes from the template (server/outbox/templates.ts, the gift card
 * e-mails); this only frames it, in HTML (tables and inline styles, as mail clients need)
 * and in plain text.
 */
export function brandEmail(
  brand: EmailBrand,
  language: string,
  mail: { html?: string | null; text: string },
  options: { unsubscribeUrl?: string; /** Reservation markup (lib/seo/email-markup.ts), in the head for the mail client. */ jsonLd?: object } = {},
): { html: string | null; text: string } {
  const locale = toLocale(language);
  const t = catalogues[locale].emails.layout;
  const map = mapUrl(brand);
  const reach = [brand.address, brand.phone].filter(Boolean);
  const textFooter = [
    '—',
    [brand.name, ...reach].join(' · '),
    brand.address ? `${t.map}${colon(locale)}${map}` : '',
    options.unsubscribeUrl ? `${t.unsubscribe}${colon(locale)}${options.unsubscribeUrl}` : '',
  ].filter(Boolean);
  const text = `${mail.text.trimEnd()}\n\n${textFooter.join('\n')}\n`;
  if (!mail.html) return { html: null, text };
  const inner = /<body[^>]*>([\s\S]*)<\/body>/i.exec(mail.html)?.[1] ?? mail.html;
  const band = bandColours(brand.brandColor);
  const logo = brand.logoUrl ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" width="48" height="48" style="display:block;border-radius:50%;background:#ffffff">` : '';
  const phone = brand.phone ? `<a href="tel:${escapeHtml(brand.phone.replace(/[^\d+]/g, ''))}" style="color:#1f1b16">${escapeHtml(brand.phone)}</a>` : '';
  const footer = [
    `<strong>${escapeHtml(brand.name)}</strong>`,
    brand.address ? escapeHtml(brand.address) : '',
    phone,
    brand.address ? `<a href="${escapeHtml(map)}" style="color:#1f1b16">${escapeHtml(t.mapLink)}</a>` : '',
  ].filter(Boolean);
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(brand.name)}</title>${options.jsonLd ? `\n<script type="application/ld+json">${JSON.stringify(options.jsonLd).replace(/</g, '\\u003c')}</script>` : ''}</head>
<body style="margin:0;padding:0;background:#f5f1ea;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.5;color:#1f1b16">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f1ea"><tr><td align="center" style="padding:16px 0">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${band.background};color:${band.text};padding:16px"><table role="presentation" cellpadding="0" cellspacing="0"><tr>${logo ? `<td style="padding-right:12px">${logo}</td>` : ''}<td style="font-family:Georgia,serif;font-size:20px;font-weight:bold;color:${band.text}">${escapeHtml(brand.name)}</td></tr></table></td></tr>
<tr><td style="padding:8px 16px 16px;overflow-wrap:anywhere;word-break:break-word">
${inner.trim()}
</td></tr>
<tr><td style="padding:16px;overflow-wrap:anywhere;word-break:break-word;border-top:1px solid #e6dfd3;font-size:14px;color:#4a4238">${footer.join('<br>')}${options.unsubscribeUrl ? `<br><a href="${escapeHtml(options.unsubscribeUrl)}" style="color:#4a4238">${escapeHtml(t.unsubscribe)}</a>` : ''}</td></tr>
</table>
</td></tr></table>
</body></html>`;
  return { html, text };
}
