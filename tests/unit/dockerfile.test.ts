import fs from 'node:fs';
import path from 'node:path';

/**
 * No Docker engine runs the tests, so the Dockerfile is checked by reading it: its
 * stages, the non-root user, the volume, the health check, and that every file it copies
 * exists, is sent to the build (.dockerignore) and covers what the server reads at run time.
 */
const root = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

type Instruction = { stage: string; op: string; args: string };

function parse(text: string): { stages: string[]; instructions: Instruction[] } {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: string[] = [];
  const instructions: Instruction[] = [];
  for (const line of lines) {
    const [, op, args] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (!op) continue;
    if (op.toUpperCase() === 'FROM') stages.push(/\sAS\s+(\S+)/i.exec(args)?.[1] ?? `stage${stages.length}`);
    instructions.push({ stage: stages.at(-1) ?? '', op: op.toUpperCase(), args });
  }
  return { stages, instructions };
}

const { stages, instructions } = parse(read('Dockerfile'));
const runtime = stages.at(-1)!;
const inStage = (stage: string, op: string) => instructions.filter((i) => i.stage === stage && i.op === op);
const ignored = read('.dockerignore')
  .split(/\r?\n/)
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

/** The sources of a COPY from the build context (not `--from` another stage). */
function contextSources(): string[] {
  return instructions
    .filter((i) => i.op === 'COPY' && !/--from=/.test(i.args))
    .flatMap((i) => {
      const parts = i.args.split(/\s+/).filter((p) => !p.startsWith('--'));
      return parts.slice(0, -1);
    })
    .filter((source) => source !== '.');
}

describe('Dockerfile', () => {
  it('has a dependency stage, a build stage and a runtime stage last', () => {
    expect(stages).toEqual(expect.arrayContaining(['deps', 'build', 'prod-deps', 'runtime']));
    expect(runtime).toBe('runtime');
    // Dependencies come from the lock file with `npm install` (`npm ci` does not work with this registry).
    expect(inStage('deps', 'COPY').some((i) => i.args.includes('package-lock.json'))).toBe(true);
    expect(instructions.some((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args))).toBe(false);
    expect(inStage('prod-deps', 'RUN').some((i) => /npm install .*--omit=dev/.test(i.args))).toBe(true);
    // The build happens at image time.
    expect(inStage('build', 'RUN').some((i) => /next(\/dist\/bin\/next)? build/.test(i.args))).toBe(true);
  });

  it('every COPY --from names an earlier stage', () => {
    for (const copy of instructions.filter((i) => i.op === 'COPY' && /--from=/.test(i.args))) {
      const from = /--from=(\S+)/.exec(copy.args)![1];
      expect(stages.slice(0, stages.indexOf(copy.stage))).toContain(from);
    }
  });

  it('runs as a non-root user with DATA_DIR as a volume that user owns', () => {
    const users = inStage(runtime, 'USER').map((i) => i.args.trim());
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const env = inStage(runtime, 'ENV').map((i) => i.args).join(' ');
    const dataDir = /DATA_DIR=(\S+)/.exec(env)?.[1];
    expect(dataDir).toBeTruthy();
    expect(inStage(runtime, 'VOLUME').map((i) => i.args).join(' ')).toContain(dataDir);
    expect(inStage(runtime, 'RUN').some((i) => i.args.includes(`chown ${users.at(-1)}`) && i.args.includes(dataDir!))).toBe(true);
    // Docker sets HOSTNAME to the container id: the server must bind all interfaces instead.
    expect(env).toMatch(/HOSTNAME=0\.0\.0\.0/);
  });

  it('exposes port 3000, checks /api/health with node (no curl) and starts the site', () => {
    expect(inStage(runtime, 'EXPOSE').map((i) => i.args.trim())).toContain('3000');
    const health = inStage(runtime, 'HEALTHCHECK').map((i) => i.args).join(' ');
    expect(health).toMatch(/CMD \["node", "-e", ".*fetch\(.*\/api\/health/);
    expect(health).not.toMatch(/curl|wget/);
    expect(inStage(runtime, 'CMD').at(-1)?.args).toBe('["node", "scripts/start.mjs"]');
  });

  it('copies files that exist and that .dockerignore lets through', () => {
    const sources = contextSources();
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(fs.existsSync(path.join(root, source))).toBe(true);
      const top = source.split('/')[0];
      expect(ignored.filter((pattern) => pattern === source || pattern === top)).toEqual([]);
    }
  });

  it('copies every file the server reads from the project at run time (projectPath)', () => {
    const copied = contextSources();
    const server = ['server', 'lib', 'app'].flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)));
    const read = server
      .filter((f) => /\.tsx?$/.test(f))
      .flatMap((f) => [...fs.readFileSync(path.join(root, f), 'utf8').matchAll(/projectPath\('([^']+)'\)/g)].map((m) => m[1]));
    expect(read).toEqual(expect.arrayContaining(['server/db/migrations', 'venues/demo.json']));
    for (const file of read) expect(copied.some((source) => file === source || file.startsWith(`${source}/`))).toBe(true);
  });

  it('copies every file next.config.mjs imports from the project (it is read again at start)', () => {
    const copied = contextSources();
    const imported = [...read('next.config.mjs').matchAll(/from '\.\/([^']+)'/g)].map((m) => m[1]);
    expect(imported).toEqual(expect.arrayContaining(['lib/security/headers.cjs', 'lib/venue/fast-routes.cjs']));
    for (const file of imported) expect([file, copied.includes(file)]).toEqual([file, true]);
  });

  it('copies the page cache handler next.config.mjs names (cacheHandler, loaded at start)', () => {
    const named = /cacheHandler: path\.join\(import\.meta\.dirname, ([^)]+)\)/.exec(read('next.config.mjs'));
    const file = (named?.[1] ?? '').split(',').map((part) => part.trim().replace(/'/g, '')).join('/');
    expect(file).toBe('server/cache/page-cache-handler.cjs');
    expect(contextSources()).toContain(file);
  });
});
