/**
 * `npm run bench -- --venues` (issue 27, docs/performance.md): one region serving a thousand
 * venues. Imports BENCH_VENUES venue files (default 1000, copies of the demo venue with hosts
 * `v{n}.bench.test`), then drives page traffic for BENCH_SECONDS (default 300) over random
 * venues, languages and pages, after the same traffic on one venue (BENCH_ONE_SECONDS,
 * default 30). Samples the server's resident memory every 2 s. Prints throughput against the
 * one-venue figure and a bare Next.js page in the same run, every answer tallied (no 5xx),
 * and the memory at the start, its peak and its last minute against the page cache size
 * (PAGE_CACHE_MB, next.config.mjs). Exits non-zero on a 5xx or a memory that keeps growing.
 * On PGlite by default; `DATABASE_URL` for PostgreSQL, where the server is then restarted and the
 * same traffic driven again for BENCH_SECONDS (BENCH_RESTART_SECONDS): what a new or restarted
 * instance serves from the page cache the region shares (issue 43; PAGE_CACHE_SHARED=off, each
 * instance's memory alone, to compare). Pages on hosts no venue has are measured for 10 s too.
 * BENCH_WARM=1 asks for every page of every venue once before the timed run (the region's pages
 * generated once: its steady state, issue 43), and reports how long that took, BENCH_WARM_CONNECTIONS
 * at a time (default twice the cores: rendering is CPU-bound, more only queue). BENCH_REUSE_DB=1 keeps
 * the venues a previous run of this script imported into DATABASE_URL (PostgreSQL, same BENCH_VENUES)
 * and so the pages it generated into the shared page cache's table (the same build: entries are
 * keyed by build): the warm phase then asks every page again and is answered from the table, and
 * 1,000 venues' 25,000 pages are generated once for several runs (issue 43; BENCH_SEED_ONLY=1 imports
 * the venues and stops, e.g. while the build runs). The measured phases
 * are the same either way: every venue's pages, at random. The server's resident memory is sampled
 * over every phase, the restarted instance's too. BENCH_GZIP=1: every request accepts gzip, as a
 * browser's does (the page micro-cache then keeps pages gzipped, about 7 KB instead of 45).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { build, buildBareApp, next, root, rssMb, waitUp } from './bench-lib';

const port = Number(process.env.BENCH_PORT) || 3190;
const barePort = port + 1;
const venues = Number(process.env.BENCH_VENUES) || 1000;
const seconds = Number(process.env.BENCH_SECONDS) || 300;
const oneSeconds = Number(process.env.BENCH_ONE_SECONDS) || 30;
const connections = Number(process.env.BENCH_CONNECTIONS) || 20;
const cacheMb = Number(process.env.PAGE_CACHE_MB) || 64;
const restartSeconds = Number(process.env.BENCH_RESTART_SECONDS) || seconds;
const warm = process.env.BENCH_WARM === '1';
const warmConnections = Number(process.env.BENCH_WARM_CONNECTIONS) || os.availableParallelism() * 2;
const reuse = process.env.BENCH_REUSE_DB === '1' && Boolean(process.env.DATABASE_URL);
const dataDir = path.join(root, '.tmp', 'bench-venues');
const base = `http://127.0.0.1:${port}`;
const LOCALES = ['', '/en', '/fr', '/es', '/de'];
const PAGES = ['', '/reserve', '/frontpage/esperienze', '/frontpage/giftcards', '/frontpage/fidelity'];

/** BENCH_GZIP=1: every request (the bare page's, the warm phase's too) accepts gzip, as a browser does. */
const acceptEncoding: Record<string, string> = process.env.BENCH_GZIP === '1' ? { 'accept-encoding': 'gzip' } : {};

type Request = { method: string; path: string; headers: Record<string, string> };
type Result = { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; statusCodeStats: Record<string, { count: number }> };
type Options = { url: string; connections: number; duration: number; headers?: Record<string, string>; requests?: { setupRequest: (r: Request) => Request }[] };
type Autocannon = (options: Options, done: (err: Error | null, result: Result) => void) => unknown;

/** Traffic for `duration` seconds; each request's host and path from `pick`. */
function drive(duration: number, pick?: () => { host: string; path: string }, url = `${base}/`): Promise<Result> {
  // autocannon ships no types: the few fields read here.
  const autocannon = createRequire(__filename)('autocannon') as Autocannon;
  const requests = pick ? [{ setupRequest: (r: Request) => { const p = pick(); return { ...r, path: p.path, headers: { ...r.headers, ...acceptEncoding, host: p.host } }; } }] : undefined;
  return new Promise((resolve, reject) => autocannon({ url, connections, duration, requests, headers: acceptEncoding }, (err, r) => (err ? reject(err) : resolve(r))));
}

/** A GET with a Host of its own (node:http: fetch ignores a Host header). */
function get(pathname: string, host: string): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(`${base}${pathname}`, { headers: { ...acceptEncoding, host } }, (res) => res.resume().on('end', () => resolve()));
    req.on('error', () => resolve());
    req.end();
  });
}

