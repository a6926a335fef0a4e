import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { signWebhook } from '@/server/outbox/webhook';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { channels, outbox, type ReservationRow } from '@/server/db/schema';

/**
 * Booking changes pushed to the channel that made the booking (issue 46, docs/agents.md): one
 * outbox row per change, written in the change's own transaction, delivered and retried by the
 * outbox like an e-mail, signed when sent (`signWebhook`): `Frontpage-Signature: t={unix
 * seconds},v1={hex HMAC-SHA256 of "{t}.{body}" with the channel's webhook secret}`. Each event
 * has an id (`Frontpage-Event`), the same on every retry: the channel keeps it to act once.
 */
export type ChannelEvent = 'booking.confirmed' | 'booking.awaitingVenue' | 'booking.waitingList' | 'booking.changed' | 'booking.cancelled' | 'booking.declined' | 'booking.arrived' | 'booking.noShow';

/** The channel's name of a booking's source, or null for a booking of another door. */
export const channelNameOf = (source: string | null | undefined) => (source?.startsWith('channel:') ? source.slice('channel:'.length) : null);

/** The body of a booking's event: what the channel needs to match it, nothing of the guest it did not send. */
export function eventBody(id: string, event: ChannelEvent, r: Pick<ReservationRow, 'hash' | 'status' | 'date' | 'time' | 'covers' | 'zoneKey' | 'revision'>, at: Date) {
  return JSON.stringify({ id, type: event, createdAt: at.toISOString(), booking: { reference: r.hash, status: r.status, date: r.date, time: r.time, pax: r.covers, zone: r.zoneKey, version: r.revision } });
}

/**
 * Queues the event of a change to a channel's booking, in the change's transaction; nothing for a
 * booking of another door or a channel without a webhook. Once per booking version and event.
 */
export async function queueChannelEvent(tx: Db, r: Pick<ReservationRow, 'venueId' | 'source' | 'hash' | 'status' | 'date' | 'time' | 'covers' | 'zoneKey' | 'revision'>, event: ChannelEvent, at: Date) {
  const name = channelNameOf(r.source);
  if (!name) return;
  const [channel] = await tx.select({ id: channels.id, webhookUrl: channels.webhookUrl }).from(channels).where(and(eq(channels.venueId, r.venueId), eq(channels.name, name)));
  if (!channel?.webhookUrl) return;
  const id = `${r.hash}.${r.revision}.${event}`;
  await tx
    .insert(outbox)
    .values({ venueId: r.venueId, channel: 'webhook', template: event, locale: 'en', recipient: channel.webhookUrl, sender: `channel:${channel.id}`, bodyText: eventBody(id, event, r, at), headers: { 'frontpage-event': id }, dedupeKey: `webhook:${channel.id}:${id}`, nextAttemptAt: at, createdAt: at })
    .onConflictDoNothing();
}

export { signWebhook };

/** A channel's check of a push (docs/agents.md shows it): the signature over `{t}.{body}`, and `t` within `toleranceSeconds` of `nowSeconds`. */
export function verifyWebhook(secret: string, header: string, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !parts.v1) return false;
  const expected = Buffer.from(signWebhook(secret, t, body).split('v1=')[1], 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
