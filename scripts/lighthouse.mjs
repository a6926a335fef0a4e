// `node scripts/lighthouse.mjs [base URL]`: Lighthouse (mobile profile, the system Chromium)
// on the guest pages of a running production server (default http://localhost:3000), one
// line of scores per page. Not part of `npm test` (about 20 s a page). Lighthouse is not a
// dependency of the project: install it anywhere (`npm install --prefix /tmp/lh lighthouse`)
// and point LIGHTHOUSE_BIN at its CLI (`/tmp/lh/node_modules/.bin/lighthouse`).
// CHROME_PATH defaults to /usr/bin/chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const base = process.argv[2] || 'http://localhost:3000';
const bin = process.env.LIGHTHOUSE_BIN || 'lighthouse';
const pages = [
  ['home', '/en'],
  ['reserve', '/en/reserve'],
  ['experiences', '/en/frontpage/esperienze'],
  ['a gift card', '/en/frontpage/giftcard/buono-50'],
  ['loyalty', '/en/frontpage/fidelity'],
];
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
  for (const audit of Object.values(a)) if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary') console.log('    failed audit:', audit.id);
}
process.exit(failed ? 1 : 0);
