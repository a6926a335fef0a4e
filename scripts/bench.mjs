// `npm run bench`: throughput and latency of the site's pages and backend calls, each
// beside a trivial route of the same server (a static file) measured in the same run,
// so the ratios compare across machines. Not a test: it asserts nothing.
// Options: BENCH_SECONDS (default 8), BENCH_CONNECTIONS (default 20), DATABASE_URL.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT) || 3190;
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS) || 8;
const connections = Number(process.env.BENCH_CONNECTIONS) || 20;
const token = 'bench-token';
const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
  const build = spawnSync(process.execPath, [next, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const dataDir = path.join(root, '.tmp', 'bench');
fs.rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, [next, 'start', '-p', String(port)], {
  cwd: root,
  stdio: 'ignore',
  env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', DATA_DIR: dataDir, BACKEND_TOKEN: token, LOG_LEVEL: 'silent' },
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

async function waitUp() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

function measure(name, opts) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base + opts.path, method: opts.method ?? 'GET', headers: opts.headers, body: opts.body, connections, duration: seconds }, (err, r) => {
      if (err) return reject(err);
      resolve({ name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    });
  });
}

/** Gzipped bytes of the JavaScript a page's HTML loads. */
async function pageScripts(pathname) {
  const html = await (await fetch(base + pathname)).text();
  const sources = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]))];
  let bytes = 0;
  for (const src of sources) bytes += zlib.gzipSync(Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer())).length;
  return { files: sources.length, kb: bytes / 1024 };
}

await waitUp();
const form = { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` };
const targets = [
  ['baseline: static file', { path: '/venues/demo/logo.svg' }],
  ['home /', { path: '/' }],
  ['experiences /en/frontpage/esperienze', { path: '/en/frontpage/esperienze' }],
  ['reserve /reserve', { path: '/reserve' }],
  ['backend location/getlocation', { path: '/backend/api/frontpage/location/getlocation', method: 'POST', headers: form, body: '' }],
  ['backend experience/getexperiencelist', { path: '/backend/api/frontpage/experience/getexperiencelist', method: 'POST', headers: form, body: '' }],
];
for (const [, t] of targets) await fetch(base + t.path, { method: t.method, headers: t.headers, body: t.body }); // warm caches

const results = [];
for (const [name, t] of targets) results.push(await measure(name, t));
const baseline = results[0].rps;
console.log(`\n${seconds} s per target, ${connections} connections, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`);
console.log('target'.padEnd(40), 'req/s'.padStart(8), 'ratio'.padStart(7), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'non-2xx'.padStart(8));
for (const r of results) {
  console.log(r.name.padEnd(40), r.rps.toFixed(0).padStart(8), (r.rps / baseline).toFixed(2).padStart(7), String(r.p50).padStart(7), String(r.p99).padStart(7), String(r.non2xx + r.errors).padStart(8));
}
for (const p of ['/', '/en/frontpage/esperienze']) {
  const js = await pageScripts(p);
  console.log(`JavaScript loaded by ${p}: ${js.files} files, ${js.kb.toFixed(1)} KB gzipped`);
}
stop();
process.exit(0);
