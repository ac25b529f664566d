import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../../../scripts/import-cycles.mjs';

/**
 * Issue 27, acceptance: the one-way house's lint rule passes on the code as it is and fails on an
 * introduced cycle or an upward import (decision 160). Each case lints a real file's text with one
 * import added, in memory (nothing is written): the rest of the graph is read from disk.
 * Issue 36: the same in each package (contract, server, web), and for circles of `import type`
 * too, which import-x/no-cycle skips and scripts/import-cycles.mjs (in `npm run lint`) counts.
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

  it('holds in the contract: no circle, and the shared texts are leaves the schemas import', async () => {
    const contract = path.join(repo, 'packages/contract/src');
    const reservations = path.join(contract, 'reservations.ts');
    const bookingPage = path.join(contract, 'booking-page.ts');
    expect(await rulesBroken(reservations)).toEqual([]);
    expect(await rulesBroken(bookingPage)).toEqual([]);
    // units.ts imports reservations.ts: an import back is a circle.
    expect(await rulesBroken(reservations, "import { UnitType as _cycle } from './units';")).toContain(
      'import-x/no-cycle',
    );
    // reservations.ts imports booking-page.ts's texts: the texts importing a schema is a circle and
    // an upward arrow.
    const broken = await rulesBroken(bookingPage, "import { BookingDay as _up } from './reservations';");
    expect(broken).toContain('import-x/no-cycle');
    expect(broken).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('holds on the web: a component importing back the one that imports it is a circle', async () => {
    const button = path.join(repo, 'packages/web/src/features/sale/components/steps/choice-button.tsx');
    expect(await rulesBroken(button)).toEqual([]);
    expect(
      await rulesBroken(button, "import { CustomerReceiptActions as _cycle } from '../customer-receipt-actions';"),
    ).toContain('import-x/no-cycle');
  }, 60_000);

  it('db/ sits below platform/', async () => {
    const seed = path.join(server, 'db/demo-seed.ts');
    expect(await rulesBroken(seed)).toEqual([]);
    expect(await rulesBroken(seed, "import { hashPassword } from '../platform/passwords';")).toContain(
      'import-x/no-restricted-paths',
    );
  }, 60_000);
});

describe('no import circle in any package, type-only imports included', () => {
  const withImport = (file: string, line: string) => new Map([[file, `${line}\n${fs.readFileSync(file, 'utf8')}`]]);

  it('finds none in contract, server and web as they are', () => {
    expect(importCycles(importGraph())).toEqual([]);
  }, 60_000);

  it.each([
    ['contract', 'packages/contract/src/translation.ts', "import type { Language as _t } from './i18n';"],
    [
      'server',
      'packages/server/src/features/receipts/receipts.service.ts',
      "import type { SaleContext as _t } from '../sales/sale-write';",
    ],
    [
      'web',
      'packages/web/src/features/sale/components/steps/choice-button.tsx',
      "import type { CustomerReceiptActions as _t } from '../customer-receipt-actions';",
    ],
  ])(
    'finds a circle of types introduced in %s',
    (_pkg, file, line) => {
      const cycles = importCycles(importGraph(withImport(path.join(repo, file), line)));
      expect(cycles.length).toBe(1);
      expect(cycles[0]).toContain(file);
    },
    60_000,
  );
});
