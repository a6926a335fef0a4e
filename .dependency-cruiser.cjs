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
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
