import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { channels, type ChannelRow } from '@/server/db/schema';
import { findVenueByKey } from '@/server/venues/queries';
import { CHANNEL_NAME } from '@/lib/booking/source';
import { now } from '@/server/clock';

/**
 * A channel's key to the channel API (issue 46, docs/agents.md): 192 random bits, shown once by
 * `npm run channel:key -- {host} {name}`, kept only as its SHA-256; running it again rotates
 * the key (the old one stops at once). The webhook secret the channel's pushes are signed
 * with is made with the channel and kept (the channel needs it to check them); `--webhook`
 * sets where they go.
 */
export const channelKeyDigest = (key: string) => createHash('sha256').update(key.trim()).digest('base64url');

export class ChannelSetupError extends Error {}

export async function issueChannelKey(db: Db, venueKey: string, name: string, options: { webhookUrl?: string | null } = {}): Promise<{ key: string; webhookSecret: string; rotated: boolean }> {
  if (!CHANNEL_NAME.test(name)) throw new ChannelSetupError(`"${name}" is not a channel name: lower-case letters, digits and dashes, at most 32.`);
  const venue = await findVenueByKey(db, venueKey);
  if (!venue) throw new ChannelSetupError(`No venue answers to the host "${venueKey}".`);
  if (options.webhookUrl) {
    const url = URL.canParse(options.webhookUrl) ? new URL(options.webhookUrl) : null;
    if (!url || (url.protocol !== 'https:' && !(url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)))) {
      throw new ChannelSetupError(`The webhook must be an https:// address (http:// on this machine only): "${options.webhookUrl}".`);
    }
  }
  const key = `fpch_${randomBytes(24).toString('base64url')}`;
  const [existing] = await db.select().from(channels).where(and(eq(channels.venueId, venue.id), eq(channels.name, name)));
  if (existing) {
    await db
      .update(channels)
      .set({ keyHash: channelKeyDigest(key), rotatedAt: now(), ...(options.webhookUrl !== undefined ? { webhookUrl: options.webhookUrl } : {}) })
      .where(eq(channels.id, existing.id));
    return { key, webhookSecret: existing.webhookSecret, rotated: true };
  }
  const webhookSecret = `fpwh_${randomBytes(24).toString('base64url')}`;
  await db.insert(channels).values({ venueId: venue.id, name, keyHash: channelKeyDigest(key), webhookUrl: options.webhookUrl ?? null, webhookSecret, createdAt: now() });
  return { key, webhookSecret, rotated: false };
}

/** The channel whose current key this is, of this venue only; null for any other token. Compared by digest (a lookup, no timing on the key). */
export async function channelOfKey(db: Db, venueId: number, key: string): Promise<ChannelRow | null> {
  if (!key.trim() || key.length > 200) return null;
  const [row] = await db.select().from(channels).where(and(eq(channels.venueId, venueId), eq(channels.keyHash, channelKeyDigest(key))));
  return row ?? null;
}
