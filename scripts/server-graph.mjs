// `npm run graph`: server/ drawn in its layers, from dependency-cruiser's JSON, as a Mermaid block
// (for docs/architecture.md), with the count of arrows and of arrows running back up.
//
// The units and their ranks are the table in .dependency-cruiser.cjs (the one the rules are made
// from): an arrow runs back up when it goes to a unit of the same or a higher rank.
//
//   npm run graph                       cruise server/ now
//   npm run graph -- --from cruise.json read a saved `depcruise server --output-type json`
//   npm run graph -- --save cruise.json also save the cruise it read
//   npm run graph -- --all              draw every arrow (by default an arrow A → C is left out of
//                                       the drawing, not the counts, when A → B → C runs down too)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { UNITS, EXCEPTIONS, unitOf } = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')).layers;

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

function cruise() {
  const from = option('--from');
  const text = from
    ? readFileSync(from, 'utf8')
    : execFileSync(path.join(root, 'node_modules/.bin/depcruise'), ['server', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
        cwd: root,
        maxBuffer: 256 * 1024 * 1024,
        encoding: 'utf8',
      });
  const save = option('--save');
  if (save) writeFileSync(save, text);
  return JSON.parse(text);
}

/** Every import from one server/ module to another: [from, to]. */
function imports(result) {
  return result.modules
    .filter((m) => m.source.startsWith('server/'))
    .flatMap((m) => m.dependencies.filter((d) => d.resolved.startsWith('server/')).map((d) => [m.source, d.resolved]));
}

/** Arrows between groups (a module's group by `groupOf`), each with the imports behind it. */
function arrows(pairs, groupOf) {
  const found = new Map();
  for (const [from, to] of pairs) {
    const a = groupOf(from);
    const b = groupOf(to);
    if (a === b) continue;
    const key = `${a}\u0000${b}`;
    if (!found.has(key)) found.set(key, { from: a, to: b, imports: [] });
    found.get(key).imports.push(`${from} → ${to}`);
  }
  return [...found.values()];
}

const excepted = (imp) => EXCEPTIONS.some((e) => imp === `${e.from} → ${e.to}`);

const pairs = imports(cruise());
const unplaced = [...new Set(pairs.flat().filter((file) => !unitOf(file)))];
const unitArrows = arrows(pairs, (file) => unitOf(file) ?? '?');
const isBack = (a) => (UNITS[a.to]?.rank ?? Infinity) >= (UNITS[a.from]?.rank ?? -Infinity);
const back = unitArrows.filter((a) => isBack(a) && !a.imports.every(excepted));
const allowed = unitArrows.filter((a) => isBack(a) && a.imports.every(excepted));

// The issue's measure: folders of server/ (and the files at its root), whatever their layer.
const folderOf = (file) => {
  const parts = file.split('/');
  return parts.length === 2 ? parts[1].replace(/\.tsx?$/, '.ts') : `${parts[1]}/`;
};
const folderArrows = arrows(pairs, folderOf);
const folderKeys = new Set(folderArrows.map((a) => `${a.from} ${a.to}`));
const bothWays = folderArrows.filter((a) => a.from < a.to && folderKeys.has(`${a.to} ${a.from}`));
// A folder ranked as its folder's own unit (the one a new file in it would join).
const folderRank = (folder) => UNITS[unitOf(folder.endsWith('/') ? `server/${folder}new.ts` : `server/${folder}`)]?.rank ?? -1;
const folderBack = folderArrows.filter((a) => folderRank(a.to) >= folderRank(a.from));

/** Down arrows implied by two others (A → B → … → C), left out of the drawing unless --all. */
function implied(list) {
  const down = list.filter((a) => !isBack(a));
  const next = new Map();
  for (const a of down) next.set(a.from, [...(next.get(a.from) ?? []), a.to]);
  const reaches = (from, to, seen = new Set()) =>
    (next.get(from) ?? []).some((b) => b === to || (!seen.has(b) && (seen.add(b), reaches(b, to, seen))));
  return new Set(down.filter((a) => (next.get(a.from) ?? []).some((b) => b !== a.to && reaches(b, a.to))));
}
const hidden = args.includes('--all') ? new Set() : implied(unitArrows);

const tiers = [
  ['composition', 'composition: the doors and the process'],
  ['domain', 'domains'],
  ['kernel', 'kernel'],
];
const id = (unit) => `u_${unit}`;
const lines = ['```mermaid', 'flowchart TD'];
for (const [tier, title] of tiers) {
  lines.push(`  subgraph ${tier}["${title}"]`);
  const units = Object.entries(UNITS)
    .filter(([, u]) => u.tier === tier)
    .sort(([, a], [, b]) => b.rank - a.rank);
  for (const [name, u] of units) lines.push(`    ${id(name)}["${u.rank} ${name}<br/>${u.label}"]`);
  lines.push('  end');
}
const drawn = unitArrows.filter((a) => !hidden.has(a)).sort((a, b) => (UNITS[b.from]?.rank ?? 99) - (UNITS[a.from]?.rank ?? 99) || a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
const backLinks = [];
drawn.forEach((a, index) => {
  if (isBack(a)) {
    lines.push(`  ${id(a.from)} -.->|back| ${id(a.to)}`);
    backLinks.push(index);
  } else lines.push(`  ${id(a.from)} --> ${id(a.to)}`);
});
if (backLinks.length) lines.push(`  linkStyle ${backLinks.join(',')} stroke:#c00,stroke-width:2px`);
lines.push('```');

console.log(lines.join('\n'));
console.log();
console.log(`units: ${Object.keys(UNITS).length}; arrows between units: ${unitArrows.length}; running back up (to the same or a higher rank): ${back.length}${allowed.length ? `; allowed by an exception: ${allowed.length}` : ''}`);
if (hidden.size) console.log(`drawn: ${drawn.length} arrows (${hidden.size} implied by two others left out; --all draws them)`);
console.log(
  `folders of server/ (and files at its root): arrows ${folderArrows.length}; to a folder of the same or a higher rank (a folder ranked as its own unit): ${folderBack.length}; pairs importing each other both ways: ${bothWays.length}`,
);
for (const a of back) console.log(`  back: ${a.from} (${UNITS[a.from]?.rank}) → ${a.to} (${UNITS[a.to]?.rank}): ${a.imports.join(', ')}`);
for (const a of allowed) console.log(`  excepted: ${a.from} → ${a.to}: ${a.imports.join(', ')}`);
if (unplaced.length) console.log(`  in no unit of the table: ${unplaced.join(', ')}`);
