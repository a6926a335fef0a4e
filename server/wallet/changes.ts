import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { walletChanges, walletRegistrations } from '@/server/db/schema';
import { now as clockNow } from '@/server/clock';
import { errorMessage, log } from '@/lib/log';
import type { GooglePatch } from './patches';

/**
 * A pass changed (a redemption, a cancellation): called by the domain in the transaction of
 * the change, so the change and its notice are stored together. Apple's devices learn it from
 * `updatedAt` (after a push); Google's object gets `googlePatch`. Delivered by
 * `deliverWalletChanges` (after the call, and by the housekeeping sweep until it succeeds).
 */
export async function passChanged(db: Db, venueId: number, serial: string, googlePatch: GooglePatch, at = clockNow()): Promise<void> {
  await db
    .insert(walletChanges)
    .values({ serial, venueId, updatedAt: at, googlePatch, pending: true })
    .onConflictDoUpdate({ target: walletChanges.serial, set: { updatedAt: at, googlePatch, pending: true } });
}

/** When a pass last changed (null: never since it was issued). */
export async function passUpdatedAt(db: Db, serial: string): Promise<Date | null> {
  const [row] = await db.select({ at: walletChanges.updatedAt }).from(walletChanges).where(eq(walletChanges.serial, serial));
  return row?.at ?? null;
}

/** PassKit "register": 201 when new, 200 when the device already had it (the push token is kept current). */
export async function registerDevice(db: Db, r: { deviceId: string; pushToken: string; passTypeId: string; serial: string }): Promise<'created' | 'existing'> {
  const [row] = await db
    .insert(walletRegistrations)
    .values(r)
    .onConflictDoUpdate({ target: [walletRegistrations.deviceId, walletRegistrations.passTypeId, walletRegistrations.serial], set: { pushToken: r.pushToken } })
    .returning({ inserted: sql<boolean>`xmax = 0` });
  return row.inserted ? 'created' : 'existing';
}

/** PassKit "unregister": whether there was such a registration. */
export async function unregisterDevice(db: Db, r: { deviceId: string; passTypeId: string; serial: string }): Promise<boolean> {
  const rows = await db
    .delete(walletRegistrations)
    .where(and(eq(walletRegistrations.deviceId, r.deviceId), eq(walletRegistrations.passTypeId, r.passTypeId), eq(walletRegistrations.serial, r.serial)))
    .returning({ id: walletRegistrations.id });
  return rows.length > 0;
}

/**
 * PassKit "serial numbers for a device": the device's passes of this type that changed after
 * `since` (a tag this answered before: milliseconds), all of them without one. `lastUpdated` is
 * the newest change, the tag of the next question.
 */
export async function updatedSerials(db: Db, deviceId: string, passTypeId: string, since: number | null) {
  const rows = await db
    .select({ serial: walletRegistrations.serial, at: walletChanges.updatedAt })
    .from(walletRegistrations)
    .leftJoin(walletChanges, eq(walletChanges.serial, walletRegistrations.serial))
    .where(and(eq(walletRegistrations.deviceId, deviceId), eq(walletRegistrations.passTypeId, passTypeId), since === null ? undefined : gt(walletChanges.updatedAt, new Date(since))));
  const last = Math.max(since ?? 0, ...rows.map((r) => r.at?.getTime() ?? 0));
  return { serialNumbers: rows.map((r) => r.serial), lastUpdated: String(last) };
}

type Runner = () => Promise<unknown>;
const shared = globalThis as typeof globalThis & { __frontpageWalletRunner?: Runner };

/** The running process hands in how to deliver (server/runtime); a domain asks for it after a change committed. */
export const setWalletRunner = (runner: Runner | undefined) => void (shared.__frontpageWalletRunner = runner);
export function kickWalletDelivery(): void {
  shared.__frontpageWalletRunner?.().catch((error: unknown) => log.warn('wallet_delivery_failed', { error: errorMessage(error) }));
}
