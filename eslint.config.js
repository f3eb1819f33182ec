import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
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
    // The domain package is shared by browser and server: it must never reach into an app.
    files: ['packages/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/*'] }] },
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
      'no-restricted-imports': [
        'error',
        {
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
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { 'i18next/no-literal-string': 'off' },
  },
);
