import 'server-only';
import { venueContextById } from '@/server/venues/context';
import type { Db } from '@/server/db/types';
import { outbox, type OutboxAttachment, type VenueRow } from '@/server/db/schema';
import { venueOrigin } from '@/lib/venue/origin';
import { brandEmail, markTestMoney, type EmailBrand } from './layout';
import type { EmailMarkup } from '@/lib/seo/email-markup';

export type EmailMessage = {
  venueId: number | null;
  /** What the message is (e.g. `fidelityWelcome`), for logs and tests. */
  template: string;
  locale: string;
  to: string;
  from?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: OutboxAttachment[];
  /** A marketing or loyalty message: the frame shows this link to stop receiving them. */
  unsubscribeUrl?: string;
  /** Its one-click address (RFC 8058): sent as List-Unsubscribe with List-Unsubscribe-Post, for the mail client's own button. */
  oneClickUnsubscribeUrl?: string;
  /** A message that must exist once at most (a reminder): a second one with the key is not queued. */
  dedupeKey?: string;
  /** Reservation markup for the mail client (lib/seo/email-markup.ts), put in the HTML's head. */
  jsonLd?: EmailMarkup;
  /**
   * The message is about test money (server/payments/test-money.ts: a gift card, deposit or fee
   * paid through a test provider or key): its subject and first line say so, in its language.
   */
  testMoney?: boolean;
  /** Not before this moment (a gift card for a chosen day): the delivery loop leaves it until then. */
  sendAt?: Date;
};

/** The venue's face in its e-mails, from what the caller has read already: the venue and its link host. */
export type EmailFrame = { venue: Pick<VenueRow, 'id' | 'name' | 'email' | 'theme' | 'address' | 'phone'>; linkHost: string };

/** The address part of MAIL_FROM (which may be `Name <address>` or a bare address). */
function mailFromAddress(): string {
  const from = process.env.MAIL_FROM?.trim() || 'no-reply@localhost';
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from;
}

/**
 * A venue's guest e-mail comes from `"{venue name}" <MAIL_FROM>` and answers go to the venue's own
 * address (issue 45): the name in a display-name quoted string (RFC 5322; the transport encodes
 * what is not ASCII), the address the site's. No Reply-To on the venue's own copy.
 */
