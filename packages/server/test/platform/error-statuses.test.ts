import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../helpers';

/**
 * Issue 27: each operation of the OpenAPI document lists the error statuses it can answer, not every
 * status. The statuses every route of a kind gets are added by the document's transform (400; 401
 * when signed-in; 413/415 with a body; 414 with a path parameter; 503). A route's own ones (403, 404,
 * 409, 423, 429, and 401 on a public call) are declared with `errorsOf(…)`; this test reads the code
 * and keeps them exact: for every route it follows the guard and the handler through every function
 * they call (the TypeScript compiler's symbols, across files) to the `forbidden()`, `notFound()`,
 * `conflict()`, `locked()`, `tooManyRequests()`, `unauthorized()` and `reply.status(4xx)` they can
 * reach, and compares that set with the document. A throw added deep in a service without its
 * status in the route's list fails here; so does a listed status no code can answer.
 * (`openapi-fuzz.test.ts` checks the other way round at run time: no answer with an undocumented status.)
 */

const root = path.resolve(__dirname, '../..');
const helpers: Record<string, number> = {
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooManyRequests: 429,
  locked: 423,
  unauthorized: 401,
};
const own = new Set([401, 403, 404, 406, 409, 423, 429]);

/** Routes the reading cannot name (registered in a loop): their lists were checked by hand. */
const byHand: Record<string, number[]> = {
  // units.routes.ts registers the three unit actions from one list; each goes through
  // editableContext (403 location/role, 404 unit) and a check-and-set (409).
  'POST /api/markOccupied': [403, 404, 409],
  'POST /api/markEmpty': [403, 404, 409],
  'POST /api/markOccupiedEmpty': [403, 404, 409],
};

