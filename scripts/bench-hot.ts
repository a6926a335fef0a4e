/**
 * `npm run bench -- --hot` (issue 27, docs/performance.md): the popular evening. 1,000
 * simulated guests, each from an address of its own, try hold → book for one evening of the
 * demo venue's dinner (60 covers) within 20 seconds, while a visitor load keeps asking for the
 * home page. Prints: the covers booked against the evening's capacity, how every other guest
 * was answered, 5xx and lost e-mails, the latency of the refusals once the evening is full, and
 * the home page's p99 during the run against its quiet p99 and against a bare Next.js page
 * measured in the same run. On PGlite by default; `DATABASE_URL` for PostgreSQL.
 * Options: HOT_GUESTS (1000), HOT_SECONDS (20), BENCH_PORT (3190), BENCH_CPU_PROF (a directory
 * for the site's server's CPU profile, as in scripts/bench.mjs). On PGlite it also prints where
 * the database thread's time went: running statements, and holding a transaction open while it
 * waited for the server's thread (PGLITE_STATS_FILE, server/db/pglite-worker.mjs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { envName, LIMIT_NAMES, LIMITS } from '@/server/limits/config';
import { build, buildBareApp, next, root, waitUp } from './bench-lib';

const port = Number(process.env.BENCH_PORT) || 3190;
const barePort = port + 1;
const guests = Number(process.env.HOT_GUESTS) || 1000;
const seconds = Number(process.env.HOT_SECONDS) || 20;
const dataDir = path.join(root, '.tmp', 'bench-hot');
const base = `http://127.0.0.1:${port}`;
const statsFile = path.join(root, '.tmp', 'bench-hot-pglite.json');
const TIMES = ['19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00'];

type Result = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
type Autocannon = (options: { url: string; connections: number; duration: number }, done: (err: Error | null, result: Result) => void) => unknown;

function load(url: string, duration: number, connections = 10): Promise<{ rps: number; p50: number; p99: number; non2xx: number }> {
  // autocannon ships no types: the few fields read here.
  const autocannon = createRequire(__filename)('autocannon') as Autocannon;
  return new Promise((resolve, reject) =>
    autocannon({ url, connections, duration }, (err, r) => (err ? reject(err) : resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors }))),
  );
}

type Answer = { status: number; body: { data?: { outcome?: string; holdToken?: string }; error?: string }; ms: number; at: number };

/** A JSON POST as one guest's browser sends it, from its own address (X-Forwarded-For, one trusted proxy). */
function post(pathname: string, body: unknown, ip: string): Promise<Answer> {
  const data = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), 'x-forwarded-for': ip, origin: base } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => {
          let parsed: Answer['body'] = {};
          try {
            parsed = text ? JSON.parse(text) : {};
          } catch {
            parsed = { error: text.slice(0, 80) };
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, ms: performance.now() - started, at: performance.now() });
        });
      },
    );
    req.on('error', (e) => resolve({ status: 0, body: { error: e.message }, ms: performance.now() - started, at: performance.now() }));
    req.end(data);
  });
}