export function venueSender(venue: { name: string; email: string | null }, recipient: string): { from: string; headers: Record<string, string> } {
  const name = venue.name.replace(/[\r\n]+/g, ' ').replace(/["\\]/g, '\\$&');
  const replyTo = (venue.email ?? '').trim();
  const toVenue = replyTo !== '' && replyTo.toLowerCase() === recipient.trim().toLowerCase();
  return { from: `"${name}" <${mailFromAddress()}>`, headers: replyTo && !toVenue ? { 'Reply-To': replyTo } : {} };
}

/** The venue's face in its e-mails (server/outbox/layout.ts): the caller's, else the venue's cached context (read in the transaction when not cached). */
async function brandOf(tx: Db, venueId: number, frame?: EmailFrame): Promise<(EmailBrand & { email: string }) | null> {
  const known = frame?.venue.id === venueId ? frame : null;
  const context = known ? null : await venueContextById(tx, venueId);
  const venue = known?.venue ?? context;
  if (!venue) return null;
  const origin = venueOrigin(known?.linkHost ?? context!.linkHost);
  // Mail clients (Gmail, Outlook) show no SVG: such a logo is left out, the name stays in the band.
  const logo = venue.theme?.logo && !/\.svg(\?|$)/i.test(venue.theme.logo) ? venue.theme.logo : '';
  return {
    name: venue.name,
    email: venue.email ?? '',
    logoUrl: logo ? new URL(logo, origin).toString() : '',
    brandColor: venue.theme?.brandColor ?? '',
    address: venue.address,
    phone: venue.phone,
    siteUrl: origin.toString(),
  };
}

/**
 * Queues an e-mail. Pass the transaction of the change that causes it: the e-mail then
 * exists exactly when the change does, and the delivery loop sends it (docs/outbox.md).
 */
export async function enqueueEmail(tx: Db, input: EmailMessage): Promise<number> {
  return (await enqueueEmails(tx, [input]))[0];
}

/** An outbox row to insert. */
export type OutboxInsert = typeof outbox.$inferInsert;

/**
 * The outbox rows of e-mails, framed by their venue's brand (read once for them all, or taken
 * from `frame`, then no read at all), to insert as one statement (issue 42).
 */
export async function emailRows(tx: Db, inputs: EmailMessage[], frame?: EmailFrame) {
  const brands = new Map<number, (EmailBrand & { email: string }) | null>();
  const rows: (typeof outbox.$inferInsert)[] = [];
  for (const input of inputs) {
    const message = input.testMoney ? markTestMoney(input) : input;
    // Every e-mail of a venue in its frame: logo and colour, address, phone and map (issue 29).
    if (message.venueId !== null && !brands.has(message.venueId)) brands.set(message.venueId, await brandOf(tx, message.venueId, frame));
    const brand = message.venueId === null ? null : brands.get(message.venueId)!;
    const sender = brand ? venueSender(brand, message.to) : null;
    const body = brand ? brandEmail(brand, message.locale, { html: message.html, text: message.text }, { unsubscribeUrl: message.unsubscribeUrl, jsonLd: message.jsonLd }) : { html: message.html ?? null, text: message.text };
    rows.push({
      venueId: message.venueId,
      channel: 'email',
      template: message.template,
      locale: message.locale,
      recipient: message.to,
      sender: message.from ?? sender?.from ?? '',
      subject: message.subject,
      bodyText: body.text,
      bodyHtml: body.html,
      attachments: message.attachments ?? [],
      headers: {
        ...(sender?.headers ?? {}),
        ...(message.oneClickUnsubscribeUrl ? { 'List-Unsubscribe': `<${message.oneClickUnsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
      },
      dedupeKey: message.dedupeKey ?? null,
      ...(message.sendAt ? { nextAttemptAt: message.sendAt } : {}),
    });
  }
  return rows;
}

/** Queues several e-mails in one insert; their ids in order, 0 for one a message with the same `dedupeKey` already holds. */
export async function enqueueEmails(tx: Db, inputs: EmailMessage[], frame?: EmailFrame): Promise<number[]> {
  return enqueueMessages(tx, { emails: inputs }, frame);
}

export type SmsMessage = { venueId: number | null; template: string; locale: string; /** E.164, e.g. `+393331112233`. */ to: string; text: string; from?: string; dedupeKey?: string };

const smsRow = (message: SmsMessage): typeof outbox.$inferInsert => ({ venueId: message.venueId, channel: 'sms', template: message.template, locale: message.locale, recipient: message.to, sender: message.from ?? '', subject: '', bodyText: message.text, dedupeKey: message.dedupeKey ?? null });

/** Queues an SMS (the SMS code of a booking), in the transaction of the change that causes it. 0: a message with the same `dedupeKey` exists already; nothing was queued. */
export async function enqueueSms(tx: Db, message: SmsMessage): Promise<number> {
  return (await enqueueMessages(tx, { sms: [message] }))[0];
}

/**
 * Queues the e-mails and SMS of one change in one insert (issue 42: a reminder or a waiting-list
 * offer and its SMS, a booking's guest and venue e-mails), in the transaction of the change. Their
 * ids in order, e-mails first; 0 for one a message with the same `dedupeKey` already holds.
 */
export async function enqueueMessages(tx: Db, messages: { emails?: EmailMessage[]; sms?: SmsMessage[] }, frame?: EmailFrame): Promise<number[]> {
  const inputs = [...(messages.emails ?? []), ...(messages.sms ?? [])];
  if (!inputs.length) return [];
  const rows = await tx
    .insert(outbox)
    .values([...(await emailRows(tx, messages.emails ?? [], frame)), ...(messages.sms ?? []).map(smsRow)])
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id, dedupeKey: outbox.dedupeKey });
  // Rows come back in insert order, less those a `dedupeKey` already held (nothing was queued for them).
  let next = 0;
  return inputs.map((input) => {
    const row = rows[next];
    if (!row || (input.dedupeKey ?? null) !== row.dedupeKey) return 0;
    next += 1;
    return row.id;
  });
}
