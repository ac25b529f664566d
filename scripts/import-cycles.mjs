// Import circles in every package, type-only imports included (issue 36, part 3; decision 160).
// ESLint's import-x/no-cycle skips `import type`, which TypeScript erases at run time; this check
// counts every import and re-export between the packages' own source files, so a circle of types
// (a leaf module that should hold what both sides share) is found too. `npm run lint` runs it.
//
// Usage: node scripts/import-cycles.mjs            prints each circle, exits 1 when there is one
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const packageDirs = ['contract', 'server', 'web'].map((p) => path.join(repo, 'packages', p, 'src'));
const exts = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.tsx?$/.test(d.name) && !/\.d\.ts$/.test(d.name))
    .map((d) => path.join(d.parentPath ?? d.path, d.name));
}

function resolve(from, spec) {
  let base;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else if (spec.startsWith('@sandbar/contract/'))
    base = path.join(repo, 'packages/contract/src', spec.slice('@sandbar/contract/'.length));
  else if (spec === '@sandbar/contract') base = path.join(repo, 'packages/contract/src/index');
  else return undefined;
  base = base.replace(/\.(js|ts|tsx)$/, '');
  for (const e of exts) if (fs.existsSync(base + e)) return base + e;
  return undefined;
}

/** file → the files it imports (values and types), from the given texts (or the disk). */
export function importGraph(overrides = new Map()) {
  const graph = new Map();
  for (const dir of packageDirs)
    for (const file of sourceFiles(dir)) {
      const text = overrides.get(file) ?? fs.readFileSync(file, 'utf8');
      const { importedFiles } = ts.preProcessFile(text, true, true);
      graph.set(file, [...new Set(importedFiles.map((i) => resolve(file, i.fileName)).filter(Boolean))]);
    }
  return graph;
}

/** Every circle (a strongly connected group of files), each as repo-relative paths. */
export function importCycles(graph = importGraph()) {
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    stack = [],
    on = new Set(),
    out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v))
        out.push(group.map((f) => path.relative(repo, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = importCycles();
  for (const c of cycles) console.error(`Import circle (decision 160): ${c.join(' ↔ ')}`);
  console.log(`${cycles.length} import circles in packages/{contract,server,web}/src (type-only imports included).`);
  process.exit(cycles.length ? 1 : 0);
}
