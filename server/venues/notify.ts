import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { config } from '@/server/runtime/config';
import { getBackendToken } from '@/server/backend/token';
import { errorMessage, log } from '@/lib/log';
import { venueKeyForHost } from '@/lib/venue/host';
import { venueTag } from './tags';

/**
 * Every instance in step (issue 27): a venue change on one instance (an import through the
 * admin API or `npm run venue:import` straight into the database) is announced on the
 * PostgreSQL channel `frontpage_venue_change`; every instance listening drops its cached pages
 * and data of those hosts at once, through its own `/api/revalidate` (revalidation must run
 * inside Next's request handling). No new infrastructure; on PGlite, one process, nothing is
 * needed: the importing process drops its own cache.
 */
export const VENUE_CHANNEL = 'frontpage_venue_change';
/** NOTIFY payloads stay well under PostgreSQL's 8,000 bytes, and /api/revalidate takes 50 hosts at a time. */
const HOSTS_PER_NOTICE = 50;

/** The shared page cache's table (server/cache/page-cache-handler.cjs), which its handler creates at start. */
const PAGE_CACHE_TABLE = 'next_page_cache';

/**
 * Deletes the venue's entries from the page cache the instances share (issue 43), so that an
 * instance that was down when the notice went out (an import while the region is stopped) never
 * serves a page of the old venue data after its start. Nothing to do before any instance made the table.
 */
async function dropSharedPages(db: Db, hosts: string[]) {
  const tags = [...new Set(hosts.map((h) => venueTag(venueKeyForHost(h))))];
  const found = (await db.execute(sql`select to_regclass(${PAGE_CACHE_TABLE}) is not null as present`)) as unknown as { rows: { present: boolean }[] };
  if (!found.rows[0]?.present) return;
  await db.execute(sql`delete from ${sql.identifier(PAGE_CACHE_TABLE)} where tags && ${`{${tags.map((t) => JSON.stringify(t)).join(',')}}`}::text[]`);
}

/** Announces a venue change; call after the change has committed. A no-op on PGlite (nobody else to tell). */
export async function announceVenueChange(db: Db, hosts: string[], databaseUrl = config.databaseUrl) {
  if (!databaseUrl || !hosts.length) return;
  try {
    await dropSharedPages(db, hosts);
  } catch (error) {
    log.warn('venue_change_page_cache_failed', { error: errorMessage(error) });
  }
  for (let i = 0; i < hosts.length; i += HOSTS_PER_NOTICE) {
    await db.execute(sql`select pg_notify(${VENUE_CHANNEL}, ${JSON.stringify(hosts.slice(i, i + HOSTS_PER_NOTICE))})`);
  }
}

type Listener = { stop: () => Promise<void> };
const g = globalThis as unknown as { __frontpageVenueListener?: Listener };

/** This instance's own address for its revalidation call (SITE_INTERNAL_URL, else the loopback on PORT). */
const selfUrl = () => (process.env.SITE_INTERNAL_URL || `http://127.0.0.1:${config.port}`).replace(/\/+$/, '');

async function revalidateHere(hosts: string[]) {
  try {
    const response = await fetch(`${selfUrl()}/api/revalidate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${getBackendToken()}` },
      body: JSON.stringify({ hosts }),
      signal: AbortSignal.timeout(5_000),
      cache: 'no-store',
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  } catch (error) {
    log.warn('venue_change_revalidate_failed', { error: errorMessage(error) });
  }
}

/**
 * Listens on the channel on a connection of its own (not the pool's), reconnecting after a
 * second when it drops. Started once per process with a PostgreSQL database; stopped at shutdown.
 */
export function startVenueListener(databaseUrl = config.databaseUrl): Listener | null {
  if (!databaseUrl) return null;
  if (g.__frontpageVenueListener) return g.__frontpageVenueListener;
  let stopped = false;
  let client: import('pg').Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const { Client } = await import('pg');
    const c = new Client({ connectionString: databaseUrl });
    client = c;
    const again = () => {
      if (stopped || client !== c) return;
      client = null;
      retry = setTimeout(() => void connect(), 1_000);
      retry.unref();
    };
    c.on('error', (error) => {
      log.warn('venue_listener_error', { error: errorMessage(error) });
      void c.end().catch(() => undefined);
      again();
    });
    c.on('end', again);
    c.on('notification', (message) => {
      if (message.channel !== VENUE_CHANNEL) return;
      let hosts: unknown;
      try {
        hosts = JSON.parse(message.payload ?? '[]');
      } catch {
        return;
      }
      if (Array.isArray(hosts) && hosts.every((h) => typeof h === 'string') && hosts.length) {
        log.info('venue_change_heard', { hosts: hosts.join(',') });
        void revalidateHere(hosts as string[]);
      }
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${VENUE_CHANNEL}`);
      log.info('venue_listener_ready', {});
    } catch (error) {
      log.warn('venue_listener_connect_failed', { error: errorMessage(error) });
      void c.end().catch(() => undefined);
      again();
    }
  };
  void connect();
  const listener: Listener = {
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
      g.__frontpageVenueListener = undefined;
    },
  };
  g.__frontpageVenueListener = listener;
  return listener;
}

/** Stops this process's listener, if any (graceful shutdown). */
export async function stopVenueListener() {
  await g.__frontpageVenueListener?.stop();
}
