// Builds the server into dist/ for plain `node` (issue 11, "Also"): dist/main.js (the server),
// dist/cli.js (migrate, create-admin) and dist/migrations/*.js (loaded by db/migrate.ts at run
// time). The contract package (TypeScript source) is bundled in; npm dependencies stay external
// and load from node_modules. Source maps on: run with `node --enable-source-maps`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

// esbuild is a build tool (devDependencies): a production install (`npm ci --omit=dev`) runs the
// server already built. There `npm run sandbar`/`npm run migrate`, which rebuild first in
// development, run the built CLI as it is.
let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  if (fs.existsSync(path.join(outdir, 'cli.js')) && fs.existsSync(path.join(outdir, 'main.js'))) process.exit(0);
  console.error('The server is not built and esbuild is not installed: run `npm run build` with the dev dependencies.');
  process.exit(1);
}
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@sandbar/'));
const migrations = path.join(here, 'src/db/migrations');

fs.rmSync(outdir, { recursive: true, force: true });
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
};
await esbuild.build({
  ...common,
  entryPoints: { main: path.join(here, 'src/main.ts'), cli: path.join(here, 'src/cli.ts') },
  outdir,
});
// Each migration on its own, beside the bundles: migrate.ts looks for `migrations/` next to itself.
await esbuild.build({
  ...common,
  entryPoints: fs
    .readdirSync(migrations)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(migrations, f)),
  outdir: path.join(outdir, 'migrations'),
});
fs.writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
if (!process.argv.includes('--quiet')) console.log(`Server built into ${path.relative(process.cwd(), outdir) || '.'}`);
