/**
 * `npm run venue:token -- {host}` (default `localhost`, the default venue)
 *
 * Makes a new credential for the venue of `host` and prints it once: staff sign in with it
 * (the promo redemption page, /staff), and the venue's till sends it as the bearer token of
 * its venue-side contract calls (docs/backend-contract.md). The old credential stops at once
 * and every staff device of the venue is signed out. Only its SHA-256 is stored. With the
 * embedded database held by a running site, the site's admin endpoint does it.
 */
import { config } from '@/server/runtime/config';
import { openDatabase } from '@/server/db/client';
import { DatabaseLockedError } from '@/server/db/lock';
import { callRunningSite, databaseExists, siteBase } from './venue-cli';
import { rotateVenueCredential } from '@/server/staff/credentials';
import { venueKeyForHost } from '@/lib/venue/host';

async function throughRunningSite(host: string): Promise<string> {
  const response = await callRunningSite('/api/admin/venue-token', { host });
  const body = (await response.json().catch(() => ({}))) as { data?: { token: string }; error?: string };
  if (!response.ok || !body.data) throw new Error(`The running site at ${siteBase()} refused (${response.status} ${body.error ?? ''})`);
  return body.data.token;
}

async function main() {
  const host = process.argv.slice(2).find((a) => a !== '--') ?? 'localhost';
  if (venueKeyForHost(host) === '_invalid') throw new Error(`"${host}" is not a host name (no scheme, port or path).`);
  if (!databaseExists()) {
    throw new Error(`No database in ${config.dataDir}: set DATA_DIR to the data folder of the site (the one it was started with), or DATABASE_URL to its PostgreSQL.`);
  }
  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
  }
  try {
    const token = handle ? (await rotateVenueCredential(handle.db, venueKeyForHost(host))).token : await throughRunningSite(host);
    console.error(`New credential for ${host}; the previous one no longer works and every staff device was signed out.`);
    console.log(token);
  } finally {
    await handle?.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
