// The layers' arrows (docs/architecture.md), checked by `npm run depcheck` (part of `npm test`).
//
//   app ──> components ──> lib
//    │                      ^
//    └──> server ───────────┘
//
// `app` may use `server` from route handlers and server components (a client component importing
// `server/` is caught by the `server-only` import every server module carries, and by the lint rule
// in eslint.config.mjs); `components` and `lib` never import `server`; `server` never imports
// `components` or `app`; nothing imports a test or a script; no import cycles, type-only included.

// server/ in layers (docs/architecture.md, "server/ in three tiers"): a shared kernel below the
// domains, the composition (the contract's doors, the backend, the site's handlers, the venue's
// import and admin, the running process) above them. Every unit has a rank; an import goes to a
// unit of LOWER rank or stays in its own unit: never up, never sideways between two units of
// one rank. `npm run graph` (scripts/server-graph.mjs) draws the same table.
//
// A folder is a unit by default; a file that belongs to another layer is placed by name
// (first match wins, so the files come before their folders). A new folder under server/ must
// be placed here (`server-unplaced` refuses an import of a module that is in no unit).
const UNITS = {
  // kernel: what every domain may use
  clock: { tier: 'kernel', rank: 0, label: 'clock.ts', holds: 'the one source of "now"' },
  ids: { tier: 'kernel', rank: 0, label: 'ids.ts', holds: 'public ids' },
  config: { tier: 'kernel', rank: 1, label: 'runtime/config, providers, secret-file', holds: 'the process configuration and its secret files' },
  telemetry: { tier: 'kernel', rank: 1, label: 'observability/ (tracing, metrics, routes)', holds: "the process's metrics registry and tracer" },
  venueFile: { tier: 'kernel', rank: 2, label: 'venues/schema, booking/rules, limits/config', holds: "the venue file's shape, stored as typed JSON by the venues table" },
  secrets: { tier: 'kernel', rank: 2, label: 'backend/token, signatures', holds: 'the backend token, its derived keys, signed links' },
  db: { tier: 'kernel', rank: 3, label: 'db/', holds: 'schema, client, Db, locks, batches' },
  venues: { tier: 'kernel', rank: 4, label: 'venues/ (queries, notify, format)', holds: "the venue's rows, its change notices" },
  address: { tier: 'kernel', rank: 4, label: 'http/client-address', holds: "the client's address, as limits count it" },
  observe: { tier: 'kernel', rank: 5, label: 'observability/observe', holds: 'what the domains count and trace: bookings, sends, provider calls' },
  limits: { tier: 'kernel', rank: 5, label: 'limits/', holds: 'abuse limits, rate limits' },
  embed: { tier: 'kernel', rank: 5, label: 'embed/', holds: "the embed widget's origins" },
  http: { tier: 'kernel', rank: 6, label: 'http/', holds: 'JSON answers, the request gate, CSP reports, link forms' },
  outbox: { tier: 'kernel', rank: 6, label: 'outbox/', holds: 'e-mail and SMS: templates, outbox, transports' },
  payments: { tier: 'kernel', rank: 7, label: 'payments/ (providers, checkout, retry, flag)', holds: 'payment providers (Stripe, the local stand-in), checkout sessions, retries' },
  wallet: { tier: 'kernel', rank: 7, label: 'wallet/ (passes, changes, delivery)', holds: "wallet passes: signing, Google's JWT, changes the domains record, pushes" },
  // domains: each may use the kernel and the domains of lower rank
  consent: { tier: 'domain', rank: 8, label: 'consent/', holds: "consent records, a guest's data" },
  channels: { tier: 'domain', rank: 8, label: 'channels/', holds: "the channel API's keys, quotas and signed webhooks (issue 46)" },
  fees: { tier: 'domain', rank: 8, label: 'payments/ (deposit, noshow, fee-*, index)', holds: 'card guarantees, deposits, no-show fees and their pages' },
  booking: { tier: 'domain', rank: 9, label: 'booking/ + experiences/', holds: 'one booking lifecycle: tables and experiences' },
  fidelity: { tier: 'domain', rank: 9, label: 'fidelity/', holds: 'the loyalty programme' },
  guests: { tier: 'domain', rank: 9, label: 'guests/', holds: "guest profiles: staff's notes and tags, the history counted from the bookings (issue 44)" },
  giftcards: { tier: 'domain', rank: 10, label: 'giftcards/', holds: 'gift cards' },
  promo: { tier: 'domain', rank: 10, label: 'promo/', holds: 'promotions and promo codes' },
  staff: { tier: 'domain', rank: 10, label: 'staff/', holds: "the venue's side: sign-in, sheet, answers" },
  location: { tier: 'domain', rank: 10, label: 'venues/location', holds: "the venue as its pages read it (location/getlocation's core): its booking rules, opening hours, services" },
  // composition: the doors and the process, above every domain
  contract: { tier: 'composition', rank: 11, label: 'backend/call, answers, idempotency', holds: "the contract's envelope, answers, idempotency keys" },
  calls: { tier: 'composition', rank: 12, label: '*/calls*.ts', holds: "each domain's contract calls (the inbound adapter)" },
  backend: { tier: 'composition', rank: 13, label: 'backend/', holds: 'the dispatcher, the built-in and HTTP backends, the contract door' },
  agents: { tier: 'composition', rank: 14, label: 'agents/', holds: 'the doors for assistants (MCP) and channels (the channel API): the backend, called as the site calls it' },
  site: { tier: 'composition', rank: 14, label: '*/http.ts, */data.ts, og/', holds: '/api handlers and page reads through the Backend, share images, sitemap' },
  admin: { tier: 'composition', rank: 15, label: 'venues/import, check, seed, admin; */admin.ts', holds: "the venue's import and the admin API" },
  runtime: { tier: 'composition', rank: 16, label: 'runtime/', holds: 'start, shutdown, health, housekeeping' },
};
const PLACES = [
  // files placed apart from their folder
  ['^server/runtime/(config|providers|secret-file)\\.ts$', 'config'],
  ['^server/observability/(tracing|metrics|routes)\\.ts$', 'telemetry'],
  ['^server/observability/observe\\.ts$', 'observe'],
  ['^server/observability/', 'runtime'],
  ['^server/venues/schema\\.ts$', 'venueFile'],
  ['^server/venues/location\\.ts$', 'location'],
  ['^server/booking/rules\\.ts$', 'venueFile'],
  ['^server/limits/config\\.ts$', 'venueFile'],
  ['^server/backend/(token|signatures)\\.ts$', 'secrets'],
  ['^server/http/client-address\\.ts$', 'address'],
  ['^server/backend/(call|answers|idempotency)\\.ts$', 'contract'],
  ['^server/[^/]+/calls[^/]*\\.ts$', 'calls'],
  ['^server/(?!backend/)[^/]+/http\\.ts$', 'site'],
  ['^server/[^/]+/[a-z-]+-http\\.ts$', 'site'],
  ['^server/[^/]+/data\\.ts$', 'site'],
  ['^server/booking/lookups\\.ts$', 'site'],
  ['^server/experiences/(og-image|sitemap)\\.tsx?$', 'site'],
  ['^server/promo/og\\.tsx$', 'site'],
  ['^server/venues/(import|check|seed|admin|fronts|revalidate)\\.ts$', 'admin'],
  ['^server/[^/]+/admin\\.ts$', 'admin'],
  ['^server/payments/(deposit|noshow|fee-[^/]+|index)\\.ts$', 'fees'],
  // folders and the files at server/'s root
  ['^server/clock\\.ts$', 'clock'],
  ['^server/ids\\.ts$', 'ids'],
  ['^server/db/', 'db'],
  ['^server/venues/', 'venues'],
  ['^server/limits/', 'limits'],
  ['^server/embed/', 'embed'],
  ['^server/http/', 'http'],
  ['^server/outbox/', 'outbox'],
  ['^server/payments/', 'payments'],
  ['^server/wallet/', 'wallet'],
  ['^server/consent/', 'consent'],
  ['^server/channels/', 'channels'],
  ['^server/booking/', 'booking'],
  ['^server/experiences/', 'booking'],
  ['^server/fidelity/', 'fidelity'],
  ['^server/guests/', 'guests'],
  ['^server/giftcards/', 'giftcards'],
  ['^server/promo/', 'promo'],
  ['^server/staff/passkeys\\.ts$', 'staff'],
  ['^server/staff/', 'staff'],
  ['^server/backend/', 'backend'],
  ['^server/og/', 'site'],
  ['^server/agents/', 'agents'],
  ['^server/runtime/', 'runtime'],
];
/** Arrows allowed against the ranks, each with its reason (none today). */
const EXCEPTIONS = [];

