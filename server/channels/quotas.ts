import 'server-only';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { reservations } from '@/server/db/schema';
import type { BookingRules } from '@/server/booking/rules';
import type { BookingSource } from '@/lib/booking/source';

/** A channel's quota of covers per shift and day (the venue's `booking.channelQuotas`, by name, else `*`); null for none. */
export function channelQuota(rules: Pick<BookingRules, 'channelQuotas'>, source: BookingSource | undefined): number | null {
  if (!source?.startsWith('channel:')) return null;
  const quotas = rules.channelQuotas ?? {};
  const name = source.slice('channel:'.length);
  return quotas[name] ?? quotas['*'] ?? null;
}

/**
 * Whether `pax` more covers from this channel would pass its quota for the shift and day: its
 * bookings that hold seats (confirmed, pending, awaiting their SMS code) count. Read under the
 * day's capacity lock (server/booking/service.ts), so concurrent bookings of a channel never
 * pass its quota, as they never pass the capacity.
 */
export async function overChannelQuota(tx: Db, rules: Pick<BookingRules, 'channelQuotas'>, venueId: number, source: BookingSource | undefined, at: { date: string; shiftKey: string; pax: number }, now: Date): Promise<boolean> {
  const quota = channelQuota(rules, source);
  if (quota === null) return false;
  const [row] = await tx
    .select({ covers: sql<number>`coalesce(sum(${reservations.covers}), 0)::int` })
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, venueId),
        eq(reservations.date, at.date),
        eq(reservations.shiftKey, at.shiftKey),
        eq(reservations.source, source!),
        or(inArray(reservations.status, ['confirmed', 'pending']), and(eq(reservations.status, 'suspended'), gt(reservations.suspendedUntil, now))),
      ),
    );
  return Number(row?.covers ?? 0) + at.pax > quota;
}
