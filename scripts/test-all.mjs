// `npm test`: the whole suite. Type check, lint, the dependency check, production build, the JavaScript weight budget, Jest (unit and
// integration, on PGlite and a throwaway PostgreSQL server; then again under faketime, each
// suite at one of three other dates, the calendar's suites at all three), then Playwright in a real
// Chromium against three production servers. Ends with one line `N passed, N failed`,
// also written to .tmp/test-summary.txt for CI.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { faketimeInstalled, faketimePlan, runJestAt } from './faketime-jest.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

let passed = 0;
let failed = 0;
const failures = [];

function run(label, args, extraEnv = {}) {
  const started = Date.now();
  console.log(`\n=== ${label}`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  console.log(`=== ${label}: ${result.status === 0 ? 'ok' : `failed (${result.status ?? result.signal})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return result.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Runs checks side by side (each is one process on one core), printing each one's output when it ends. */
async function checksTogether(list) {
  const results = await Promise.all(
    list.map(
      ([label, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(process.execPath, args, { cwd: root, env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => resolve({ label, ok: code === 0, output, seconds: (Date.now() - started) / 1000, code }));
        }),
    ),
  );
  for (const r of results) {
    console.log(`\n=== ${r.label}\n${r.output.trimEnd()}`);
    console.log(`=== ${r.label}: ${r.ok ? 'ok' : `failed (${r.code})`} in ${r.seconds.toFixed(0)} s`);
    if (r.ok) passed++;
    else {
      failed++;
      failures.push(r.label);
    }
  }
}

await checksTogether([
  ['typecheck', [bin('typescript', 'bin/tsc'), '--noEmit']],
  ['lint', [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings=0']],
  // The layers' arrows and no import cycles (.dependency-cruiser.cjs, docs/architecture.md).
  ['dependency check (npm run depcheck)', [bin('dependency-cruiser', 'bin/dependency-cruiser.mjs'), 'app', 'components', 'lib', 'server', 'i18n', 'proxy.ts', 'instrumentation.ts', '--config', '.dependency-cruiser.cjs']],
]);

const buildOk = run('next build', [bin('next', 'dist/bin/next'), 'build']);
if (buildOk) passed++;
else {
  failed++;
  failures.push('next build');
}

// The JavaScript weight budget (docs/performance.md): every guest page within 20 KB gz of a
// bare Next.js page, on the build above (the bare page is built too, about half a minute).
if (buildOk) {
  if (run('JavaScript per page (npm run bench -- --js)', [path.join(root, 'scripts', 'bench.mjs'), '--js'])) passed++;
  else {
    failed++;
    failures.push('JavaScript weight');
  }
}

const jestOut = path.join(tmp, 'jest.json');
fs.rmSync(jestOut, { force: true });
// Two workers: the suites mostly wait on their databases, so two halve the time on two cores.
const JEST_WORKERS = '--maxWorkers=2';
const jestOk = run('jest (unit, integration)', [bin('jest', 'bin/jest.js'), JEST_WORKERS, '--json', `--outputFile=${jestOut}`], {
  // PGlite on the suite's own thread, as under faketime: a Jest worker process that had opened and
  // ended a hundred PGlite worker threads, one per suite's database, was killed by SIGSEGV twice
  // (once under libfaketime, once at the real date, 2026-11-27, channel-api.pglite; not reproduced
  // alone, six runs). The worker thread is still what every e2e server, `npm run bench` and
  // tests/integration/pglite-thread.test.ts (which opens it itself) run on.
  PGLITE_THREAD: 'off',
  // PGlite loads its WebAssembly through dynamic import, which Jest's VM needs this flag for.
  NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim(),
});
const jest = readJson(jestOut);
if (jest) {
  passed += jest.numPassedTests;
  failed += jest.numFailedTests + jest.numRuntimeErrorTestSuites;
  if (!jestOk && jest.numFailedTests + jest.numRuntimeErrorTestSuites === 0) failed++;
} else {
  failed++;
  failures.push('jest did not report');
}
if (!jestOk) failures.push('jest');

// The suites must not depend on the day they run (server/clock.ts): Jest again with the
// system clock moved, by libfaketime (`apt-get install -y faketime`; `.ci/run` installs it), on
// PGlite. Every suite runs at one of the three dates (a stable hash of its path picks it), the
// suites about the calendar at all three (scripts/faketime-jest.mjs; `npm run test:dates` runs
// every suite at every date). Each date counts as one check; its failing tests count as failures.
if (process.env.SKIP_FAKETIME === '1') console.log('\n=== jest with the clock moved: not run (SKIP_FAKETIME=1)');
else if (!faketimeInstalled()) {
  console.log('\n=== jest with the clock moved: faketime is not installed (apt-get install -y faketime)');
  failed++;
  failures.push('faketime missing');
} else {
  for (const { date, suites } of faketimePlan(process.env.FAKETIME_FULL === '1')) {
    const label = `jest at ${date} UTC (faketime, ${suites.length} suites)`;
    console.log(`\n=== ${label}`);
    const { ok, report, seconds } = runJestAt(date, suites, env);
    const bad = report ? report.numFailedTests + report.numRuntimeErrorTestSuites : 0;
    console.log(`=== ${label}: ${ok ? 'ok' : `failed (${bad} tests)`} in ${seconds.toFixed(0)} s`);
    if (ok) passed++;
    else {
      failed += Math.max(bad, 1);
      failures.push(label);
    }
  }
}

if (buildOk) {
  const pwOut = path.join(tmp, 'playwright.json');
  fs.rmSync(pwOut, { force: true });
  const pwOk = run('playwright (chromium)', [bin('@playwright/test', 'cli.js'), 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut });
  const pw = readJson(pwOut);
  if (pw?.stats) {
    passed += pw.stats.expected + pw.stats.flaky;
    failed += pw.stats.unexpected;
    if (!pwOk && pw.stats.unexpected === 0) failed++;
  } else {
    failed++;
    failures.push('playwright did not report');
  }
  if (!pwOk) failures.push('playwright');
} else {
  console.log('\n=== playwright skipped: the build failed');
  failed++;
}

const summary = `${passed} passed, ${failed} failed`;
fs.writeFileSync(path.join(tmp, 'test-summary.txt'), summary + '\n');
if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(summary);
process.exit(failed === 0 ? 0 : 1);
