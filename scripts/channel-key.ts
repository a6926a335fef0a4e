/**
 * `npm run channel:key -- {host} {name} [--webhook https://...]`
 *
 * Makes the key of the channel `name` for the venue of `host` and prints it once (issue 46,
 * docs/agents.md): the channel sends it as `Authorization: Bearer ...` to /api/channel/v1. Run
 * again, it rotates the key (the old one stops at once); the webhook secret stays, printed too.
 * Only the key's SHA-256 is stored. Opens the site's database (DATA_DIR or DATABASE_URL); with
 * the embedded database held by a running site, stop it first or use PostgreSQL.
 */
import { config } from '@/server/runtime/config';
import { openDatabase } from '@/server/db/client';
import { venueKeyForHost } from '@/lib/venue/host';
import { issueChannelKey } from '@/server/channels/keys';
import { databaseExists } from './venue-cli';

async function main() {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const webhookAt = args.indexOf('--webhook');
  const webhookUrl = webhookAt >= 0 ? args.splice(webhookAt, 2)[1] : undefined;
  const [host, name] = args;
  if (!host || !name) throw new Error('Usage: npm run channel:key -- {host} {name} [--webhook https://...]');
  if (venueKeyForHost(host) === '_invalid') throw new Error(`"${host}" is not a host name (no scheme, port or path).`);
  if (!databaseExists()) throw new Error(`No database in ${config.dataDir}: set DATA_DIR to the data folder of the site, or DATABASE_URL to its PostgreSQL.`);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const made = await issueChannelKey(handle.db, venueKeyForHost(host), name, { webhookUrl });
    console.error(made.rotated ? `New key for the channel ${name} of ${host}; the previous one no longer works.` : `Channel ${name} of ${host} created.`);
    console.log(`key=${made.key}`);
    console.log(`webhookSecret=${made.webhookSecret}`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