/** The unit a module belongs to (first match of PLACES), or null. */
function unitOf(path) {
  const place = PLACES.find(([pattern]) => new RegExp(pattern).test(path));
  return place ? place[1] : null;
}

/** A pattern's literal start (`^server/db/` → `server/db/`), to tell which places can overlap. */
const literalStart = (pattern) => /^\^([^()[\]{}?*+|\\.]*)/.exec(pattern)[1];
const mayOverlap = (a, b) => literalStart(a).startsWith(literalStart(b)) || literalStart(b).startsWith(literalStart(a));

/**
 * The modules of one unit as one pattern, for a rule: each of its places without what an earlier
 * place that may overlap it took (a look-ahead at the start of the path).
 */
function regionOf(unit) {
  const alternatives = PLACES.flatMap(([pattern, owner], index) => {
    if (owner !== unit) return [];
    const earlier = PLACES.slice(0, index)
      .filter(([p, o]) => o !== unit && mayOverlap(p, pattern))
      .map(([p]) => `(?:${p})`);
    return [earlier.length ? `^(?!${earlier.join('|')})(?:${pattern})` : pattern];
  });
  return { path: alternatives.join('|') };
}

/**
 * One rule per unit: it may import its own modules and those of a lower rank, never a unit of its
 * own rank or above (one rule per unit, not per pair: 26 rules cost depcheck a few hundred ms).
 */
