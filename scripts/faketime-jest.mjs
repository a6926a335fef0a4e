// Jest with the system clock moved (libfaketime): the suites must not depend on the day they run
// (server/clock.ts, README "Time"). `npm test` runs the spread matrix (scripts/test-all.mjs):
// every suite once, at one of the three dates, chosen by a stable hash of its path (so each date
// keeps about a third, the same third on every run), and the suites about the calendar at all
// three. `npm run test:dates` runs the full matrix: every suite at every date.
//
// The PostgreSQL runners of the shared suites (`*.postgres.test.ts`) run once, at the real date:
// a calendar dependency does not depend on the driver, and their PGlite twins run the same cases
// here. PGlite on the main thread (PGLITE_THREAD=off): under libfaketime a suite's process with
// PGlite's worker thread crashed once (SIGSEGV, tracing.pglite at 2030-06-01, not reproduced
// alone); the runs at the real date and the e2e servers keep the worker (issue 43).
// tests/integration/pglite-thread.test.ts opens the worker itself.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

export const FAKETIME_DATES = ['2026-12-24 10:00:00', '2027-03-28 01:30:00', '2030-06-01 08:00:00'];

/**
 * The suites about the calendar itself, run at every date even in the spread matrix: slots, notice
 * and past days, opening hours and closures, holds that run out, calendar files and dates in each
 * language, an experience's standing by its dates, reminders and no-show fees falling due, waiting-list
 * offers that expire, the staff's day sheet, and the booking rules end to end.
 */
export const CALENDAR_SUITES = [
  'tests/unit/availability.test.ts',
  'tests/unit/opening-hours.test.ts',
  'tests/unit/hold-release.test.tsx',
  'tests/unit/ics.test.ts',
  'tests/unit/locale-format.test.ts',
  'tests/unit/experience-standing.test.ts',
  'tests/integration/booking.pglite.test.ts',
  'tests/integration/reminders.pglite.test.ts',
  'tests/integration/noshow.pglite.test.ts',
  'tests/integration/waitlist.pglite.test.ts',
  'tests/integration/staff-sheet.pglite.test.ts',
];

/** Every Jest suite that runs under faketime (tests/unit and tests/integration, without `*.postgres.test.ts`), sorted. */
export function faketimeSuites() {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.postgres.test.ts')) out.push(rel);
    }
  };
  walk('tests/unit');
  walk('tests/integration');
  return out.sort();
}

/** The date a suite runs at in the spread matrix: a stable hash of its path, so a suite keeps its date from run to run. */
export function dateIndexOf(suite) {
  return createHash('sha256').update(suite).digest().readUInt32BE(0) % FAKETIME_DATES.length;
}

/** The suites for each date: `full` every suite at every date; otherwise each suite at its hashed date and the calendar suites at all. */
export function faketimePlan(full = false) {
  const suites = faketimeSuites();
  for (const calendar of CALENDAR_SUITES) if (!suites.includes(calendar)) throw new Error(`CALENDAR_SUITES names ${calendar}, which is not a suite`);
  return FAKETIME_DATES.map((date, index) => ({
    date,
    suites: full ? suites : suites.filter((suite) => dateIndexOf(suite) === index || CALENDAR_SUITES.includes(suite)),
  }));
}

export function faketimeInstalled() {
  return spawnSync('faketime', ['2030-01-01 00:00:00', 'true']).status === 0;
}

/** Runs Jest at one moved date on the given suites; returns { ok, report, seconds }. */
export function runJestAt(date, suites, env = process.env) {
  const out = path.join(root, '.tmp', `jest-${date.slice(0, 10)}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.rmSync(out, { force: true });
  const started = Date.now();
  const result = spawnSync(
    'faketime',
    [date, process.execPath, path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--maxWorkers=2', '--silent', '--json', `--outputFile=${out}`, '--runTestsByPath', ...suites],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, TZ: 'UTC', PGLITE_THREAD: 'off', NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim() },
    },
  );
  let report = null;
  try {
    report = JSON.parse(fs.readFileSync(out, 'utf8'));
  } catch {
    report = null;
  }
  return { ok: result.status === 0 && report !== null, report, seconds: (Date.now() - started) / 1000 };
}

// `npm run test:dates`: the full matrix (every suite at every date), or with `--spread` the one `npm test` runs.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!faketimeInstalled()) {
    console.error('faketime is not installed (apt-get install -y faketime)');
    process.exit(1);
  }
  const plan = faketimePlan(!process.argv.includes('--spread'));
  let bad = 0;
  for (const { date, suites } of plan) {
    console.log(`\n=== jest at ${date} UTC (faketime): ${suites.length} suites`);
    const { ok, report, seconds } = runJestAt(date, suites);
    const failed = report ? report.numFailedTests + report.numRuntimeErrorTestSuites : 1;
    console.log(`=== jest at ${date} UTC (faketime): ${ok ? 'ok' : `failed (${failed} tests)`} in ${seconds.toFixed(0)} s`);
    if (!ok) bad += Math.max(failed, 1);
  }
  process.exit(bad === 0 ? 0 : 1);
}
