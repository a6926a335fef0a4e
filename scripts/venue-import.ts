/**
 * `npm run venue:import -- venue.json [more.json ...]`
 *
 * Checks each venue file as `venue:check` does (errors stop it, warnings are printed; `--strict`
 * makes unknown fields errors) and imports it. With the embedded database held by a running
 * site (PGlite allows one process), the file is sent to that site's admin endpoint
 * instead, which also refreshes the venue's cached pages at once.
 */
import fs from 'node:fs';
import { config } from '@/server/runtime/config';
import { openDatabase } from '@/server/db/client';
import { DatabaseLockedError } from '@/server/db/lock';
import { checkedVenueFile, importVenue, VenueFileError } from '@/server/venues/import';
import { callRunningSite, readJsonFile, siteBase } from './venue-cli';
import type { VenueFile } from '@/server/venues/schema';

async function sendToRunningSite(file: VenueFile): Promise<{ hosts: string[] }> {
  const response = await callRunningSite('/api/admin/venues', file);
  const body = (await response.json().catch(() => ({}))) as { data?: { hosts: string[]; warnings?: string[] }; error?: string; issues?: string[] };
  if (!response.ok || !body.data) {
    throw new Error(`The running site at ${siteBase()} refused the import (${response.status} ${body.error ?? ''})${body.issues ? ':\n  - ' + body.issues.join('\n  - ') : ''}`);
  }
  return body.data;
}

async function main() {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const strict = args.includes('--strict');
  const files = args.filter((a) => a !== '--strict');
  if (!files.length) {
    console.error('Usage: npm run venue:import -- path/to/venue.json [...] [--strict]');
    process.exit(2);
  }
  const venues = files.map((f) => {
    const read = readJsonFile(f);
    if ('error' in read) throw new Error(`${f}: ${read.error}`);
    try {
      return { name: f, ...checkedVenueFile(read.input, { strict }) };
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
