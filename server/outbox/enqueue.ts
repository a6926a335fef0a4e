import type { Database } from '@/server/db/client';
import { outbox, type OutboxAttachment } from '@/server/db/schema';

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
};

/**
 * Queues an e-mail. Pass the transaction of the change that causes it: the e-mail then
 * exists exactly when the change does, and the delivery loop sends it (docs/outbox.md).
 */
export async function enqueueEmail(tx: Database, message: EmailMessage): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({
      venueId: message.venueId,
      channel: 'email',
      template: message.template,
      locale: message.locale,
      recipient: message.to,
      sender: message.from ?? '',
      subject: message.subject,
      bodyText: message.text,
      bodyHtml: message.html ?? null,
      attachments: message.attachments ?? [],
    })
    .returning({ id: outbox.id });
  return row.id;
}

export type SmsMessage = { venueId: number | null; template: string; locale: string; /** E.164, e.g. `+393331112233`. */ to: string; text: string; from?: string };

/** Queues an SMS (the SMS code of a booking), in the transaction of the change that causes it. */
export async function enqueueSms(tx: Database, message: SmsMessage): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({ venueId: message.venueId, channel: 'sms', template: message.template, locale: message.locale, recipient: message.to, sender: message.from ?? '', subject: '', bodyText: message.text })
    .returning({ id: outbox.id });
  return row.id;
}
