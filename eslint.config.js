import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';
import boundaries from './eslint-rules/boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/tmp-dev/**', '**/node_modules/**', 'data/**', 'playwright-report/**', 'test-results/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // One-way imports (docs/decisions, STYLE.md): no runtime import cycles; features do not import
    // each other, nor shared code a feature; server modules do not import another's repository.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    plugins: { local: boundaries },
    rules: { 'local/no-import-cycles': 'error', 'local/feature-boundaries': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Issue 17: words people read come from the catalogs (apps/web/src/i18n), never from JSX
    // literals: text between tags and the attributes a person sees or hears.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['label', 'placeholder', 'title', 'alt', 'description', 'error', 'aria-label', 'aria-description', 'aria-valuetext', 'message', 'loadingText'],
          },
          // The plugin's own list, plus Mantine's form.getInputProps('field'): a field's name, spread into an input, is not a word people read.
          callees: {
            exclude: ['i18n(ext)?', 't', 'require', 'addEventListener', 'removeEventListener', 'postMessage', 'getElementById', 'dispatch', 'commit', 'includes', 'indexOf', 'endsWith', 'startsWith', 'getInputProps'],
          },
        },
      ],
    },
  },
  {
    // The service worker runs in the browser's worker scope, not in a page or Node.
    files: ['apps/web/src/service-worker/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['scripts/**', 'apps/server/src/cli/**', 'apps/server/test/process/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
