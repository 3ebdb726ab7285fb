// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = path.dirname(new URL(import.meta.url).pathname);
const featuresDir = path.join(root, 'src/features');
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir).filter((f) => fs.statSync(path.join(featuresDir, f)).isDirectory())
  : [];

/** One-way import flow: lib/ui <- api <- features <- app; machines import nothing from src. */
const zones = [
  {
    target: './src/lib',
    from: [
      './src/ui',
      './src/api',
      './src/features',
      './src/app',
      './src/shell',
      './src/auth',
      './src/widgets',
    ],
  },
  {
    target: './src/ui',
    from: [
      './src/api',
      './src/features',
      './src/app',
      './src/shell',
      './src/auth',
      './src/widgets',
    ],
  },
  {
    target: './src/api',
    from: ['./src/features', './src/app', './src/shell', './src/ui', './src/widgets'],
  },
  { target: './src/auth', from: ['./src/features', './src/app', './src/shell', './src/widgets'] },
  { target: './src/shell', from: ['./src/features', './src/app', './src/widgets'] },
  // Widgets bound to the API (pickers, the list-page hook): shared by features, above ui and api.
  { target: './src/widgets', from: ['./src/features', './src/app'] },
  { target: './src/features', from: ['./src/app'] },
  { target: './machines', from: ['./src', './server'] },
  { target: './src', from: ['./server', './test'] },
  { target: './server', from: ['./src', './machines', './test'] },
  // What console and demo backend agree on: imports nothing of the project.
  {
    target: './contracts',
    from: ['./src', './machines', './server', './test'],
    message: 'contracts/ imports nothing: console, machines and server import it.',
  },
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'Features never import each other: move shared code to src/ui or src/lib.',
  })),
];

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
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-restricted-paths': ['error', { zones }],
      'import/no-cycle': ['error', { maxDepth: 10 }],
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
