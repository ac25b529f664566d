import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// One-way house (decision 160): imports point down only, never in a circle. Floors, top to bottom:
// server — composition root (app, main, cli, jobs, demo-venue) → features → plugins → platform,
// env → db → contract; web — app/ and main.tsx → features (never each other) → components → lib;
// contract — schemas → the shared texts (messages, translation, booking-page, reservation-texts)
// → rules/. import-x/no-cycle skips `import type`; scripts/import-cycles.mjs (in `npm run lint`)
// counts those too, in every package (issue 36).
const here = import.meta.dirname;
const server = (p) => path.join(here, 'packages/server/src', p);
const web = (p) => path.join(here, 'packages/web/src', p);
const contract = (p) => path.join(here, 'packages/contract/src', p);
// The texts the schemas and the pages share: leaves that import only rules/ and each other.
const contractTexts = ['messages.ts', 'translation.ts', 'booking-page.ts', 'reservation-texts.ts'].map(contract);
const serverRoot = ['app.ts', 'main.ts', 'cli.ts', 'jobs.ts', 'demo-venue.ts'].map(server);
const webFeatures = fs.readdirSync(web('features'), { withFileTypes: true }).filter((d) => d.isDirectory());
// What app/ offers every feature (the paths, the page loader, the unit modal's slots): they import
// nothing above lib/, so a feature importing them makes no circle.
const appForFeatures = ['paths.ts', 'guards.tsx', 'unit-modal-slots.tsx', 'touch-targets.css'].map((f) => `./${f}`);
const up = (what) => ` Imports point down only (docs/decisions/160-one-way-house.md): ${what}`;
const layerZones = [
  {
    target: [server('platform'), server('db'), server('plugins'), server('env.ts')],
    from: server('features'),
    message: up(
      'platform/, db/ and plugins/ know no feature; take what you need as a parameter from the composition root.',
    ),
  },
  {
    target: [server('platform'), server('db'), server('plugins'), server('env.ts'), server('features')],
    from: serverRoot,
    message: up('only main, cli and tests import the composition root; service types live in platform/deps.ts.'),
  },
  {
    target: [server('platform'), server('db'), server('env.ts')],
    from: server('plugins'),
    message: up('plugins sit above platform/ and db/.'),
  },
  {
    target: server('db'),
    from: [server('platform'), server('env.ts')],
    message: up('db/ sits below platform/: the composition root passes in what it needs (a time, a hash).'),
  },
  {
    target: contract('rules'),
    from: contract(''),
    except: ['./rules'],
    message: up('contract/rules/ are pure rules: they import no schema and no text module.'),
  },
  {
    target: contractTexts,
    from: contract(''),
    except: ['./rules', './messages.ts', './translation.ts'],
    message: up('the shared texts are leaves that schemas and pages import, never the reverse (issue 36).'),
  },
  {
    target: server('db/migrations'),
    from: server(''),
    except: ['./db/migrations', './db/migration-helpers.ts'],
    message: up('a frozen migration carries its own copy of the code it runs (db/migrations/frozen/).'),
  },
  {
    target: [web('lib'), web('components')],
    from: [web('features'), web('app'), web('main.tsx')],
    message: up('lib/ and components/ know no feature and not app/.'),
  },
  { target: web('lib'), from: web('components'), message: up('lib/ sits below components/.') },
  {
    target: web('features'),
    from: web('app'),
    except: appForFeatures,
    message: up(
      'app/ composes the features; a feature does not import it (paths, guards, unit-modal slots and touch-target styles aside).',
    ),
  },
  ...webFeatures.map((f) => ({
    target: web(`features/${f.name}`),
    from: web('features'),
    except: [`./${f.name}`],
    message: up('web features do not import each other; compose them in app/.'),
  })),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/test-results/**', '**/playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads .ts/.tsx modules with the TypeScript parser (without this no-cycle sees no module).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/server/tsconfig.json', 'packages/web/tsconfig.json', 'packages/contract/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Type-only imports are erased at run time and skipped by no-cycle; the zones below still
      // refuse an upward `import type`.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    // The contract package imports nothing from server or web (DESIGN.md section 3).
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@sandbar/server*', '@sandbar/web*', '../../server/*', '../../web/*'] },
      ],
    },
  },
);
