import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { fidelityMembers, type VenueRow } from '@/server/db/schema';
import { getBackendToken } from '@/server/backend/token';
import { now as clockNow } from '@/server/clock';
import { log } from '@/lib/log';

/**
 * The unsubscribe link of the loyalty e-mails (issue 29, point 14): `/frontpage/fidelity/unsubscribe?t={member}.{signature}`,
 * the signature an HMAC of the venue and the member under the backend token. The GET page only
 * asks; its form's POST withdraws the member's marketing consent once and records when.
 */
const signature = (venueId: number, memberId: number) => createHmac('sha256', getBackendToken()).update(`fidelity-unsubscribe\u0000${venueId}\u0000${memberId}`).digest('base64url').slice(0, 32);

export const unsubscribeToken = (venueId: number, memberId: number) => `${memberId}.${signature(venueId, memberId)}`;

export const unsubscribePath = (venueId: number, memberId: number) => `/frontpage/fidelity/unsubscribe?t=${unsubscribeToken(venueId, memberId)}`;

/** The member a token names for this venue, or null when it is not one the site signed. */
export function readUnsubscribeToken(venue: Pick<VenueRow, 'id'>, token: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const memberId = Number(match[1]);
  const expected = Buffer.from(signature(venue.id, memberId));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? memberId : null;
}

export type UnsubscribeState = { state: 'invalid' } | { state: 'open' | 'done'; firstName: string; at: string | null };

/** What the link's page shows: the offer to unsubscribe, or that it was done (and when). */
export async function unsubscribeState(db: Database, venue: VenueRow, token: string): Promise<UnsubscribeState> {
  const memberId = readUnsubscribeToken(venue, token);
  if (memberId === null) return { state: 'invalid' };
  const [member] = await db.select().from(fidelityMembers).where(and(eq(fidelityMembers.id, memberId), eq(fidelityMembers.venueId, venue.id)));
  if (!member) return { state: 'invalid' };
  return member.marketingWithdrawnAt ? { state: 'done', firstName: member.firstName, at: member.marketingWithdrawnAt.toISOString() } : { state: 'open', firstName: member.firstName, at: null };
}

/** Withdraws the marketing consent; once (a second POST finds it done). */
export async function withdrawMarketing(db: Database, venue: VenueRow, token: string, now = clockNow()): Promise<'done' | 'already' | 'invalid'> {
  const memberId = readUnsubscribeToken(venue, token);
  if (memberId === null) return 'invalid';
  const changed = await db
    .update(fidelityMembers)
    .set({ marketingWithdrawnAt: now })
    .where(and(eq(fidelityMembers.id, memberId), eq(fidelityMembers.venueId, venue.id), isNull(fidelityMembers.marketingWithdrawnAt)))
    .returning({ id: fidelityMembers.id });
  if (changed.length) {
    log.info('fidelity_marketing_withdrawn', { venueId: venue.id, memberId });
    return 'done';
  }
  return (await unsubscribeState(db, venue, token)).state === 'invalid' ? 'invalid' : 'already';
}
