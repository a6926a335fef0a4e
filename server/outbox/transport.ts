import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutboxRow } from '@/server/db/schema';

/** Sends one outbox message, or throws. */
export interface MailTransport {
  describe: string;
  send(message: OutboxRow): Promise<void>;
}

const TIMEOUT_MS = 10_000;

export function senderOf(message: OutboxRow): string {
  return message.sender || process.env.MAIL_FROM || 'no-reply@localhost';
}

function mailOptions(message: OutboxRow) {
  // Reply-To (the venue's address, issue 45) as nodemailer's own field, which checks and encodes it.
  const { 'Reply-To': replyTo, ...headers } = message.headers ?? {};
  return {
    from: senderOf(message),
    ...(replyTo ? { replyTo } : {}),
    to: message.recipient,
    subject: message.subject,
    text: message.bodyText,
    html: message.bodyHtml ?? undefined,
    attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, 'base64'), ...(a.cid ? { cid: a.cid } : {}) })),
    headers: { ...headers, 'X-Frontpage-Message': `${message.id}-${message.template}` },
  };
}

/** SMTP through nodemailer, e.g. `smtp://user:pass@mail.example.com:587`. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url, {
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  } as Parameters<typeof nodemailer.createTransport>[1]);
  return {
    describe: `smtp ${new URL(url).host}`,
    async send(message) {
      await transporter.sendMail(mailOptions(message));
    },
  };
}

/** Without SMTP: each message becomes an RFC 822 `.eml` file in `dir` (written atomically). */
export function fileTransport(dir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: `files in ${dir}`,
    async send(message) {
      const info = await composer.sendMail(mailOptions(message));
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${String(message.id).padStart(6, '0')}-${message.template}.eml`);
      const temp = `${file}.tmp`;
      fs.writeFileSync(temp, info.message as Buffer);
      fs.renameSync(temp, file);
    },
  };
}
