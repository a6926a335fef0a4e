/**
 * `npm run guest:export -- guest@example.com` prints one guest's data as JSON (bookings,
 * orders, codes, memberships and every consent record); `npm run guest:erase -- guest@example.com`
 * blanks their personal fields and keeps the records the venue's accounts need (docs/privacy.md).
 * With the embedded database held by a running site (PGlite allows one process), the request
 * goes to that site's admin API instead.
 */
import fs from 'node:fs';
import { config } from '@/server/runtime/config';
import { openDatabase } from '@/server/db/client';
import { DatabaseLockedError } from '@/server/db/lock';
import { getAdminToken } from '@/server/backend/token';
import { eraseGuest, exportGuest } from '@/server/consent/guest-data';

async function throughRunningSite(action: 'export' | 'erase', email: string): Promise<unknown> {
  const base = process.env.SITE_INTERNAL_URL || `http://127.0.0.1:${config.port}`;
  const response = await fetch(`${base}/api/admin/guests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${getAdminToken()}` },
    body: JSON.stringify({ action, email }),
  });
  const body = (await response.json().catch(() => ({}))) as { data?: unknown; error?: string };
  if (!response.ok || !body.data) throw new Error(`The running site at ${base} refused (${response.status} ${body.error ?? ''})`);
  return body.data;
}

async function main() {
  const [action, email] = process.argv.slice(2).filter((a) => a !== '--');
  if ((action !== 'export' && action !== 'erase') || !email?.includes('@')) {
    console.error('Usage: npm run guest:export -- guest@example.com | npm run guest:erase -- guest@example.com');
    process.exit(2);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
  }
  try {
    const data = handle ? (action === 'export' ? await exportGuest(handle.db, email) : await eraseGuest(handle.db, email)) : await throughRunningSite(action, email);
    process.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
  } finally {
    await handle?.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