const pct = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function main() {
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) build(root);
  const bareDir = buildBareApp();

  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env = {
    ...process.env,
    NODE_ENV: 'production' as const,
    NEXT_TELEMETRY_DISABLED: '1',
    DATA_DIR: dataDir,
    BACKEND_TOKEN: 'bench-token',
    LOG_LEVEL: 'silent',
    OUTBOX_INTERVAL_MS: '500',
    TRUST_PROXY_HOPS: '1',
    // PGlite's thread says where its time went when the server closes it (server/db/pglite-worker.mjs).
    PGLITE_STATS_FILE: statsFile,
    // A crowd, not an attack: the abuse limits out of the way (docs/security.md measures them).
    ...Object.fromEntries(LIMIT_NAMES.map((limit) => [envName(limit), `1000000/${LIMITS[limit].windowSeconds}`])),
  };
  const children: ChildProcess[] = [
    spawn(process.execPath, [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF)] : []), next, 'start', '-p', String(port)], { cwd: root, stdio: 'ignore', env }),
    spawn(process.execPath, [next, 'start', '-p', String(barePort)], { cwd: bareDir, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' } }),
  ];
  const stop = () => children.forEach((c) => c.kill('SIGTERM'));
  process.on('exit', stop);
  await waitUp(`${base}/api/health`);
  await waitUp(`http://127.0.0.1:${barePort}/`);

  // The evening: the first day from three days on whose dinner is open at every time.
  const daysFromToday = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  let date = '';
  for (let d = 3; d < 40 && !date; d++) {
    const day = await (await fetch(`${base}/api/reservation/day?day=${daysFromToday(d)}&pax=2`)).json();
    const slots: { time: string; available: boolean }[] = day.data?.slots ?? [];
    if (TIMES.every((t) => slots.find((s) => s.time === t)?.available)) date = daysFromToday(d);
  }
  if (!date) throw new Error('no open evening');

  await fetch(`${base}/`);
  const bare = await load(`http://127.0.0.1:${barePort}/`, 5);
  const quiet = await load(`${base}/`, 5);

  // The crowd: guest i starts at i × (seconds / guests), picks a time and a zone, holds, then books.
  const visitors = load(`${base}/`, seconds + 5);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: guests }, async (_, i) => {
      await new Promise((r) => setTimeout(r, (i * seconds * 1000) / guests));
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const choice = { date, time: TIMES[i % TIMES.length], zone: i % 3 ? 'sala' : 'terrazza', pax: 2 };
      const hold = await post('/api/reservation/hold', choice, ip);
      const create = await post(
        '/api/reservation',
        {
          ...choice,
          holdToken: hold.body.data?.holdToken,
          nome: 'Hot',
          cognome: `Guest${i}`,
          email: `hot${i}@example.com`,
          prefisso: '+39',
          telefono: `34${String(1_000_000 + i).padStart(8, '0')}`,
          privacy: true,
          language: 'it',
          tokenVersion: 'v3',
          recaptchaV3Token: `local.v3.pass.${i.toString(36).padStart(12, '0')}`,
        },
        ip,
      );
      return { hold, create };
    }),
  );
  const crowdSeconds = (performance.now() - started) / 1000;
  const busy = await visitors;

  const outcome = (a: Answer) => (a.status === 200 ? (a.body.data?.outcome ?? 'ok') : `${a.status} ${a.body.error ?? ''}`.trim());
  const tally = (list: Answer[]) => list.reduce<Record<string, number>>((t, a) => ((t[outcome(a)] = (t[outcome(a)] ?? 0) + 1), t), {});
  const creates = answers.map((a) => a.create);
  const booked = creates.filter((a) => a.status === 200 && ['confirm', 'accept'].includes(a.body.data?.outcome ?? ''));
  const lastBooking = Math.max(...booked.map((a) => a.at));
  // Once the evening is full: the answers given after the last booking went through.
  const refusalsAfterFull = answers.flatMap((a) => [a.hold, a.create]).filter((a) => a.at > lastBooking && !(a.status === 200 && a.body.data?.outcome === 'confirm'));
  const fiveXx = answers.flatMap((a) => [a.hold, a.create]).filter((a) => a.status >= 500 || a.status === 0).length;

  // Drain the outbox, then read the database as it stands.
  for (let i = 0; i < 120; i++) {
    const health = await (await fetch(`${base}/api/health`)).json();
    if (!health.outbox?.queued) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  fs.rmSync(statsFile, { force: true });
  stop();
  await new Promise((r) => setTimeout(r, 2000));
  const thread = fs.existsSync(statsFile) ? (JSON.parse(fs.readFileSync(statsFile, 'utf8')) as { transactions: number; operations: number; lifeMs: number; busyMs: number; heldMs: number }) : null;
  const { openDatabase } = await import('../server/db/client');
  const schema = await import('../server/db/schema');
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  const [{ covers }] = await handle.db
    .select({ covers: sql<number>`coalesce(sum(${schema.reservations.covers}), 0)::int` })
    .from(schema.reservations)
    .where(and(eq(schema.reservations.date, date), eq(schema.reservations.shiftKey, 'cena'), inArray(schema.reservations.status, ['confirmed', 'pending'])));
  const stored = await handle.db.select({ email: schema.reservations.email, status: schema.reservations.status }).from(schema.reservations).where(eq(schema.reservations.date, date));
  const mails = await handle.db.select({ to: schema.outbox.recipient, status: schema.outbox.status }).from(schema.outbox).where(sql`${schema.outbox.recipient} like 'hot%@example.com'`);
  await handle.close();
  const mailed = new Set(mails.filter((m) => m.status === 'sent').map((m) => m.to));
  const lost = stored.filter((r) => r.email.startsWith('hot') && !mailed.has(r.email)).length;

  console.log(`\nThe hot evening: ${guests} guests in ${crowdSeconds.toFixed(1)} s for ${date} (dinner, capacity 60 covers), ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`);
  console.log('covers booked'.padEnd(44), covers);
  console.log('holds'.padEnd(44), JSON.stringify(tally(answers.map((a) => a.hold))));
  console.log('bookings'.padEnd(44), JSON.stringify(tally(creates)));
  console.log('5xx or dropped connections'.padEnd(44), fiveXx);
  console.log('stored bookings without a sent e-mail'.padEnd(44), lost, `(of ${stored.length} stored: confirmed, awaiting or waiting list)`);
  console.log('answers after the evening was full: p50 / p99'.padEnd(44), `${pct(refusalsAfterFull.map((a) => a.ms), 50).toFixed(0)} / ${pct(refusalsAfterFull.map((a) => a.ms), 99).toFixed(0)} ms (${refusalsAfterFull.length} answers)`);
  if (thread) {
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log('PGlite thread: busy / held open, idle'.padEnd(44), `${s(thread.busyMs)} / ${s(thread.heldMs)} of ${s(thread.lifeMs)} (${thread.transactions} transactions, ${thread.operations} operations)`);
  }
  console.log('bookings p50 / p99'.padEnd(44), `${pct(creates.map((a) => a.ms), 50).toFixed(0)} / ${pct(creates.map((a) => a.ms), 99).toFixed(0)} ms`);
  console.log('');
  console.log('page'.padEnd(44), 'req/s'.padStart(8), 'ratio'.padStart(7), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'non-2xx'.padStart(8));
  for (const [name, r] of [
    ['baseline: bare Next.js page', bare],
    ['home /, quiet', quiet],
    ['home /, during the crowd', busy],
  ] as const) {
    console.log(name.padEnd(44), r.rps.toFixed(0).padStart(8), (r.rps / bare.rps).toFixed(2).padStart(7), String(r.p50).padStart(7), String(r.p99).padStart(7), String(r.non2xx).padStart(8));
  }
  console.log(`\nhome p99 during the crowd / quiet: ${(busy.p99 / Math.max(1, quiet.p99)).toFixed(1)}× (goal ≤ 2×)`);
  const exact = covers <= 60 && fiveXx === 0 && lost === 0;
  console.log(exact ? 'Capacity held, no 5xx, every stored booking mailed.' : 'FAILED: see above.');
  process.exit(exact ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
