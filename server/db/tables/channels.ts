import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamp } from './columns';
import { venueRef } from './venues';

/**
 * The channels a venue lets book through the channel API (issue 46, docs/agents.md): a channel
 * manager (Mozrest and the like) by its `name`, with the SHA-256 of its key (the key itself is
 * printed once by `npm run channel:key` and never stored; running it again rotates it), the
 * webhook its booking changes are pushed to, and the secret they are signed with.
 */
export const channels = pgTable(
  'channels',
  {
    id: serial('id').primaryKey(),
    venueId: venueRef(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    webhookUrl: text('webhook_url'),
    webhookSecret: text('webhook_secret').notNull(),
    createdAt: stamp('created_at'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('channels_venue_name').on(t.venueId, t.name)],
);
export type ChannelRow = typeof channels.$inferSelect;
