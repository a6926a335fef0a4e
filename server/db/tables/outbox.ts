import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stamp } from './columns';
import { venues } from './venues';

/** An e-mail's attachment; `cid` makes it an inline part the HTML shows by `cid:` (images that webmail clients display, unlike `data:`). */
export type OutboxAttachment = { filename: string; contentType: string; content: string /* base64 */; cid?: string };

/**
 * Messages to guests and venues (e-mail, later SMS), written in the same transaction as
 * the change that causes them and sent by the delivery loop, with retry and backoff.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    /** `webhook`: a booking change pushed to a channel (issue 46): `recipient` its URL, `bodyText` the JSON, `sender` `channel:{id}`, signed when sent. */
    channel: text('channel').$type<'email' | 'sms' | 'webhook'>().notNull(),
    /** What the message is, e.g. `fidelityWelcome`: for logs and tests, never the content. */
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    recipient: text('recipient').notNull(),
    sender: text('sender').notNull().default(''),
    subject: text('subject').notNull().default(''),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    /** Extra mail headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on marketing and loyalty e-mails. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** A message that must exist once at most (e.g. `reminder:email:table:42`): a second insert is a no-op. */
    dedupeKey: text('dedupe_key').unique(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: stamp('next_attempt_at'),
    lastError: text('last_error'),
    createdAt: stamp('created_at'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_due').on(t.status, t.nextAttemptAt)],
);

export type OutboxRow = typeof outbox.$inferSelect;
