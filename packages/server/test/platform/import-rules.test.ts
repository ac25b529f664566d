import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue 27, acceptance: the one-way house's lint rule passes on the code as it is and fails on an
 * introduced cycle or an upward import (decision 160). Each case lints a real file's text with one
 * import added, in memory (nothing is written): the rest of the graph is read from disk.
 */
const repo = path.resolve(__dirname, '../../../..');
const server = path.join(repo, 'packages/server/src');

async function rulesBroken(file: string, addedImport?: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repo });
  const text = fs.readFileSync(file, 'utf8');
  const [result] = await eslint.lintText(addedImport ? `${addedImport}\n${text}` : text, { filePath: file });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message).filter((r) => r.startsWith('import-x/'));
}

describe('the one-way house lint rule', () => {
  const receipts = path.join(server, 'features/receipts/receipts.service.ts');
  const clock = path.join(server, 'platform/clock.ts');

  it('passes on the files as they are', async () => {
    expect(await rulesBroken(receipts)).toEqual([]);
    expect(await rulesBroken(clock)).toEqual([]);
  }, 60_000);

  it('fails on a cycle: sales.service imports receipts.service, which would import it back', async () => {
    expect(await rulesBroken(receipts, "import { saveCustomer as _cycle } from '../sales/sales.service';")).toContain(
      'import-x/no-cycle',
    );
  }, 60_000);

  it('fails on an upward import: the platform reaching into a feature or the composition root', async () => {
    expect(await rulesBroken(clock, "import { saveCustomer } from '../features/sales/sales.service';")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await rulesBroken(clock, "import { buildApp } from '../app';")).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('holds on the web too: lib/ never imports a feature, a feature never another', async () => {
    const web = path.join(repo, 'packages/web/src');
    const lib = path.join(web, 'lib/current-language.ts');
    const feature = path.join(web, 'features/sale/components/signature-png.ts');
    expect(await rulesBroken(lib)).toEqual([]);
    expect(
      await rulesBroken(lib, "import { encodeSignaturePng } from '../features/sale/components/signature-png';"),
    ).toContain('import-x/no-restricted-paths');
    expect(await rulesBroken(feature, "import { bookingsKeys } from '../../bookings/api/keys';")).toContain(
      'import-x/no-restricted-paths',
    );
  }, 60_000);
});