const random = (n: number) => Math.floor(Math.random() * n);
const anyPage = () => LOCALES[random(LOCALES.length)] + PAGES[random(PAGES.length)] || '/';

/** The shared page cache's entries an earlier run left (BENCH_REUSE_DB=1). */
let keptEntries = 0;

/** Whether DATABASE_URL already holds this run's venues (BENCH_REUSE_DB=1). */
async function seeded(): Promise<boolean> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from venues').catch(() => ({ rows: [{ n: 0 }] }));
    const cached = await client.query<{ n: number }>('select count(*)::int as n from next_page_cache').catch(() => ({ rows: [{ n: 0 }] }));
    keptEntries = cached.rows[0].n;
    return rows[0].n === venues;
  } finally {
    await client.end();
  }
}

async function seed() {
  if (reuse && (await seeded())) {
    console.log(`BENCH_REUSE_DB=1: the ${venues} venues of an earlier run kept, and the pages it generated.`);
    return;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  process.env.DATA_DIR = dataDir;
  process.env.LOG_LEVEL = 'silent';
  const { openDatabase } = await import('../server/db/client');
  const { importVenue } = await import('../server/venues/import');
  const { demoVenueFile, seedDemoVenue } = await import('../server/venues/seed');
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  const started = performance.now();
  try {
    await seedDemoVenue(handle.db);
    const demo = demoVenueFile();
    for (let n = 1; n < venues; n++) {
      await importVenue(handle.db, { ...demo, slug: `bench-${n}`, name: `${demo.name} ${n}`, hosts: [`v${n}.bench.test`], default: false });
    }
  } finally {
    await handle.close();
  }
  console.log(`Imported ${venues} venues in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

async function main() {
  // BENCH_SEED_ONLY=1 (with BENCH_REUSE_DB=1 later): the venues imported, nothing else (while a build runs).
  if (process.env.BENCH_SEED_ONLY === '1') return void (await seed());
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) build(root);
  const bareDir = buildBareApp();
  await seed();

  const env = { ...process.env, NODE_ENV: 'production' as const, NEXT_TELEMETRY_DISABLED: '1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PAGE_CACHE_MB: String(cacheMb) };
  const startServer = () => spawn(process.execPath, [next, 'start', '-p', String(port)], { cwd: root, stdio: 'ignore', env });
  let server = startServer();
  // The resident memory of the server (whichever instance runs), every 2 s, tagged with the phase.
  const memory: { phase: string; mb: number }[] = [];
  let phase = 'start';
  const memorySampler = setInterval(() => {
    const mb = rssMb(server.pid!);
    if (Number.isFinite(mb)) memory.push({ phase, mb });
  }, 2000);
  const children: ChildProcess[] = [server, spawn(process.execPath, [next, 'start', '-p', String(barePort)], { cwd: bareDir, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' } })];
  process.on('exit', () => children.forEach((c) => c.kill('SIGTERM')));
  await waitUp(`${base}/api/health`);
  await waitUp(`http://127.0.0.1:${barePort}/`);

  const bare = await drive(10, undefined, `http://127.0.0.1:${barePort}/`);
  phase = 'one venue';
  // One venue: every page in every language, first rendered, then from the cache.
  for (const l of LOCALES) for (const p of PAGES) await get(l + p || '/', 'demo.localhost');
  const one = await drive(oneSeconds, () => ({ host: 'demo.localhost', path: anyPage() }));
  // Hosts no venue has, each asked for once or twice: answered before any render (issue 43).
  phase = 'unknown hosts';
  const unknown = await drive(10, () => ({ host: `u${random(1_000_000)}.unknown.test`, path: anyPage() }));

  // The region's pages generated once (BENCH_WARM=1): every venue, language and page, `connections` at a time.
  let warmed = '';
  if (warm) {
    phase = 'warm';
    const all: { host: string; path: string }[] = [];
    for (let n = 0; n < venues; n++) for (const l of LOCALES) for (const p of PAGES) all.push({ host: n === 0 ? 'demo.localhost' : `v${n}.bench.test`, path: l + p || '/' });
    const began = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: warmConnections }, async () => {
      while (next < all.length) {
        const { host, path: p } = all[next++];
        await get(p, host);
      }
    }));
    const took = (performance.now() - began) / 1000;
    warmed = `warm: ${all.length} pages asked for once in ${took.toFixed(0)} s (${(all.length / took).toFixed(0)} pages/s, ${warmConnections} at a time${reuse ? `, the venues of an earlier run and the ${keptEntries} page cache entries it left` : ''}), then the timed run`;
    console.log(warmed);
  }

  const samples: { at: number; mb: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(() => samples.push({ at: (Date.now() - started) / 1000, mb: rssMb(server.pid!) }), 2000);
  const startMb = rssMb(server.pid!);
  phase = 'venues';
  const many = await drive(seconds, () => {
    const n = random(venues);
    return { host: n === 0 ? 'demo.localhost' : `v${n}.bench.test`, path: anyPage() };
  });
  clearInterval(sampler);
  phase = 'one venue again';
  // One venue again, right after: the machine's load moves in minutes, so the ratio is taken against both.
  const oneAgain = await drive(oneSeconds, () => ({ host: 'demo.localhost', path: anyPage() }));
  const oneAvg = (one.requests.average + oneAgain.requests.average) / 2;

  // PostgreSQL: a new instance (the same one restarted) under the same traffic, its memory empty.
  let restarted: Result | undefined;
  let table = '';
  if (process.env.DATABASE_URL) {
    await new Promise((resolve) => {
      server.once('exit', resolve);
      server.kill('SIGTERM');
    });
    phase = 'restart';
    server = startServer();
    children[0] = server;
    await waitUp(`${base}/api/health`);
    phase = 'venues after a restart';
    restarted = await drive(restartSeconds, () => {
      const n = random(venues);
      return { host: n === 0 ? 'demo.localhost' : `v${n}.bench.test`, path: anyPage() };
    });
    const { Client } = await import('pg');
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query(`select count(*)::int as n, pg_total_relation_size('next_page_cache') as bytes from next_page_cache`).catch(() => ({ rows: [] as { n: number; bytes: string }[] }));
      if (rows[0]) table = `shared page cache: ${rows[0].n} entries, ${(Number(rows[0].bytes) / 1024 / 1024).toFixed(0)} MB in PostgreSQL`;
    } finally {
      await client.end();
    }
  }

  clearInterval(memorySampler);
  const lastMinute = samples.filter((s) => s.at >= seconds - 60).map((s) => s.mb);
  const firstMinute = samples.filter((s) => s.at >= 60 && s.at < 120).map((s) => s.mb);
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const peak = Math.max(...samples.map((s) => s.mb));
  const codes = (r: Result) => Object.entries(r.statusCodeStats).map(([code, s]) => `${s.count} × ${code}`).join(', ');
  const fivexx = (r: Result) => Object.entries(r.statusCodeStats).filter(([code]) => code.startsWith('5')).reduce((a, [, s]) => a + s.count, 0) + r.errors;
  const row = (name: string, r: Result) => console.log(name.padEnd(44), r.requests.average.toFixed(0).padStart(7), (r.requests.average / bare.requests.average).toFixed(2).padStart(7), String(r.latency.p50).padStart(7), String(r.latency.p99).padStart(7), `  ${codes(r)}`);

  const phases = [...new Set(memory.map((m) => m.phase))].map((p) => {
    const mbs = memory.filter((m) => m.phase === p).map((m) => m.mb);
    return `${p} ${Math.min(...mbs).toFixed(0)}–${Math.max(...mbs).toFixed(0)}`;
  });
  const gz = process.env.BENCH_GZIP === '1' ? ', requests accept gzip (BENCH_GZIP=1)' : '';
  const micro = `page micro-cache ${process.env.PAGE_MICROCACHE_MS ?? 'default'} ms, ${process.env.PAGE_MICROCACHE_KB ?? 'default'} KB`;
  const shared = process.env.DATABASE_URL ? (process.env.PAGE_CACHE_SHARED === 'off' ? ', page cache in memory only (PAGE_CACHE_SHARED=off)' : ', page cache shared in PostgreSQL') : '';
  if (warmed) console.log(`\n${warmed}`);
  console.log(`\n${venues} venues, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}${shared}, ${connections} connections${gz}, page cache ${cacheMb} MB, ${micro}; one venue ${oneSeconds} s, all venues ${seconds} s\n`);
  console.log('traffic'.padEnd(44), '  req/s', '  ratio', ' p50 ms', ' p99 ms', '  answers');
  row('baseline: bare Next.js page', bare);
  row('one venue: random page and language', one);
  row('hosts no venue has: random page', unknown);
  row(`${venues} venues: random venue, page and language`, many);
  row('one venue again, right after', oneAgain);
  if (restarted) row(`${venues} venues, after a restart`, restarted);
  console.log(`\n${venues} venues / one venue throughput (its two runs' mean): ${(many.requests.average / oneAvg).toFixed(2)}`);
  if (restarted) console.log(`${venues} venues after a restart / one venue throughput: ${(restarted.requests.average / oneAvg).toFixed(2)}`);
  if (table) console.log(table);
  console.log(`resident memory (MB): before ${startMb.toFixed(0)}, peak ${peak.toFixed(0)}, second minute ${avg(firstMinute).toFixed(0)}, last minute ${avg(lastMinute).toFixed(0)}`);
  console.log(`resident memory by phase, lowest–highest (MB): ${phases.join('; ')}`);
  const growing = firstMinute.length > 0 && avg(lastMinute) > avg(firstMinute) * 1.25;
  const failed = fivexx(one) + fivexx(oneAgain) + fivexx(many) + fivexx(unknown) + (restarted ? fivexx(restarted) : 0);
  if (failed) console.log(`FAILED: ${failed} 5xx or errors`);
  if (growing) console.log('FAILED: the memory of the last minute is more than 25 % above the second minute');
  process.exit(failed || growing ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
