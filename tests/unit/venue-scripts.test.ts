import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The venue scripts as an owner runs them (issue 45): a check that only reads creates no
 * database, a missing file is said as such, `--strict` refuses an unknown field, and a
 * script that cannot reach the running site says what to set.
 */
const root = path.join(__dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

/** Runs a script as `npm run` would, from `cwd` (default: the project), without the database settings of this shell. */
function run(script: string, args: string[], env: Record<string, string | undefined>, cwd = root) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATA_DIR', 'DATABASE_URL', 'PORT', 'SITE_INTERNAL_URL'].includes(k)));
  const result = spawnSync(tsx, ['--tsconfig', path.join(root, 'tsconfig.json'), '--conditions=react-server', path.join(root, `scripts/${script}.ts`), ...args], {
    cwd,
    env: { ...clean, ...env } as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe('venue scripts', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-scripts-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('venue:check creates no database when there is none, names a missing file, and --strict refuses an unknown field', () => {
    // Without DATA_DIR, from a project folder of its own: its ./data stays uncreated.
    const dataDir = path.join(dir, 'data');
    const missing = path.join(dir, 'nope.json');
    const checked = run('venue-check', [path.join(root, 'tests/fixtures/venue-sole.json'), missing], {}, dir);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(checked.out).toContain('No database yet');
    expect(checked.out).toContain('warning: booking.maxPartySize: unknown field, ignored; did you mean booking.partySize.max?');
    expect(checked.out).toContain('"sole" would import');
    expect(checked.out).toContain(`error: file not found: ${missing}`);
    expect(checked.status).toBe(1);

    const strict = run('venue-check', ['--strict', path.join(root, 'tests/fixtures/venue-sole.json')], { DATA_DIR: dataDir });
    expect(strict.out).toContain('error: booking.maxPartySize: unknown field; did you mean booking.partySize.max?');
    expect(strict.out).toContain('it would not import');
    expect(strict.status).toBe(1);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('venue:token says what to set when the database is held by a site it cannot reach, and when there is no database', () => {
    const dataDir = path.join(dir, 'data');
    const none = run('venue-token', ['localhost'], { DATA_DIR: dataDir });
    expect(none.out).toContain(`No database in ${dataDir}: set DATA_DIR to the data folder of the site`);
    expect(fs.existsSync(dataDir)).toBe(false);

    // A site holds the embedded database (this test process stands for it), on a port nobody listens on.
    fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), JSON.stringify({ pid: process.pid, since: new Date(0).toISOString() }));
    const held = run('venue-token', ['localhost'], { DATA_DIR: dataDir, PORT: '4987' });
    expect(held.out).toContain(`The database in ${dataDir} is held by a running site, but no site answers at http://127.0.0.1:4987`);
    expect(held.out).toContain('Set PORT to the port that site listens on');
    expect(held.status).toBe(1);
  });
});