function layerRules() {
  const rules = [];
  for (const [from, a] of Object.entries(UNITS)) {
    const above = Object.keys(UNITS).filter((to) => to !== from && UNITS[to].rank >= a.rank);
    if (above.length === 0) continue;
    const below = Object.keys(UNITS).filter((to) => UNITS[to].rank < a.rank);
    const rule = {
      name: `server-layers-${from}`,
      severity: 'error',
      comment:
        `${from} (${a.tier}, rank ${a.rank}) imports its own modules and the units below it (${below.join(', ') || 'none'}), ` +
        `never ${above.join(', ')}: an arrow runs down only, and two units of one rank never import each other. ` +
        'Move what both need down (into the kernel or the lower domain), or what composes them up (docs/architecture.md, .dependency-cruiser.cjs UNITS).',
      from: regionOf(from),
      // The shorter of the two: the units above, or server/ but this one and those below.
      to: above.length <= below.length + 1 ? { path: above.map((to) => regionOf(to).path).join('|') } : { path: '^server/', pathNot: [from, ...below].map((to) => regionOf(to).path).join('|') },
    };
    const excepted = EXCEPTIONS.filter((e) => unitOf(e.from) === from);
    rules.push(excepted.length ? { ...rule, from: { ...rule.from, pathNot: excepted.map((e) => `^${e.from}$`) } } : rule);
    // An excepted file's other imports up are still refused.
    for (const e of excepted) rules.push({ ...rule, name: `${rule.name}-beside-exception`, from: { path: `^${e.from}$` }, to: { ...rule.to, pathNot: [rule.to.pathNot, `^${e.to}$`].filter(Boolean).join('|') } });
  }
  return rules;
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules(),
    {
      name: 'server-unplaced',
      severity: 'error',
      comment: 'A server/ module in no unit of the layer table (PLACES above): place its folder or file.',
      from: { path: '^server/' },
      to: { path: '^server/', pathNot: PLACES.map(([pattern]) => pattern) },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle (type-only imports included): split the shared part into its own module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-not-to-server',
      severity: 'error',
      comment: 'lib/ is shared by the browser and the server: it never imports server/ (inject what it needs).',
      from: { path: '^lib/' },
      to: { path: '^(server|app|components)/' },
    },
    {
      name: 'components-not-to-server',
      severity: 'error',
      comment: 'components/ render what app/ hands them: they never import server/ (nor app/).',
      from: { path: '^components/' },
      to: { path: '^(server|app)/' },
    },
    {
      name: 'server-not-to-ui',
      severity: 'error',
      comment: 'server/ never imports components/ or app/: what both need lives in lib/.',
      from: { path: '^server/' },
      to: { path: '^(components|app)/' },
    },
    {
      name: 'no-tests-or-scripts',
      severity: 'error',
      comment: 'Product code never imports tests/ or scripts/.',
      from: { path: '^(app|components|lib|server|i18n)/|^(proxy|instrumentation)\\.ts$' },
      to: { path: '^(tests|scripts|bench)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next|bench/bare-app)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.d.cts', '.js', '.mjs', '.cjs', '.json'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};

// The table itself, for scripts/server-graph.mjs; not enumerable, as dependency-cruiser accepts
// no other key in its configuration.
Object.defineProperty(module.exports, 'layers', { value: { UNITS, PLACES, EXCEPTIONS, unitOf, regionOf }, enumerable: false });
