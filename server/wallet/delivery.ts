import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { walletChanges, walletRegistrations } from '@/server/db/schema';
import { errorMessage, log } from '@/lib/log';
import { googleCredentials } from './credentials';
import { googleWalletApi, objectIdOf } from './google';
import type { GoogleResource } from './patches';
import { passPusher } from './push';

/**
 * Sends what changed: an empty push to every device registered for each pass, and the new
 * balance or state to Google's object. A row is done when both went through; one that fails
 * stays pending for the next pass (each row alone). Answers how many rows were delivered.
 */
export async function deliverWalletChanges(db: Db, limit = 100): Promise<number> {
  const rows = await db.select().from(walletChanges).where(eq(walletChanges.pending, true)).limit(limit);
  if (!rows.length) return 0;
  const registrations = await db.select().from(walletRegistrations).where(inArray(walletRegistrations.serial, rows.map((r) => r.serial)));
  const issuerId = googleCredentials().issuerId;
  let delivered = 0;
  for (const row of rows) {
    try {
      for (const r of registrations.filter((x) => x.serial === row.serial)) await passPusher().push(r.passTypeId, r.pushToken);
      if (row.googlePatch) await googleWalletApi().patch(row.googlePatch.resource as GoogleResource, objectIdOf(issuerId, row.serial), row.googlePatch.body);
      // Done unless it changed again meanwhile (then the newer change is still to send).
      await db.update(walletChanges).set({ pending: false }).where(and(eq(walletChanges.serial, row.serial), eq(walletChanges.updatedAt, row.updatedAt)));
      delivered++;
    } catch (error) {
      log.warn('wallet_delivery_failed', { serial: row.serial.slice(0, 2), error: errorMessage(error) });
    }
  }
  return delivered;
}

