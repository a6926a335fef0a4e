// `npm run bench`: throughput and latency of the site's pages and backend calls beside
// a bare Next.js page (bench/bare-app, its own server) and a static file of the site's
// server, all measured in the same run, so the ratios compare across machines.
// It also weighs the JavaScript each guest page loads (gzipped) against the bare page's and
// exits non-zero when a page loads more than JS_BUDGET_KB (default 20) above that floor.
// `npm run bench -- --js` (what `npm test` runs) does only that weighing, on the existing
// production build, without the load test or the seeded reservations.
// `npm run bench -- --hot`: the popular evening instead (scripts/bench-hot.ts); `-- --venues`:
// a thousand venues in one region (scripts/bench-venues.ts); `-- --soak`: ten minutes of mixed
// traffic (scripts/bench-soak.ts).
// Options: BENCH_SECONDS (default 8), BENCH_CONNECTIONS (default 20), BENCH_ONLY (targets whose
// names contain one of these comma-separated words), DATABASE_URL, JS_BUDGET_KB, BENCH_CPU_PROF (a
// directory: the site's server runs under `node --cpu-prof` and writes its profile there when the
// bench ends; `node scripts/profile-top.mjs <file>` reads it), BENCH_KEEP_BARE=1 (the bare page's
// build of an earlier run in this TMPDIR used again).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const jsOnly = process.argv.includes('--js');
const budgetKb = Number(process.env.JS_BUDGET_KB) || 20;
const port = Number(process.env.BENCH_PORT) || 3190;
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS) || 8;
const connections = Number(process.env.BENCH_CONNECTIONS) || 20;
const token = 'bench-token';
const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

// `npm run bench -- --hot`: the popular evening (scripts/bench-hot.ts), a run of its own.
if (process.argv.includes('--hot')) {
  const hot = spawnSync(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '--conditions=react-server', 'scripts/bench-hot.ts'], { cwd: root, stdio: 'inherit', env: process.env });
  process.exit(hot.status ?? 1);
}
// `npm run bench -- --venues`: a thousand venues in one region (scripts/bench-venues.ts);
// `-- --soak`: ten minutes of mixed traffic (scripts/bench-soak.ts).
for (const [flag, script] of [['--venues', 'scripts/bench-venues.ts'], ['--soak', 'scripts/bench-soak.ts']]) {
  if (!process.argv.includes(flag)) continue;
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) build(root);
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '--conditions=react-server', script], { cwd: root, stdio: 'inherit', env: process.env });
  process.exit(run.status ?? 1);
}

const barePort = port + 1;
const bareBase = `http://127.0.0.1:${barePort}`;
const bareDir = path.join(os.tmpdir(), 'frontpage-bench-bare-app');
// BENCH_KEEP_BARE=1: the bare page built by an earlier run in this TMPDIR is used again (runs back to back).
const keepBare = process.env.BENCH_KEEP_BARE === '1' && fs.existsSync(path.join(bareDir, '.next', 'BUILD_ID'));
if (!keepBare) {
  fs.rmSync(bareDir, { recursive: true, force: true });
  fs.cpSync(path.join(root, 'bench', 'bare-app'), bareDir, { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(bareDir, 'node_modules'));
  fs.writeFileSync(path.join(bareDir, 'package.json'), '{"name":"bare-app","private":true}\n');
}

function build(dir, args = []) {
  const result = spawnSync(process.execPath, [next, 'build', ...args], { cwd: dir, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) process.exit(1);
}
if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) build(root);
if (!keepBare) build(bareDir, ['--webpack']);

const dataDir = path.join(root, '.tmp', jsOnly ? 'bench-js' : 'bench');
fs.rmSync(dataDir, { recursive: true, force: true });
const reservationsToSeed = jsOnly ? 0 : Number(process.env.BENCH_RESERVATIONS) || 10_000;
if (!jsOnly) {
  const seed = spawnSync(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '--conditions=react-server', 'scripts/bench-seed.ts', String(reservationsToSeed)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });
  if (seed.status !== 0) process.exit(1);
}
const cpuProf = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF)] : [];
const server = spawn(process.execPath, [...cpuProf, next, 'start', '-p', String(port)], {
  cwd: root,
  stdio: 'ignore',
  env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', DATA_DIR: dataDir, BACKEND_TOKEN: token, LOG_LEVEL: 'silent', TRUST_PROXY_HOPS: '1' },
});
const bare = spawn(process.execPath, [next, 'start', '-p', String(barePort)], {
  cwd: bareDir,
  stdio: 'ignore',
  env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
});
const stop = () => {
  server.kill('SIGTERM');
  bare.kill('SIGTERM');
};
process.on('exit', stop);