/** Statuses each route of the server's source can answer on purpose, read from the code. */
function readStatuses(): Map<string, Set<number>> {
  const parsed = ts.parseJsonConfigFileContent(
    ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile).config,
    ts.sys,
    root,
  );
  // Only the server's own files matter: every library (and the contract) reads as empty, which keeps
  // the reading to a few seconds instead of type-checking zod and Fastify.
  const host = ts.createCompilerHost(parsed.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, lang, ...rest) =>
    file.startsWith(path.join(root, 'src')) ? getSourceFile(file, lang, ...rest) : ts.createSourceFile(file, '', lang);
  const program = ts.createProgram(
    parsed.fileNames.filter((f) => f.startsWith(path.join(root, 'src'))),
    { ...parsed.options, noLib: true, types: [] },
    host,
  );
  const checker = program.getTypeChecker();
  const memo = new Map<ts.Node, Set<number>>();

  const declarationsOf = (expr: ts.Expression): ts.Node[] => {
    let sym = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(expr) ? expr.name : expr);
    if (!sym) return [];
    if (sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
    return (sym.declarations ?? [])
      .flatMap((d): ts.Node[] => {
        if (ts.isVariableDeclaration(d) && d.initializer) return [d.initializer];
        if (ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d)) return [d];
        if (ts.isPropertyAssignment(d)) return [d.initializer];
        return [];
      })
      .filter((d) => !d.getSourceFile().fileName.includes('node_modules'));
  };

  const statusesOf = (node: ts.Node, stack = new Set<ts.Node>()): Set<number> => {
    const known = memo.get(node);
    if (known) return known;
    if (stack.has(node)) return new Set();
    stack.add(node);
    const out = new Set<number>();
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
        const e = n.expression;
        const name = ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : '';
        const first = n.arguments?.[0];
        const literal = first && ts.isNumericLiteral(first) ? Number(first.text) : undefined;
        if (ts.isNewExpression(n) && name === 'HttpError' && literal) out.add(literal);
        else if (
          helpers[name] &&
          declarationsOf(e).some((d) => d.getSourceFile().fileName.endsWith('platform/errors.ts'))
        )
          out.add(helpers[name]);
        else if ((name === 'status' || name === 'code') && literal) out.add(literal);
        else for (const d of declarationsOf(e)) for (const s of statusesOf(d, stack)) out.add(s);
      }
      // A function handed over as a value (a guard, a callback, `...adminsOnly`).
      const parent = n.parent;
      if (
        ts.isIdentifier(n) &&
        parent &&
        (ts.isCallExpression(parent) ||
          ts.isPropertyAssignment(parent) ||
          ts.isShorthandPropertyAssignment(parent) ||
          ts.isSpreadAssignment(parent)) &&
        !(ts.isCallExpression(parent) && parent.expression === n)
      ) {
        for (const d of declarationsOf(n))
          if (
            ts.isArrowFunction(d) ||
            ts.isFunctionExpression(d) ||
            ts.isFunctionDeclaration(d) ||
            ts.isObjectLiteralExpression(d)
          )
            for (const s of statusesOf(d, stack)) out.add(s);
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
    stack.delete(node);
    memo.set(node, out);
    return out;
  };

  const routes = new Map<string, Set<number>>();
  for (const sf of program.getSourceFiles()) {
    if (!sf.fileName.startsWith(path.join(root, 'src')) || sf.isDeclarationFile) continue;
    const visit = (n: ts.Node) => {
      const [url, ...rest] = ts.isCallExpression(n) ? n.arguments : [];
      if (
        ts.isCallExpression(n) &&
        ts.isPropertyAccessExpression(n.expression) &&
        /^(get|post|put|delete|patch)$/.test(n.expression.name.text) &&
        url &&
        ts.isStringLiteral(url) &&
        url.text.startsWith('/') &&
        rest.length
      ) {
        const found = new Set<number>();
        for (const a of rest) for (const s of statusesOf(a)) found.add(s);
        const openApiPath = `/api${url.text.replace(/:(\w+)/g, '{$1}')}`;
        routes.set(`${n.expression.name.text.toUpperCase()} ${openApiPath}`, found);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return routes;
}

interface Operation {
  responses: Record<string, unknown>;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, unknown> };
}

describe('the error statuses each operation documents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('are the ones its code can answer', async () => {
    const started = Date.now();
    const read = readStatuses();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const areaRoutes = new Set(
      t.app.routeAccess
        .filter((r) => r.access !== 'public' && r.access !== 'signedIn')
        .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`),
    );
    const wrong: string[] = [];
    let checked = 0;
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method.toUpperCase()} ${p}`;
        const signedIn = !op.security || op.security.some((s) => Object.keys(s).length > 0);
        const multipart = !!op.requestBody?.content['multipart/form-data'];
        const documented = Object.keys(op.responses)
          .map(Number)
          .filter((s) => own.has(s) && !(s === 401 && signedIn))
          .sort();
        let expected: number[];
        if (byHand[name]) expected = byHand[name];
        else {
          const found = read.get(name);
          if (!found) {
            wrong.push(`${name}: not found in the code (a route registered another way? add it to byHand)`);
            continue;
          }
          expected = [...found].filter((s) => own.has(s) && !(s === 401 && signedIn));
          // A route declaring an access area gets 403 from the auth hook for the roles outside it.
          if (areaRoutes.has(name)) expected.push(403);
          // The multipart plugin answers 406 to a body that is not a multipart form.
          if (multipart) expected.push(406);
        }
        expected = [...new Set(expected)].sort();
        checked++;
        if (JSON.stringify(documented) !== JSON.stringify(expected))
          wrong.push(
            `${name}: documents ${documented.join(', ') || 'none'}, the code answers ${expected.join(', ') || 'none'}`,
          );
      }
    }
    console.log(`error statuses: ${checked} operations checked against their code in ${Date.now() - started} ms`);
    expect(checked).toBeGreaterThan(80);
    expect(wrong, wrong.join('\n')).toEqual([]);
  }, 120_000);
});
