// Flat config. Besides the usual rules it keeps the architecture honest:
// - machines/ are pure (no React, Mantine, fetch or DOM side effects), so they test without a browser;
// - contract/ is shared by every side, so it imports nothing but zod and itself;
// - features do not import each other (the app composes them);
// - the server never imports shell code and the shell never imports server code.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Every folder of src/features is a feature: a new one is covered the day it appears.
const featureNames = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory()).map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'public/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'hosts/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-dom', '@mantine/*', '@tanstack/*', '@xstate/react'], message: 'machines/ are pure: no React, Mantine or query code.' },
        { group: ['**/src/**', '**/server/**', '**/hosts/**'], message: 'machines/ depend only on contract/ and xstate.' },
      ] }],
      'no-restricted-globals': ['error',
        { name: 'fetch', message: 'machines/ are pure: inject I/O as actors.' },
        { name: 'localStorage', message: 'machines/ are pure: inject storage.' },
        { name: 'document', message: 'machines/ are pure.' },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/src/**', '**/server/**', '**/hosts/**', '**/machines/**', 'react', '@mantine/*', 'fastify*', 'kysely*', 'pg'], message: 'contract/ is shared by every side: it imports only zod and itself.' },
      ] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/src/**', '**/hosts/**', 'react', '@mantine/*'], message: 'The server does not import shell code.' },
      ] }],
    },
  },
  ...featureNames.map((name) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: featureNames.filter((n) => n !== name).flatMap((n) => [`**/features/${n}/**`, `../${n}/**`, `../../${n}/**`]), message: 'Features do not import each other: compose them in src/app.' },
        { group: ['**/server/**'], message: 'The shell does not import server code.' },
      ] }],
    },
  })),
);