async function waitUp(url) {
  for (let i = 0; i < 720; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

function measure(name, opts) {
  return new Promise((resolve, reject) => {
    const options = { url: (opts.base ?? base) + opts.path, method: opts.method ?? 'GET', headers: opts.headers, body: opts.body, connections, duration: seconds };
    if (opts.setupRequest) options.requests = [{ setupRequest: opts.setupRequest, onResponse: opts.onResponse }];
    autocannon(options, (err, r) => {
      if (err) return reject(err);
      resolve({ name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, kb: r.requests.total ? r.throughput.total / r.requests.total / 1024 : 0 });
    });
  });
}

/** Gzipped bytes of the JavaScript a page's HTML loads. */
async function pageScripts(origin, pathname) {
  const response = await fetch(origin + pathname);
  const html = await response.text();
  const sources = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]))];
  let bytes = 0;
  for (const src of sources) bytes += zlib.gzipSync(Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer())).length;
  return { files: sources.length, kb: bytes / 1024, status: response.status };
}

/** Every guest page's JavaScript against the bare page's; false when one is over budget. */
async function weighPages() {
  const floor = await pageScripts(bareBase, '/');
  const firstLink = async (list, pattern) => {
    const html = await (await fetch(base + list)).text();
    return html.match(pattern)?.[0];
  };
  const pages = [
    ['home', '/en'],
    ['reserve', '/en/reserve'],
    ['experiences', '/en/frontpage/esperienze'],
    ['an experience', await firstLink('/en/frontpage/esperienze', /\/en\/frontpage\/esperienze\/[A-Za-z0-9_-]+(?=")/)],
    ['an experience\'s booking form', await firstLink('/en/frontpage/esperienze', /\/en\/frontpage\/esperienze\/[A-Za-z0-9_-]+\/reserve(?=")/)],
    ['gift cards', '/en/frontpage/giftcards'],
    ['a gift card', await firstLink('/en/frontpage/giftcards', /\/en\/frontpage\/giftcard\/[A-Za-z0-9_-]+(?=")/)],
    ['gift card checkout', '/en/frontpage/giftcard/checkout/buono-50'],
    ['loyalty', '/en/frontpage/fidelity'],
    ['a promotion', '/en/promo/aperitivo-omaggio'],
  ].filter(([, p]) => p);
  console.log(`\nJavaScript per page, gzipped (budget: the bare page + ${budgetKb} KB)\n`);
  console.log('page'.padEnd(64), 'files'.padStart(6), 'KB gz'.padStart(8), 'over bare'.padStart(10));
  console.log('bare Next.js page /'.padEnd(64), String(floor.files).padStart(6), floor.kb.toFixed(1).padStart(8), '0.0'.padStart(10));
  let ok = true;
  for (const [label, p] of pages) {
    const js = await pageScripts(base, p);
    const over = js.kb - floor.kb;
    const fail = over > budgetKb || js.status !== 200;
    if (fail) ok = false;
    console.log(`${label} ${p}`.padEnd(64), String(js.files).padStart(6), js.kb.toFixed(1).padStart(8), over.toFixed(1).padStart(10), fail ? (js.status !== 200 ? ` HTTP ${js.status}` : ' OVER BUDGET') : '');
  }
  console.log(ok ? `\nEvery page is within ${budgetKb} KB gz of the bare page.` : `\nA page is over the budget of ${budgetKb} KB gz above the bare page.`);
  return ok;
}

let created = 0;
function monthBody() {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() + 1);
  return new URLSearchParams({ year: String(d.getUTCFullYear()), month: String(d.getUTCMonth() + 1), pax: '2' }).toString();
}
/** The 20 open evenings after the next two days (the demo venue is closed on Mondays and its holidays). */
const evenings = [];
for (let day = 2; evenings.length < 20; day++) {
  const d = new Date(Date.now() + day * 86_400_000);
  if (d.getUTCDay() !== 1 && !['12-25', '01-01'].includes(d.toISOString().slice(5, 10))) evenings.push(d.toISOString().slice(0, 10));
}
/**
 * Booking i: a guest of its own (address, e-mail and phone, so that no abuse limit meets
 * the bench), on one of 20 evenings in turn, at one of the dinner times; full ones land on
 * the waiting list, which is a booking too.
 */
function createBody(i) {
  const times = ['19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00'];
  return new URLSearchParams({
    pax: '2', date: evenings[i % evenings.length], time: times[Math.floor(i / evenings.length) % times.length], zone: i % 2 ? 'sala' : 'terrazza',
    nome: 'Bench', cognome: 'Guest', email: `load${i}@example.com`, prefisso: '+39', telefono: `33${String(10_000_000 + i).padStart(8, '0')}`, privacy: '1', language: 'it',
    // The local bot check's passing token (no reCAPTCHA keys here), one per booking, as the browser sends it.
    recaptchaV3Token: `local.v3.pass.${i.toString(36).padStart(12, '0')}`,
  }).toString();
}
/** A client address of booking i's own (the server trusts one proxy hop, as behind nginx). */
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

await waitUp(`${base}/api/health`);
await waitUp(bareBase);
if (jsOnly) process.exit((await weighPages()) ? 0 : 1);
/** What the create calls answered, by HTTP status and the answer's `status` field (booked, waiting list, refused). */
const answers = new Map();
const tally = (status, body) => {
  let kind = '';
  try {
    const json = JSON.parse(body);
    kind = String(json.status ?? json.error ?? json.result ?? '');
  } catch {
    kind = 'not JSON';
  }
  const key = `${status} ${kind}`.trim();
  answers.set(key, (answers.get(key) ?? 0) + 1);
};
/** The demo venue's own host name (venues/demo.json). */
const venueHost = { host: 'demo.localhost' };
const form = { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` };
const targets = [
  ['baseline: bare Next.js page', { base: bareBase, path: '/' }],
  ['static file of the site', { path: '/venues/demo/logo.svg' }],
  // Pages as guests ask for them, on the venue's own host: the fast path of page routing (lib/venue/fast-routes.cjs).
  ['home / (venue host)', { path: '/', headers: venueHost }],
  ['home / (localhost: through proxy.ts)', { path: '/' }],
  // As a browser asks for it: gzipped (Next compresses each answer; the page micro-cache keeps the gzipped bytes).
  ['home / (venue host, gzip)', { path: '/', headers: { ...venueHost, 'accept-encoding': 'gzip, deflate, br, zstd' } }],
  // A promotion page under a burst of social traffic: the page from cache, plus the live state each visitor's page asks for.
  ['promotion /en/promo/aperitivo-omaggio', { path: '/en/promo/aperitivo-omaggio', headers: venueHost }],
  ['promotion live state /api/promo/status', { path: '/api/promo/status?urlName=aperitivo-omaggio', headers: venueHost }],
  ['loyalty /en/frontpage/fidelity', { path: '/en/frontpage/fidelity', headers: venueHost }],
  ['experiences /en/frontpage/esperienze', { path: '/en/frontpage/esperienze', headers: venueHost }],
  ['reserve /reserve', { path: '/reserve', headers: venueHost }],
  ['backend location/getlocation', { path: '/backend/api/frontpage/location/getlocation', method: 'POST', headers: form, body: '' }],
  ['backend experience/getexperiencelist', { path: '/backend/api/frontpage/experience/getexperiencelist', method: 'POST', headers: form, body: '' }],
  ['backend reservation/getmonth', { path: '/backend/api/frontpage/reservation/getmonth', method: 'POST', headers: form, body: monthBody() }],
  [
    'backend reservation/create',
    {
      path: '/backend/api/frontpage/reservation/create',
      method: 'POST',
      headers: form,
      body: createBody(0),
      setupRequest: (request) => {
        created++;
        return { ...request, body: createBody(created), headers: { ...form, 'x-forwarded-for': addressOf(created) } };
      },
      onResponse: tally,
    },
  ],
];
// BENCH_ONLY=getmonth,create: the baseline and the targets whose names contain one of the words.
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
if (only) targets.splice(1, targets.length, ...targets.slice(1).filter(([name]) => only.some((word) => name.includes(word))));
// Warm the caches, each target as it will be asked for (node:http: fetch ignores a Host header).
const warm = (t) =>
  new Promise((resolve) => {
    const req = http.request((t.base ?? base) + t.path, { method: t.method ?? 'GET', headers: t.headers }, (res) => res.resume().on('end', resolve));
    req.on('error', resolve);
    req.end(t.body);
  });
for (const [, t] of targets) await warm(t);

const results = [];
for (const [name, t] of targets) results.push(await measure(name, t));
const baseline = results[0].rps;
console.log(`\n${seconds} s per target, ${connections} connections, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${reservationsToSeed} reservations seeded, ${created} created under load\n`);
console.log('target'.padEnd(40), 'req/s'.padStart(8), 'ratio'.padStart(7), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'non-2xx'.padStart(8), 'KB/answer'.padStart(10));
for (const r of results) {
  console.log(r.name.padEnd(40), r.rps.toFixed(0).padStart(8), (r.rps / baseline).toFixed(2).padStart(7), String(r.p50).padStart(7), String(r.p99).padStart(7), String(r.non2xx + r.errors).padStart(8), r.kb.toFixed(1).padStart(10));
}
if (answers.size) console.log(`\nreservation/create answers: ${[...answers].map(([k, n]) => `${n} × ${k}`).join(', ')}`);
process.exit((await weighPages()) ? 0 : 1);
