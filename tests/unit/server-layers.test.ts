import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The layers of server/ (.dependency-cruiser.cjs, docs/architecture.md): a tree of a few modules is
// cruised with the project's rules, and every module of the real server/ has a unit.
const root = path.resolve(__dirname, '../..');
const configPath = path.join(root, '.dependency-cruiser.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the configuration is CommonJS
const config = require(configPath) as {
  forbidden: { name: string }[];
  layers: { UNITS: Record<string, { rank: number; tier: string }>; unitOf(file: string): string | null; regionOf(unit: string): { path: string } };
};
const { UNITS, unitOf, regionOf } = config.layers;

type Violation = { from: string; to: string; rule: { name: string } };

/** Cruises `files` (path → imports) with the project's rules; the violations, as `from → to: rule`. */
function violations(files: Record<string, string[]>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
  try {
    for (const [file, imports] of Object.entries(files)) {
      mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
      const lines = imports.map((to, i) => `import * as m${i} from '${path.relative(path.dirname(file), to).replace(/\.tsx?$/, '').replace(/^(?!\.)/, './')}';\nexport const u${i} = m${i};`);
      writeFileSync(path.join(dir, file), `${lines.join('\n')}\nexport const here = 1;\n`);
    }
    writeFileSync(
      path.join(dir, 'rules.cjs'),
      `module.exports = { forbidden: require(${JSON.stringify(configPath)}).forbidden, options: { moduleSystems: ['es6'], tsPreCompilationDeps: true } };`,
    );
    const out = execFileSync(process.execPath, [path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'), 'server', '--config', 'rules.cjs', '--output-type', 'json'], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }).toString();
    const result = JSON.parse(out) as { summary: { violations: Violation[] } };
    return result.summary.violations.map((v) => `${v.from} → ${v.to}: ${v.rule.name}`).sort();
  } catch (error) {
    // depcruise exits non-zero when it finds violations: its JSON is still on stdout.
    const out = (error as { stdout?: string }).stdout;
    if (!out) throw error;
    const result = JSON.parse(out) as { summary: { violations: Violation[] } };
    return result.summary.violations.map((v) => `${v.from} → ${v.to}: ${v.rule.name}`).sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the layers of server/', () => {
  it('refuse an arrow up, an arrow sideways between two domains of one rank, and a module in no unit', () => {
    const found = violations({
      'server/db/schema.ts': ['server/booking/holds.ts'],
      'server/booking/holds.ts': ['server/outbox/enqueue.ts'],
      'server/outbox/enqueue.ts': [],
      'server/staff/sheet.ts': ['server/promo/service.ts', 'server/booking/holds.ts'],
      'server/promo/service.ts': [],
      'server/booking/service.ts': ['server/backend/answers.ts', 'server/elsewhere/thing.ts'],
      'server/backend/answers.ts': [],
      'server/elsewhere/thing.ts': [],
    });
    expect(found).toEqual([
      'server/booking/service.ts → server/backend/answers.ts: server-layers-booking',
      'server/booking/service.ts → server/elsewhere/thing.ts: server-unplaced',
      'server/db/schema.ts → server/booking/holds.ts: server-layers-db',
      'server/staff/sheet.ts → server/promo/service.ts: server-layers-staff',
    ]);
  });

  it('let a unit use a lower one, a door its domain, and booking and experiences each other', () => {
    const found = violations({
      'server/booking/calls.ts': ['server/backend/answers.ts', 'server/booking/service.ts'],
      'server/backend/answers.ts': [],
      'server/booking/service.ts': ['server/experiences/service.ts', 'server/runtime/config.ts', 'server/payments/deposit.ts'],
      'server/experiences/service.ts': ['server/booking/rules.ts', 'server/consent/records.ts'],
      'server/booking/rules.ts': [],
      'server/consent/records.ts': ['server/db/schema.ts'],
      'server/db/schema.ts': ['server/booking/rules.ts', 'server/clock.ts'],
      'server/clock.ts': [],
      'server/payments/deposit.ts': ['server/payments/provider.ts'],
      'server/payments/provider.ts': [],
      'server/runtime/config.ts': [],
      'server/runtime/housekeeping.ts': ['server/booking/service.ts', 'server/backend/answers.ts'],
    });
    expect(found).toEqual([]);
  });

  it('place every module of server/ in a unit of the table', () => {
    const walk = (dir: string): string[] =>
      readdirSync(path.join(root, dir)).flatMap((name) => {
        const file = `${dir}/${name}`;
        if (statSync(path.join(root, file)).isDirectory()) return name === 'migrations' ? [] : walk(file);
        return /\.tsx?$/.test(name) ? [file] : [];
      });
    const files = walk('server');
    const unplaced = files.filter((file) => !unitOf(file) || !UNITS[unitOf(file) as string]);
    expect(unplaced).toEqual([]);
    // The rules' pattern of each unit (regionOf) holds exactly the modules unitOf places in it.
    const units = Object.keys(UNITS);
    const misplaced = files.flatMap((file) =>
      units.filter((unit) => new RegExp(regionOf(unit).path).test(file) !== (unitOf(file) === unit)).map((unit) => `${file} ${unit}`),
    );
    expect(misplaced).toEqual([]);
    expect(unitOf('server/booking/calls.ts')).toBe('calls');
    expect(unitOf('server/booking/service.ts')).toBe('booking');
    expect(unitOf('server/payments/provider.ts')).toBe('payments');
    expect(unitOf('server/payments/noshow.ts')).toBe('fees');
    expect(unitOf('server/runtime/housekeeping.ts')).toBe('runtime');
    expect(unitOf('server/runtime/config.ts')).toBe('config');
  });
});
