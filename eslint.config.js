import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The sub-folders of a source folder: one per web feature or server module. */
const foldersOf = (dir) =>
  fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';
const features = foldersOf(`${WEB}/features`);
const modules = foldersOf(`${SERVER}/modules`);

/**
 * The architecture's import rules (docs/ARCHITECTURE.md), whatever the import's spelling
 * (relative or `@/`): a web feature never imports another feature; shared components and lib
 * never import features or the app shell; a server module reaches another module through its
 * `service.ts` only; the server's lib, db/ (migrations included) and config.ts import no module;
 * the web app and the server never import each other, by whatever path.
 */
const boundaryZones = [
  ...features.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other; move shared code to src/lib or src/components.',
  })),
  {
    target: [`${WEB}/components`, `${WEB}/lib`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared components and lib serve features; they never import a feature or the app.',
  },
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'The app composes features; features never import the app.',
  },
  ...modules.map((module) => ({
    target: `${SERVER}/modules/${module}`,
    from: `${SERVER}/modules`,
    except: [`./${module}`, ...modules.filter((m) => m !== module).map((m) => `./${m}/service.ts`)],
    message: 'A module uses another module through its service.ts only, never its repo or routes.',
  })),
  {
    target: `${SERVER}/lib`,
    from: [`${SERVER}/modules`, `${SERVER}/app.ts`, `${SERVER}/app`],
    message: 'lib/ serves the modules; it imports none of them.',
  },
  {
    target: `${SERVER}/db`,
    from: [`${SERVER}/modules`, `${SERVER}/app.ts`, `${SERVER}/app`],
    message: 'db/ (and every migration) stands below the modules; it imports none of them.',
  },
  {
    target: `${SERVER}/config.ts`,
    from: [`${SERVER}/modules`, `${SERVER}/app.ts`, `${SERVER}/app`],
    message: 'config.ts reads the environment only; it imports no module.',
  },
  {
    target: 'apps/web',
    from: 'apps/server',
    message: 'The web app talks to the server over HTTP; share code through packages/.',
  },
  {
    target: 'apps/server',
    from: 'apps/web',
    message: 'The server never imports the web app; share code through packages/.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'apps/server/test/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Read TypeScript sources when following imports (for no-cycle).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/*', '@mailtokit/server*', '@mailtokit/web*'],
              message: 'Apps are not libraries: share code through packages/.',
            },
          ],
        },
      ],
    },
  },
  {
    // CommonJS files (a preload that must also run in worker threads) load modules by require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable region must take focus so that keyboard users can scroll it.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@mailtokit/server*', '@mailtokit/web*'],
              message: 'Packages depend on nothing of ours.',
            },
          ],
        },
      ],
    },
  },
);
