// The layer rules dependency-cruiser cannot see (it reads imports, not directives); the arrows
// themselves are in .dependency-cruiser.cjs. docs/architecture.md explains both.

/** Server modules that tools outside Next.js load as plain Node: drizzle-kit reads the schema, its tables and the clock they stamp with. */
const PLAIN_NODE = /^server\/(db\/schema\.ts|db\/tables\/[\w-]+\.ts|clock\.ts)$/;

const relative = (context) => context.filename.slice(context.cwd.length + 1).split('\\').join('/');
const isDirective = (node, value) => node.type === 'ExpressionStatement' && node.directive === value;

/** Every server/ module imports 'server-only', so a client component that reaches one fails the build. */
const serverOnly = {
  meta: { type: 'problem', docs: { description: "server/ modules start with import 'server-only'" }, schema: [], messages: { missing: "A server/ module imports 'server-only' (docs/architecture.md)." } },
  create(context) {
    const file = relative(context);
    if (!/^server\/.*\.tsx?$/.test(file) || PLAIN_NODE.test(file)) return {};
    return {
      Program(program) {
        const has = program.body.some((n) => n.type === 'ImportDeclaration' && n.source.value === 'server-only');
        if (!has) context.report({ node: program, messageId: 'missing' });
      },
    };
  },
};

/** A client component ('use client') never imports server code, nor the server-only screens of app/_screens. */
const clientImports = {
  meta: { type: 'problem', docs: { description: 'client components import no server code' }, schema: [], messages: { server: "A client component ('use client') cannot import {{source}}: pass the data in as props (docs/architecture.md)." } },
  create(context) {
    let client = false;
    const check = (node) => {
      const source = node.source?.value;
      if (client && typeof source === 'string' && /^(@\/(server|app\/_screens)\/|server-only$|next\/headers$)/.test(source)) context.report({ node, messageId: 'server', data: { source } });
    };
    return {
      Program(program) {
        client = program.body.some((n) => isDirective(n, 'use client'));
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const layers = { rules: { 'server-only': serverOnly, 'client-imports': clientImports } };
