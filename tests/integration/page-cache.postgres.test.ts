import { Client } from 'pg';
import fs from 'node:fs';
import { createPostgresDatabase, tempDir } from '../helpers/databases';
import { PageCacheHandler, closePageCaches, TABLE } from '@/server/cache/page-cache-handler.cjs';
import { openDatabase } from '@/server/db/client';
import { announceVenueChange } from '@/server/venues/notify';

/**
 * The page cache shared by a region's instances (issue 43, server/cache/page-cache-handler.cjs) on a
 * real PostgreSQL: two handlers with stores of their own act as two instances. A page one writes
 * the other serves, and so does a handler made after a restart; a tag revalidated on one is dropped
 * from the other's memory by the NOTIFY; each memory stays within its size.
 */
type Handler = InstanceType<typeof PageCacheHandler>;
type Entry = { lastModified: number; value: { kind: string; html?: string; rscData?: Buffer; segmentData?: Map<string, Buffer>; headers?: Record<string, string>; data?: unknown } | null; cacheControl?: unknown } | null;

let url: string;
beforeAll(async () => {
  url = await createPostgresDatabase({ migrated: true });
});
afterEach(async () => {
  await closePageCaches();
});

const instance = (store: string, maxMemoryCacheSize = 8 * 1024 * 1024): Handler => new PageCacheHandler({ databaseUrl: url, store, maxMemoryCacheSize });
const page = (html: string, tags = 'venue:a.test,_N_T_/v/a.test/it') => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from(`rsc of ${html}`),
  segmentData: new Map([['/_tree', Buffer.from('tree')]]),
  headers: { 'x-next-cache-tags': tags },
  status: 200,
  postponed: undefined,
});
const pageCtx = { cacheControl: { revalidate: 150, expire: 31536000 } };
const read = (h: Handler, key: string): Promise<Entry> => h.get(key, { kind: 'APP_PAGE', isFallback: false }) as Promise<Entry>;
const rows = async (sql: string, params: unknown[] = []) => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
};
/** Waits (bounded) until `check` holds: a notice travels through the server. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

it('a page written by one instance is served by another, with its payload and lifetime, and after a restart', async () => {
  const a = instance('a');
  const b = instance('b');
  await a.set('/v/a.test/it', page('<h1>Osteria</h1>'), pageCtx);
  const got = await read(b, '/v/a.test/it');
  expect(got?.value?.html).toBe('<h1>Osteria</h1>');
  expect(got?.value?.rscData?.toString()).toBe('rsc of <h1>Osteria</h1>');
  expect(got?.value?.segmentData?.get('/_tree')?.toString()).toBe('tree');
  // Each read back in a buffer of its own, not a slice of a 64-KB pool slab it would keep alive in memory.
  for (const bytes of [got?.value?.rscData, got?.value?.segmentData?.get('/_tree')]) expect([bytes?.byteOffset, bytes?.buffer.byteLength]).toEqual([0, bytes?.length]);
  expect(got?.value?.headers?.['x-next-cache-tags']).toBe('venue:a.test,_N_T_/v/a.test/it');
  expect(got?.cacheControl).toEqual(pageCtx.cacheControl);
  expect(got?.lastModified).toBeGreaterThan(0);
  // Data read with unstable_cache (a FETCH entry) too.
  await a.set('location,a.test', { kind: 'FETCH', data: { headers: {}, body: '{"name":"Osteria"}', status: 200, url: '' }, revalidate: 150, tags: ['venue:a.test'] }, { fetchCache: true, tags: ['venue:a.test'] });
  const data = (await b.get('location,a.test', { kind: 'FETCH', tags: ['venue:a.test'], softTags: [] })) as Entry;
  expect(data?.value?.data).toEqual({ headers: {}, body: '{"name":"Osteria"}', status: 200, url: '' });

  // A restart: every store of the process gone, memory included.
  await closePageCaches();
  const again = instance('a');
  expect((await read(again, '/v/a.test/it'))?.value?.html).toBe('<h1>Osteria</h1>');
  expect(await read(again, '/v/none.test/it')).toBeNull();
});

it("a tag revalidated on one instance is dropped from the other's memory by the notice, and from the table", async () => {
  const a = instance('a');
  const b = instance('b');
  await a.set('/v/b.test/en', page('<h1>Trattoria</h1>', 'venue:b.test'), pageCtx);
  await a.set('/v/c.test/en', page('<h1>Other</h1>', 'venue:c.test'), pageCtx);
  // b holds both in its memory now.
  expect((await read(b, '/v/b.test/en'))?.value?.html).toBe('<h1>Trattoria</h1>');
  expect((await read(b, '/v/c.test/en'))?.value?.html).toBe('<h1>Other</h1>');

  await a.revalidateTag(['venue:b.test']);
  expect(await read(a, '/v/b.test/en')).toBeNull();
  expect(await rows(`select key from ${TABLE} where key = $1`, ['/v/b.test/en'])).toEqual([]);
  // Only the notice can reach b's memory: the entry is gone from it without b being told directly.
  expect(await eventually(async () => (await read(b, '/v/b.test/en')) === null)).toBe(true);
  // Another venue's page stays.
  expect((await read(b, '/v/c.test/en'))?.value?.html).toBe('<h1>Other</h1>');
  // Written again after the revalidation: served again, on both.
  await a.set('/v/b.test/en', page('<h1>Trattoria nuova</h1>', 'venue:b.test'), pageCtx);
  expect((await read(b, '/v/b.test/en'))?.value?.html).toBe('<h1>Trattoria nuova</h1>');
});

it("an instance's memory stays within its size; what it dropped is read back from the table", async () => {
  const max = 200 * 1024;
  const a = instance('small', max);
  const b = instance('other');
  const html = (n: number) => `<p>${n}</p>`.padEnd(20 * 1024, '.');
  for (let n = 0; n < 40; n++) await b.set(`/v/m${n}.test/it`, page(html(n), `venue:m${n}.test`), pageCtx);
  for (let n = 0; n < 40; n++) expect((await read(a, `/v/m${n}.test/it`))?.value?.html).toBe(html(n));
  const memory = (a as unknown as { store: { memory: { bytes: number; map: Map<string, unknown> } } }).store.memory;
  expect(memory.bytes).toBeLessThanOrEqual(max);
  expect(memory.map.size).toBeLessThan(40);
  expect(memory.map.has('/v/m0.test/it')).toBe(false);
  expect(memory.map.has('/v/m39.test/it')).toBe(true);
  // The oldest, dropped from memory, is still served.
  expect((await read(a, '/v/m0.test/it'))?.value?.html).toBe(html(0));
});

it('without a database it is the memory cache alone, tags included', async () => {
  const alone = new PageCacheHandler({ databaseUrl: undefined, store: 'memory', maxMemoryCacheSize: 1024 * 1024 });
  await alone.set('/v/d.test/it', page('<h1>Sola</h1>', 'venue:d.test'), pageCtx);
  expect((await read(alone, '/v/d.test/it'))?.value?.html).toBe('<h1>Sola</h1>');
  await alone.revalidateTag('venue:d.test');
  expect(await read(alone, '/v/d.test/it')).toBeNull();
});

it("a venue change deletes the venue's pages from the table itself: an instance started after it never serves the old page", async () => {
  const a = instance('a');
  await a.set('/v/e.test/it', page('<h1>Vecchia</h1>', 'venue:e.test,_N_T_/v/e.test/it'), pageCtx);
  await a.set('/v/localhost/it', page('<h1>Default</h1>', 'venue:localhost'), pageCtx);
  await a.set('/v/f.test/it', page('<h1>Altra</h1>', 'venue:f.test'), pageCtx);
  // The import's notice, with every instance stopped (nobody listens): the rows go all the same.
  const dataDir = tempDir();
  const handle = await openDatabase({ databaseUrl: url, dataDir });
  try {
    await announceVenueChange(handle.db, ['localhost', 'E.test:3000'], url);
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  await closePageCaches();
  const started = instance('later');
  expect(await read(started, '/v/e.test/it')).toBeNull();
  expect(await read(started, '/v/localhost/it')).toBeNull();
  expect((await read(started, '/v/f.test/it'))?.value?.html).toBe('<h1>Altra</h1>');
});

it("an instance of another build neither serves nor overwrites this build's pages (a deploy under way); a tag drops both", async () => {
  const old = new PageCacheHandler({ databaseUrl: url, store: 'old', buildId: 'build-1' });
  const next = new PageCacheHandler({ databaseUrl: url, store: 'new', buildId: 'build-2' });
  await old.set('/v/g.test/it', page('<h1>Build 1</h1>', 'venue:g.test'), pageCtx);
  expect(await read(next, '/v/g.test/it')).toBeNull();
  await next.set('/v/g.test/it', page('<h1>Build 2</h1>', 'venue:g.test'), pageCtx);
  await closePageCaches();
  expect((await read(new PageCacheHandler({ databaseUrl: url, store: 'a', buildId: 'build-1' }), '/v/g.test/it'))?.value?.html).toBe('<h1>Build 1</h1>');
  expect((await read(new PageCacheHandler({ databaseUrl: url, store: 'b', buildId: 'build-2' }), '/v/g.test/it'))?.value?.html).toBe('<h1>Build 2</h1>');
  await new PageCacheHandler({ databaseUrl: url, store: 'a', buildId: 'build-1' }).revalidateTag('venue:g.test');
  expect(await rows(`select key from ${TABLE} where tags && array['venue:g.test']`)).toEqual([]);
});
