import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import type { OutboxRow } from '@/server/db/schema';
import { config } from '@/server/runtime/config';
import type { MailTransport } from './transport';

const TIMEOUT_MS = 10_000;

/**
 * A generic HTTP SMS gateway: `POST {url}` with JSON `{to, from, text, reference}` and a
 * bearer token; any 2xx is sent, anything else is retried by the outbox (docs/outbox.md).
 */
export function httpSmsTransport({ url, token, sender }: { url: string; token?: string; sender?: string }): MailTransport {
  return {
    describe: `sms gateway ${new URL(url).host}`,
    async send(message: OutboxRow) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: message.recipient, from: message.sender || sender || '', text: message.bodyText, reference: `${message.id}-${message.template}` }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // The status only: the text holds a code and never goes to the logs.
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

/** Without a gateway: each SMS becomes a `.sms` text file, readable in development. */
export function fileSmsTransport(dir: string): MailTransport {
  return {
    describe: `sms files in ${dir}`,
    async send(message: OutboxRow) {
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${String(message.id).padStart(6, '0')}-${message.template}.sms`);
      fs.writeFileSync(`${file}.tmp`, `To: ${message.recipient}\nFrom: ${message.sender || 'venue'}\n\n${message.bodyText}\n`);
      fs.renameSync(`${file}.tmp`, file);
    },
  };
}

/** The HTTP gateway when `SMS_URL` is set (`SMS_TOKEN`, `SMS_FROM`), otherwise files beside the `.eml` ones. */
export function smsTransportFromEnv(): MailTransport {
  const url = process.env.SMS_URL;
  return url ? httpSmsTransport({ url, token: process.env.SMS_TOKEN, sender: process.env.SMS_FROM }) : fileSmsTransport(path.join(config.dataDir, 'outbox'));
}
