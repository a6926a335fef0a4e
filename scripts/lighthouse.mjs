// `node scripts/lighthouse.mjs [base URL]`: Lighthouse (mobile profile, the system Chromium)
// on the guest pages of a running production server (default http://localhost:3000), one
// line of scores per page. Not part of `npm test` (about 20 s a page). Lighthouse is not a
// dependency of the project: install it anywhere (`npm install --prefix /tmp/lh lighthouse`)
// and point LIGHTHOUSE_BIN at its CLI (`/tmp/lh/node_modules/.bin/lighthouse`).
// CHROME_PATH defaults to /usr/bin/chromium. Every guest page: home, the booking wizard, the
// experiences, the first one listed and its booking form, the gift cards, one and its checkout,
// loyalty, the demo's promotion;
// each requested once first (a page's first render and its photos' first sizes are not what a
// guest meets on a live site). LIGHTHOUSE_PAGES=home,reserve keeps the pages whose labels
// start with one of these words.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const base = process.argv[2] || 'http://localhost:3000';
const bin = process.env.LIGHTHOUSE_BIN || 'lighthouse';
/** A page's HTML, or '' (a *.localhost host is asked of 127.0.0.1 with its name: Node does not resolve it, Chromium does). */
function get(url) {
  const u = new URL(url);
  const local = u.hostname.endsWith('.localhost');
  return new Promise((resolve) => {
    const req = http.get({ host: local ? '127.0.0.1' : u.hostname, port: u.port || 80, path: u.pathname + u.search, headers: { host: u.host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', () => resolve(''));
  });
}
const list = await get(base + '/en/frontpage/esperienze');
const experience = list.match(/href="(\/en\/frontpage\/esperienze\/[A-Za-z0-9_-]+)"/)?.[1];
const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const pages = [
  ['home', '/en'],
  ['reserve', '/en/reserve'],
  ['experiences', '/en/frontpage/esperienze'],
  ...(experience ? [['an experience', experience], ['booking an experience', `${experience}/reserve`]] : []),
  ['gift cards', '/en/frontpage/giftcards'],
  ['a gift card', '/en/frontpage/giftcard/buono-50'],
  ['checkout of a gift card', '/en/frontpage/giftcard/checkout/buono-50'],
  ['loyalty', '/en/frontpage/fidelity'],
  ['a promotion', '/en/promo/aperitivo-omaggio'],
].filter(([label]) => !only || only.some((o) => label.startsWith(o)));
for (const [, p] of pages) await get(base + p);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
const pct = (c) => String(Math.round(c.score * 100));
console.log('page'.padEnd(44), 'perf', ' a11y', '  b-p', '  seo', '   FCP    LCP     TBT    CLS');
let failed = false;
for (const [label, p] of pages) {
  const out = path.join(dir, `${label.replace(/\W+/g, '-')}.json`);
  const run = spawnSync(
    bin,
    [base + p, '--quiet', '--chrome-flags=--headless=new --no-sandbox', '--output=json', `--output-path=${out}`, '--only-categories=performance,accessibility,best-practices,seo'],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (run.status !== 0 || !fs.existsSync(out)) {
    console.log(`${label} ${p}`.padEnd(44), 'lighthouse failed');
    failed = true;
    continue;
  }
  const r = JSON.parse(fs.readFileSync(out, 'utf8'));
  const c = r.categories;
  const a = r.audits;
  console.log(
    `${label} ${p}`.padEnd(44),
    pct(c.performance).padStart(4),
    pct(c.accessibility).padStart(5),
    pct(c['best-practices']).padStart(5),
    pct(c.seo).padStart(5),
    a['first-contentful-paint'].displayValue.padStart(6),
    a['largest-contentful-paint'].displayValue.padStart(6),
    a['total-blocking-time'].displayValue.padStart(7),
    a['cumulative-layout-shift'].displayValue.padStart(6),
  );
  const lcp = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
  if (lcp) console.log('    largest paint:', lcp.slice(0, 110));
  for (const audit of Object.values(a)) if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary') console.log('    failed audit:', audit.id);
}
process.exit(failed ? 1 : 0);
