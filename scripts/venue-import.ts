/**
 * `npm run venue:import -- venue.json [more.json ...]`
 *
 * Checks each venue file as `venue:check` does (errors stop it, warnings are printed) and imports it. With the embedded database held by a running
 * site (PGlite allows one process), the file is sent to that site's admin endpoint
 * instead, which also refreshes the venue's cached pages at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { config } from '@/server/runtime/config';
import { openDatabase } from '@/server/db/client';
import { DatabaseLockedError } from '@/server/db/lock';
import { getAdminToken } from '@/server/backend/token';
import { checkedVenueFile, importVenue, VenueFileError } from '@/server/venues/import';
import type { VenueFile } from '@/server/venues/schema';

async function sendToRunningSite(file: VenueFile): Promise<{ hosts: string[] }> {
  const base = process.env.SITE_INTERNAL_URL || `http://127.0.0.1:${config.port}`;
  const response = await fetch(`${base}/api/admin/venues`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${getAdminToken()}` },
    body: JSON.stringify(file),
  });
  const body = (await response.json().catch(() => ({}))) as { data?: { hosts: string[]; warnings?: string[] }; error?: string; issues?: string[] };
  if (!response.ok || !body.data) {
    throw new Error(`The running site at ${base} refused the import (${response.status} ${body.error ?? ''})${body.issues ? ':\n  - ' + body.issues.join('\n  - ') : ''}`);
  }
  return body.data;
}

async function main() {
  const files = process.argv.slice(2).filter((a) => a !== '--');
  if (!files.length) {
    console.error('Usage: npm run venue:import -- path/to/venue.json [...]');
    process.exit(2);
  }
  const venues = files.map((f) => {
    try {
      return { name: f, ...checkedVenueFile(JSON.parse(fs.readFileSync(path.resolve(f), 'utf8'))) };
    } catch (error) {
      if (error instanceof Error) error.message = `${f}: ${error.message}`;
      throw error;
    }
  });
  for (const { name, warnings } of venues) for (const w of warnings) console.log(`${name}: warning: ${w}`);
  fs.mkdirSync(config.dataDir, { recursive: true });

  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    console.log(`The site is running on ${config.dataDir}: importing through it.`);
  }
  try {
    for (const { name, file } of venues) {
      const { hosts } = handle ? await importVenue(handle.db, file) : await sendToRunningSite(file);
      console.log(`Imported ${file.slug} from ${name} (hosts: ${hosts.join(', ') || 'none'})`);
    }
    if (handle && config.databaseUrl) {
      console.log('Running sites on this database drop their cached pages of these hosts at once (PostgreSQL LISTEN/NOTIFY).');
    }
  } finally {
    await handle?.close();
  }
}

main().catch((error) => {
  if (error instanceof VenueFileError || error instanceof SyntaxError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
