import 'server-only';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { channels } from '@/server/db/schema';
import { now } from '@/server/clock';
import type { MailTransport } from './transport';

/** The signature of a channel's push sent at `t` (unix seconds): HMAC-SHA256 of `{t}.{body}` with the channel's webhook secret (docs/agents.md). */
export const signWebhook = (secret: string, t: number, body: string) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

const TIMEOUT_MS = 10_000;

/**
 * Sends the outbox's `webhook` rows (issue 46): a POST of the JSON body to the channel's URL,
 * signed at each attempt with the time of that attempt; anything but a 2xx throws, so the
 * outbox retries it with its backoff, and a row is sent once (marked sent on the first 2xx).
 */
export function webhookTransport(getDb: () => Promise<Db>, fetchImpl: typeof fetch = fetch): MailTransport {
  return {
    describe: 'channel webhooks (HTTPS POST, signed)',
    async send(message) {
      const id = Number(message.sender.replace(/^channel:/, ''));
      const [channel] = await (await getDb()).select({ secret: channels.webhookSecret }).from(channels).where(eq(channels.id, id));
      if (!channel) throw new Error(`webhook of a channel that no longer exists (${message.sender})`);
      const t = Math.floor(now().getTime() / 1000);
      const response = await fetchImpl(message.recipient, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'frontpage-webhooks/1', 'frontpage-signature': signWebhook(channel.secret, t, message.bodyText), ...(message.headers ?? {}) },
        body: message.bodyText,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body?.cancel().catch(() => undefined);
      if (response.status < 200 || response.status >= 300) throw new Error(`webhook answered ${response.status}`);
    },
  };
}
