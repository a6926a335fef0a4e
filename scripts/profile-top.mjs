// `node scripts/profile-top.mjs <file.cpuprofile> [top=25] [focus regexp]` (issue 43): what a CPU
// profile of the server (`BENCH_CPU_PROF=dir npm run bench`, scripts/bench.mjs) spent its time on.
// Prints the sampled time (idle, garbage collection, the program), then the functions by self time
// and by total time (each counted once per sample however deep it recurs), then self time by
// module: a package of node_modules, a file of the project (bundled chunks mapped back through
// their source maps when the build wrote them; PROFILE_BUILD_DIR names a copy of that build when
// .next was rebuilt since), or Node's own code. With a focus expression, the
// totals count only samples whose stack holds a function or file matching it (one booking's path);
// PROFILE_WINDOW=<regexp> keeps only the samples taken while one target ran (see below).
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [file, topArg, focusArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/profile-top.mjs <file.cpuprofile> [top] [focus regexp]');
  process.exit(2);
}
const top = Number(topArg) || 25;
const focus = focusArg ? new RegExp(focusArg) : null;
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));

const maps = new Map();
/** The source map of a bundled chunk, when the build wrote one beside it. */
function mapOf(url) {
  if (maps.has(url)) return maps.get(url);
  let map = null;
  try {
    // PROFILE_BUILD_DIR: the build's copy elsewhere (the profile names .next, rebuilt since).
    let filePath = url.startsWith('file:') ? fileURLToPath(url) : url;
    const inBuild = filePath.indexOf(`${path.sep}.next${path.sep}`);
    if (inBuild < 0) return maps.set(url, null), null;
    if (process.env.PROFILE_BUILD_DIR) filePath = path.join(path.resolve(process.env.PROFILE_BUILD_DIR), filePath.slice(inBuild + 7));
    if (fs.existsSync(`${filePath}.map`)) map = new SourceMap(JSON.parse(fs.readFileSync(`${filePath}.map`, 'utf8')));
  } catch {
    map = null;
  }
  maps.set(url, map);
  return map;
}

/** Where a frame's code comes from: a package, a project file, or Node. */
function moduleOf(source) {
  if (!source) return '(native or V8)';
  source = source.replace(/^(\.\.\/)+/, '').replace(/^turbopack:\/\/\/\[turbopack\]/, 'turbopack runtime');
  // drizzle-orm's own source maps name its files `src/…` (bundled: node_modules/src/…).
  if (source.startsWith('node_modules/src/')) return 'drizzle-orm';
  if (source.startsWith('node:')) return 'node:' + source.slice(5).split('/')[0];
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = source.slice(nm + 'node_modules/'.length).split('/');
    const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    // Next's own copies of packages (next/dist/compiled/<pkg>) are named by the package.
    const compiled = rest.indexOf('compiled');
    if (pkg === 'next' && compiled > 0) return `next (compiled ${rest[compiled + 1]?.startsWith('@') ? `${rest[compiled + 1]}/${rest[compiled + 2]}` : rest[compiled + 1]})`;
    return pkg;
  }
  const project = source.replace(/^.*?\[project\]\//, '').replace(/^file:\/\/\/?/, '');
  const parts = project.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : project;
}

const frames = new Map();
/** A node's function: its name and where it is, mapped through the chunk's source map when there is one. */
function frameOf(node) {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const key = `${functionName}|${url}|${lineNumber}|${columnNumber}`;
  let frame = frames.get(key);
  if (frame) return frame;
  let source = url;
  let line = lineNumber + 1;
  let name = functionName;
  const map = url ? mapOf(url) : null;
  if (map) {
    const entry = map.findEntry(lineNumber, columnNumber);
    if (entry?.originalSource) {
      source = entry.originalSource;
      line = entry.originalLine + 1;
      name = entry.name && functionName.length <= 2 ? entry.name : functionName;
    }
  }
  const shortSource = (source || '').replace(/^(\.\.\/)+/, '').replace(/^.*?\[project\]\//, '').replace(/^.*node_modules\//, 'node_modules/').replace(/^file:\/\/.*?\/(\.next|server|lib|app)\//, '$1/');
  frame = { id: `${name || '(anonymous)'} ${shortSource ? `${shortSource}:${line}` : ''}`.trim(), module: moduleOf(source), special: !url && ['(idle)', '(garbage collector)', '(program)', '(root)'].includes(functionName) ? functionName : null };
  frames.set(key, frame);
  return frame;
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const self = new Map();
const total = new Map();
const modules = new Map();
const special = new Map();
let sampled = 0;
let focused = 0;
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
const stackOf = (leaf) => {
  const stack = [];
  for (let id = leaf.id; id !== undefined; id = parent.get(id)) stack.push(frameOf(byId.get(id)));
  return stack;
};
// PROFILE_WINDOW=<regexp>: only the samples taken between the first and the last whose stack matches it
// (e.g. one target of `npm run bench`: the process's whole work while it ran, its HTTP machinery included).
const windowOf = process.env.PROFILE_WINDOW ? new RegExp(process.env.PROFILE_WINDOW) : null;
let [from, to] = [0, profile.samples.length - 1];
if (windowOf) {
  const matching = profile.samples.map((id, i) => (stackOf(byId.get(id)).some((f) => windowOf.test(f.id)) ? i : -1)).filter((i) => i >= 0);
  [from, to] = [matching[0] ?? 0, matching.at(-1) ?? -1];
}
for (let i = from; i <= to; i++) {
  const us = profile.timeDeltas[i + 1] ?? 0;
  sampled += us;
  const leaf = byId.get(profile.samples[i]);
  const frame = frameOf(leaf);
  if (frame.special) {
    add(special, frame.special, us);
    continue;
  }
  const stack = stackOf(leaf);
  if (focus && !stack.some((f) => focus.test(f.id))) continue;
  focused += us;
  add(self, frame.id, us);
  add(modules, frame.module, us);
  for (const id of new Set(stack.map((f) => f.id))) add(total, id, us);
}

const ms = (us) => (us / 1000).toFixed(0).padStart(8);
const pct = (us, of) => `${((100 * us) / of).toFixed(1).padStart(5)} %`;
console.log(`sampled ${ms(sampled).trim()} ms: ${[...special].map(([k, v]) => `${k} ${pct(v, sampled).trim()}`).join(', ')}`);
console.log(focus ? `samples whose stack matches ${focus}: ${ms(focused).trim()} ms (${pct(focused, sampled).trim()} of all)` : `the program's code: ${ms(focused).trim()} ms`);
const print = (title, map) => {
  console.log(`\n${title}${' '.repeat(Math.max(1, 100 - title.length))}      ms   share`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${key.slice(0, 100).padEnd(100)} ${ms(us)} ${pct(us, focused)}`);
};
print('self time by function', self);
print('total time by function', total);
print('self time by module', modules);
// The project's own functions (server/, lib/, app/, proxy.ts) by total time: where a call's time goes, step by step.
print('total time by function of the project', new Map([...total].filter(([id]) => / (server|lib|app|i18n)\/[^ ]*:\d+$|proxy\.ts:\d+$/.test(id))));
