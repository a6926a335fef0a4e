import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * How each route file's state-changing handlers are made, read from the source (issue 41, point
 * 3): the Jest check that every one goes through the request gate (tests/unit/route-gate.test.ts)
 * and the browser's cross-site walk (tests/e2e/cross-site.spec.ts) both start from this list.
 */

export const ROOT = path.resolve(__dirname, '../..');
export const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

const parse = (file: string) => ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

function resolveModule(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null;
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate)) ?? null;
}

export type Made = { kind: 'guarded'; options: string } | { kind: 'plain'; how: string };

/** How the name `name` of `file` is made: a call of `guarded(options, ...)`, or anything else. */
export function howMade(file: string, name: string, seen = new Set<string>()): Made {
  const key = `${file}#${name}`;
  if (seen.has(key)) return { kind: 'plain', how: 'a cycle' };
  seen.add(key);
  const source = parse(file);
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return { kind: 'plain', how: 'a function declaration' };
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name) continue;
        const init = declaration.initializer;
        if (init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'guarded') {
          return { kind: 'guarded', options: init.arguments[0]?.getText(source) ?? '' };
        }
        if (init && ts.isIdentifier(init)) return howMade(file, init.text, seen);
        return { kind: 'plain', how: init ? init.getText(source).slice(0, 60) : 'no value' };
      }
    }
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) {
        if (element.name.text !== name) continue;
        const original = element.propertyName?.text ?? element.name.text;
        if (!statement.moduleSpecifier) return howMade(file, original, seen);
        const target = resolveModule(file, (statement.moduleSpecifier as ts.StringLiteral).text);
        return target ? howMade(target, original, seen) : { kind: 'plain', how: 'an unresolved re-export' };
      }
    }
    if (ts.isImportDeclaration(statement) && statement.importClause?.namedBindings && ts.isNamedImports(statement.importClause.namedBindings)) {
      for (const element of statement.importClause.namedBindings.elements) {
        if (element.name.text !== name) continue;
        const target = resolveModule(file, (statement.moduleSpecifier as ts.StringLiteral).text);
        return target ? howMade(target, element.propertyName?.text ?? name, seen) : { kind: 'plain', how: 'an unresolved import' };
      }
    }
  }
  return { kind: 'plain', how: 'not found' };
}

/** Every exported state-changing method of every route file: `app/.../route.ts METHOD` → how it is made. */
export function stateChangingHandlers(): Map<string, Made> {
  const found = new Map<string, Made>();
  for (const file of routeFiles(path.join(ROOT, 'app'))) {
    const source = parse(file);
    const names = new Set<string>();
    for (const statement of source.statements) {
      if ((ts.isFunctionDeclaration(statement) || ts.isVariableStatement(statement)) && exported(statement)) {
        if (ts.isFunctionDeclaration(statement) && statement.name) names.add(statement.name.text);
        if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
      }
      if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) for (const e of statement.exportClause.elements) names.add(e.name.text);
      if (ts.isExportDeclaration(statement) && !statement.exportClause) names.add('*');
    }
    const relative = path.relative(ROOT, file).split(path.sep).join('/');
    if (names.has('*')) found.set(`${relative} *`, { kind: 'plain', how: 'export * hides which methods it exports' });
    for (const method of STATE_CHANGING) if (names.has(method)) found.set(`${relative} ${method}`, howMade(file, method));
  }
  return found;
}


/** The `/api` paths a browser page may post to: gated POSTs that keep the same-origin check (a dynamic segment reads `x`). */
export function sameOriginPosts(): string[] {
  return [...stateChangingHandlers()]
    .filter(([key, made]) => key.startsWith('app/api/') && key.endsWith(' POST') && made.kind === 'guarded' && !/sameOrigin:\s*false/.test(made.options))
    .map(([key]) => key.slice('app/api/'.length, -'/route.ts POST'.length).replace(/\[[^\]]+\]/g, 'x'))
    .sort();
}
