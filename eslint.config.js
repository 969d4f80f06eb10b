// One lint config for the whole repository. Four rules matter most here:
// process.env is read only in env.ts files (config is parsed once, with zod), no app imports
// another app (services talk over HTTP with @mnemo/contracts types or through queue payloads),
// the web app's layers run one way (tooling/lint/web-layers.js), and a service registers only the
// calls the contracts' route table gives it, each with its schemas from the contracts
// (tooling/lint/rules/contract-routes.js).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import mnemo from './tooling/lint/index.js';

const apps = ['web', 'gateway', 'auth', 'deck', 'chat', 'billing', 'ingest-worker', 'launcher'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/.mnemo/**',
      '**/routeTree.gen.ts',
      '**/migrations/**',
      '**/playwright-report/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in env.ts only.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: apps.map((a) => `@mnemo/${a}`).concat(apps.map((a) => `@mnemo/${a}/*`)),
              message: 'Apps never import each other: use HTTP with @mnemo/contracts or a queue payload.',
            },
            {
              group: ['**/apps/*/**', '../../apps/**', '../../../apps/**'],
              message: 'Apps never import each other.',
            },
          ],
        },
      ],
    },
  },
  {
    // The only places allowed to read the process environment.
    files: ['**/env.ts', 'scripts/**', '**/*.config.{js,ts,mjs}', 'bench/**', '**/test/**', '**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Tests read loosely typed JSON answers; asserting on them is the point.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['scripts/**', 'bench/**', '**/*.config.{js,ts,mjs}'],
    rules: { 'no-console': 'off' },
  },
  {
    // The gateway routes by the contracts' table: a service route missing from it is undocumented,
    // one listed for another service is unreachable. Internal (/internal/...) routes are checked
    // against the contracts' internal table; health routes are exempt (tooling/lint/rules/contract-routes.js).
    // Each route's schema comes from the contracts, for its own call (mnemo/contract-schemas, same file).
    files: ['apps/{auth,deck,chat,billing}/src/modules/**/*.routes.ts'],
    plugins: { mnemo },
    rules: { 'mnemo/contract-routes': 'error', 'mnemo/contract-schemas': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The web app's layers: routes → features → components → lib, and no feature imports another.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { mnemo },
    rules: { 'mnemo/web-layers': 'error' },
  },
);
