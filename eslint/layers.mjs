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

/**
 * A transaction is a `Db` (server/db/types.ts): core functions take one and `db.transaction(async (tx) => f(tx))`
 * passes it as it is. A cast to `Db` or `Database` (or `x as unknown as typeof db`) only hides a wrong type.
 */
const dbCasts = {
  meta: { type: 'problem', docs: { description: 'no casts to Db or Database' }, schema: [], messages: { cast: 'No cast to {{name}}: a database and a transaction are both a Db (server/db/types.ts); type the parameter as Db instead.' } },
  create(context) {
    const check = (node) => {
      const type = node.typeAnnotation;
      if (type?.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && (type.typeName.name === 'Db' || type.typeName.name === 'Database')) {
        context.report({ node, messageId: 'cast', data: { name: type.typeName.name } });
      } else if (type?.type === 'TSTypeQuery' && /^(db|tx|database)$/i.test(type.exprName.name ?? '') && node.expression.type === 'TSAsExpression' && node.expression.typeAnnotation.type === 'TSUnknownKeyword') {
        context.report({ node, messageId: 'cast', data: { name: context.sourceCode.getText(type) } });
      }
    };
    return { TSAsExpression: check, TSTypeAssertion: check };
  },
};

/** server/ imports its own modules statically: `npm run depcheck` then sees every arrow and refuses a cycle. */
const staticServerImports = {
  meta: { type: 'problem', docs: { description: 'server/ modules import project code statically' }, schema: [], messages: { dynamic: "import('{{source}}') in server/: import it statically (npm run depcheck refuses the cycle, if there is one: split the shared part out)." } },
  create(context) {
    if (!/^server\//.test(relative(context))) return {};
    return {
      ImportExpression(node) {
        const source = node.source.type === 'Literal' ? node.source.value : null;
        if (typeof source === 'string' && /^(@\/|\.)/.test(source)) context.report({ node, messageId: 'dynamic', data: { source } });
      },
    };
  },
};

export const layers = { rules: { 'server-only': serverOnly, 'client-imports': clientImports, 'db-casts': dbCasts, 'static-server-imports': staticServerImports } };
