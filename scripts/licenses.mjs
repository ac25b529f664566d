// Licence check of the production tree (issue 27, "lean dependencies"): every package that
// `npm ci --omit=dev` installs (the server's runtime and the web app's libraries, which ship inside
// its bundle) must carry a permissive licence. A copyleft licence (GPL, LGPL, AGPL, MPL, EPL, EUPL,
// CDDL, OSL, CC-BY-SA, SSPL…), a missing licence or one not on the list below fails the run, naming
// the package and who pulls it in. Run by `npm test` (`npm run licenses`).
//
// Usage: node scripts/licenses.mjs [--json] [--root DIR]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootArg = process.argv.indexOf('--root');
const root =
  rootArg > 0
    ? path.resolve(process.argv[rootArg + 1])
    : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Licences that put no obligation on Sandbar's own code (SPDX ids). */
export const PERMISSIVE = new Set([
  'MIT',
  'MIT-0',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  '0BSD',
  'BlueOak-1.0.0',
  'CC0-1.0',
  'Unlicense',
  'Python-2.0',
  'Zlib',
]);

/** SPDX ids of the copyleft families, named as such in the failure. */
const COPYLEFT = /^(A?GPL|LGPL|MPL|EPL|EUPL|CDDL|OSL|CPAL|SSPL|RPL|CC-BY-SA|CC-BY-NC|Sleepycat|QPL|ODbL)/i;

/** The licence field of a package.json as one SPDX expression (old `licenses` arrays too). */
export function licenceOf(pkg) {
  const l = pkg.license ?? pkg.licenses;
  if (!l) return null;
  if (typeof l === 'string') return l.trim();
  if (Array.isArray(l)) return l.map((x) => (typeof x === 'string' ? x : x.type)).join(' OR ');
  return typeof l.type === 'string' ? l.type : null;
}

/**
 * Whether an SPDX expression lets Sandbar use the package under a permissive licence: an `OR`
 * needs one permissive side, an `AND` needs both.
 */
export function isPermissive(expression) {
  if (!expression) return false;
  const e = expression.replace(/^\((.*)\)$/, '$1').trim();
  if (/ OR /i.test(e)) return e.split(/ OR /i).some((part) => isPermissive(part));
  if (/ AND /i.test(e)) return e.split(/ AND /i).every((part) => isPermissive(part));
  return PERMISSIVE.has(e.replace(/[()]/g, '').trim());
}

/** Every package path `npm ci --omit=dev` would install here, without the workspaces themselves. */
function productionTree() {
  const ls = spawnSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (ls.status !== 0) {
    console.error(ls.stderr);
    throw new Error('`npm ls --omit=dev` reports a broken tree (run `npm install`).');
  }
  const paths = [...new Set(ls.stdout.split('\n').filter(Boolean))];
  return paths
    .filter((p) => p.includes(`${path.sep}node_modules${path.sep}`))
    .filter((p) => !fs.lstatSync(p).isSymbolicLink());
}

function main() {
  const tally = new Map();
  const refused = [];
  const packages = productionTree();
  for (const dir of packages) {
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const licence = licenceOf(pkg);
    tally.set(licence ?? '(none)', (tally.get(licence ?? '(none)') ?? 0) + 1);
    if (!isPermissive(licence)) {
      refused.push({
        name: `${pkg.name}@${pkg.version}`,
        licence: licence ?? '(none)',
        where: path.relative(root, dir),
      });
    }
  }
  const sorted = [...tally].sort((a, b) => b[1] - a[1]);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ packages: packages.length, licences: Object.fromEntries(sorted), refused }, null, 2));
  } else {
    console.log(`Production tree: ${packages.length} packages.`);
    console.log(`Licences: ${sorted.map(([l, n]) => `${l} ${n}`).join(', ')}.`);
  }
  if (refused.length) {
    console.error('\nNot allowed in the production tree (copyleft, unknown or missing licence):');
    for (const r of refused) {
      const kind = COPYLEFT.test(r.licence) ? 'copyleft' : 'not on the permissive list';
      console.error(`  ${r.name}: ${r.licence} (${kind}) at ${r.where}`);
    }
    console.error('Move it to devDependencies if only the build needs it, or replace it.');
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
