/**
 * `npm run venue:check -- venue.json [more.json ...]`: a dry run of `venue:import`.
 *
 * Reads each file (an older format migrated), checks it against the schema and the rules
 * the schema cannot hold (docs/venue-file.md, "Checks"), and checks its hosts against the
 * other venues of the database, importing nothing. The database is the one `venue:import`
 * would use; when a running site holds the embedded one, the hosts are checked by that
 * site (`POST /api/admin/venues?dryRun=1`, with ADMIN_TOKEN). `--offline` skips the hosts.
 * Exit status: 0 when every file would import, 1 otherwise.
 */
import fs from 'node:fs';
import path from 'node:path';
import { config } from '@/server/runtime/config';
import { openDatabase } from '@/server/db/client';
import { DatabaseLockedError } from '@/server/db/lock';
import { getAdminToken } from '@/server/backend/token';
import { checkVenueFile } from '@/server/venues/check';
import { takenHostErrors } from '@/server/venues/import';
import type { VenueFile } from '@/server/venues/schema';

type HostCheck = (file: VenueFile) => Promise<string[]>;

async function hostCheckThroughSite(file: VenueFile): Promise<string[]> {
  const base = process.env.SITE_INTERNAL_URL || `http://127.0.0.1:${config.port}`;
  const response = await fetch(`${base}/api/admin/venues?dryRun=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${getAdminToken()}` },
    body: JSON.stringify(file),
  });
  const body = (await response.json().catch(() => ({}))) as { error?: string; issues?: string[] };
  if (response.ok) return [];
  if (body.issues) return body.issues;
  throw new Error(`The running site at ${base} could not check the hosts (${response.status} ${body.error ?? ''})`);
}

async function main() {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const offline = args.includes('--offline');
  const files = args.filter((a) => a !== '--offline');
  if (!files.length) {
    console.error('Usage: npm run venue:check -- path/to/venue.json [...] [--offline]');
    process.exit(2);
  }

  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let hostCheck: HostCheck | undefined;
  if (!offline) {
    try {
      fs.mkdirSync(config.dataDir, { recursive: true });
      handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      const db = handle.db;
      hostCheck = (file) => takenHostErrors(db, file);
    } catch (error) {
      if (!(error instanceof DatabaseLockedError)) throw error;
      console.log(`The site is running on ${config.dataDir}: checking the hosts through it.`);
      hostCheck = hostCheckThroughSite;
    }
  }

  let failed = 0;
  try {
    for (const name of files) {
      let input: unknown;
      try {
        input = JSON.parse(fs.readFileSync(path.resolve(name), 'utf8'));
      } catch (error) {
        console.error(`${name}: cannot be read as JSON: ${error instanceof Error ? error.message : error}`);
        failed++;
        continue;
      }
      const { file, errors, warnings } = checkVenueFile(input);
      if (file && hostCheck) errors.push(...(await hostCheck(file)));
      for (const w of warnings) console.log(`${name}: warning: ${w}`);
      for (const e of errors) console.error(`${name}: error: ${e}`);
      if (errors.length) {
        failed++;
        console.error(`${name}: ${errors.length} error(s), ${warnings.length} warning(s): it would not import.`);
      } else {
        console.log(`${name}: OK, ${warnings.length} warning(s): "${file?.slug}" would import${hostCheck ? '' : ' (hosts not checked: --offline)'}.`);
      }
    }
  } finally {
    await handle?.close();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
