import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/**
 * One zone per folder under `parent`: a feature (or a module) may import itself and the shared code
 * around it, never another feature. The folders are read here, so a new feature is covered at once.
 */
function featureZones(parent, message) {
  return fs
    .readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./${parent}/${name}`,
      from: `./${parent}`,
      except: [`./${name}`],
      message,
    }));
}

const apiModuleZones = featureZones(
  'apps/api/src/modules',
  'Modules do not import each other; share through db/, lib/ or plugins/.',
);

/**
 * The browser's schemas are written with zod/mini: the same checks, built from functions that a
 * bundle takes one by one, where zod's schema objects carry every method (and the JSON Schema
 * writer) into every page, and take three times as long to build (decision 032).
 */
const ZOD_MINI_ONLY = {
  name: 'zod',
  message: "Write schemas with 'zod/mini' (decision 032): zod's classic API weighs on every page.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.cache/**',
      '**/data/**',
      'apps/api/src/db/migrations/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
    },
  },
  {
    // Imports are resolved as TypeScript does (the web's `@/` alias included), so that the rules
    // below see the file an import reaches.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/*/tsconfig.json',
            'packages/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The domain package is shared by browser and server: it must never reach into an app.
    files: ['packages/domain/**/*.ts'],
    rules: {
      // By package name here; by path, relative or not, through the zone below.
      'no-restricted-imports': [
        'error',
        {
          patterns: ['@taxfree/api', '@taxfree/api/*', '@taxfree/web', '@taxfree/web/*'],
          paths: [ZOD_MINI_ONLY],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/domain',
              from: './apps',
              message: 'The domain package does not import from the apps.',
            },
          ],
        },
      ],
    },
  },
  {
    // A route module owns its feature; what two modules share lives in db/, lib/ or plugins/.
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: apiModuleZones }],
    },
  },
  {
    // The service never imports the suites' helpers (apps/api/test), so no build can carry them.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...apiModuleZones,
            {
              target: './apps/api/src',
              from: './apps/api/test',
              message: 'Only tests import the test helpers.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every visible string goes through i18n: literal text in JSX, and in the attributes that are
      // shown or read aloud, is an error. Other attributes (sizes, variants, paths) are not text.
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'label',
              'placeholder',
              'title',
              'alt',
              'aria-label',
              'aria-description',
              'aria-valuetext',
              'description',
              'error',
              'message',
              'tooltip',
              'nothingFoundMessage',
              'confirmLabel',
              'cancelLabel',
            ],
          },
          // Field names handed to the form library are keys, not text.
          callees: {
            exclude: [
              'i18n(ext)?',
              't',
              'register',
              'fieldProps',
              'amountCell',
              'errorOf',
              'coordinate',
              'watch',
              'setValue',
              'getValues',
              'trigger',
              'includes',
              'startsWith',
              'endsWith',
            ],
          },
        },
      ],
      // bulletproof-react's boundaries: features do not import each other, and imports go one way,
      // shared code (components, hooks, lib) <- features <- app.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones(
              'apps/web/src/features',
              'Features do not import each other; share through components/, hooks/ or lib/.',
            ),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features do not import the app; the app composes them.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/hooks', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code does not import features or the app.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [ZOD_MINI_ONLY],
          patterns: [
            {
              // The auth feature's second entry (`login`) keeps the login page's chunk small.
              group: [
                '@/features/*/*',
                '!@/features/auth/login',
                '../../features/*',
                '../features/*',
              ],
              message: 'Features do not import each other; share through components/ or lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    // A file says one thing: no source file over 300 lines, no component over 150.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'bench/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 150, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { 'i18next/no-literal-string': 'off' },
  },
);
