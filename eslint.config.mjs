// @ts-check
// File-by-file rules. The import graph (layers, features apart, no cycles) is checked once over
// the whole tree by dependency-cruiser (.dependency-cruiser.cjs), also part of `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['node_modules', 'dist', '.data', 'coverage', 'test-results', '**/*.js', '**/*.cjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs}'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-*', '@reduxjs/*', 'react-redux', '@blueprintjs/*'] },
      ],
    },
  },
  {
    // Features never toast: a mutation's outcome is declared with its endpoint
    // (`defineOutcomes`), any other notice is dispatched as `outcomeAnnounced` (src/api/outcomes.ts).
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/ui/toaster'],
              message:
                'Features do not toast: declare the outcome with the endpoint (defineOutcomes) or dispatch outcomeAnnounced (src/api/outcomes.ts).',
            },
          ],
          paths: [
            {
              name: '@blueprintjs/core',
              importNames: ['OverlayToaster', 'Toaster', 'Toast', 'ToastProps'],
              message:
                'Features do not toast: declare the outcome with the endpoint (defineOutcomes) or dispatch outcomeAnnounced (src/api/outcomes.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'test/**/*.{ts,tsx}', 'webpack.config.ts', 'jest.config.ts'],
    rules: { 'no-console': 'off' },
  },
);
