/**
 * `npm run bench`: runs every bench/*.bench.ts, one after the other, each in its own process
 * (so one benchmark's servers and memory never skew the next). `npm run bench -- board` runs
 * only the files whose name contains "board". Figures are printed, never asserted.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

if (files.length === 0) {
  console.log(`No benchmarks match ${filters.join(', ') || '*.bench.ts'}.`);
  process.exit(1);
}

let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const code = await new Promise<number>((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', path.join(here, f)], { stdio: 'inherit' });
    p.on('exit', (c) => resolve(c ?? 1));
  });
  if (code !== 0) {
    failed++;
    console.log(`${f} exited with ${code}`);
  }
}
process.exit(failed ? 1 : 0);
