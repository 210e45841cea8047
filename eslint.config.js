import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Folders a file of a layer must not import, as relative paths name them (`../../server/…`): a layer's dependencies
 * point one way (contract ← server, contract ← src; i18n ← both), type imports included.
 */
const importsNothingFrom = (folders, message) => ({
  patterns: [{ regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`, message }],
});

/** react-admin packages: only the admin bundle may load them (the sign-in page's 180 KB budget). */
const reactAdminPackages = ['react-admin', 'ra-core', 'ra-ui-materialui', 'ra-i18n-polyglot', 'ra-language-english'];

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'data', '.tmp', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['scripts/**/*.mjs', 'bench/**/*.mjs'], languageOptions: { globals: globals.node } },
  {
    // Every rule of the plugin's recommended set; a missing dependency is an error, not a warning.
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Typed rules on the server only (the program of tsconfig.server.json): a promise nobody awaits loses its error.
    files: ['server/**/*.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.server.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        importsNothingFrom(
          ['server', 'src', 'i18n'],
          'contract/ is what both sides agree on: it imports nothing from server/, src/ or i18n/ (message keys are plain strings).',
        ),
      ],
    },
  },
  {
    files: ['i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', importsNothingFrom(['server', 'src'], "i18n/ holds both sides' catalogues: it imports nothing from server/ or src/.")],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', importsNothingFrom(['src'], 'The server never imports the browser app: what both need belongs in contract/.')],
    },
  },
  {
    // The hub delivers, the domain decides: of a module, only its realtime/ relays use the hub (docs/architecture.md).
    files: ['server/modules/**/*.ts'],
    ignores: ['server/modules/**/realtime/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...importsNothingFrom(['src'], 'The server never imports the browser app: what both need belongs in contract/.').patterns,
            ...importsNothingFrom(
              ['hub'],
              "A module's routes and services never import the hub: its realtime/ relays do, or it registers a check on app.realtime.",
            ).patterns,
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', importsNothingFrom(['server'], 'The browser app never imports the server: what both need belongs in contract/.')],
    },
  },
  {
    files: ['src/providers/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...importsNothingFrom(['server'], 'The browser app never imports the server: what both need belongs in contract/.').patterns,
            ...importsNothingFrom(
              ['resources'],
              'The data and auth providers import no screen: the screen registry names its screens to them (src/providers/screenNames.ts).',
            ).patterns,
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // What the sign-in pages are made of (the 180 KB budget): react-admin types only. Screens inside the admin
    // (src/admin, src/layout, src/pages, src/resources, src/entityTable, src/realtime…) may use react-admin freely.
    files: [
      'src/main.tsx',
      'src/auth/**',
      'src/components/**',
      'src/config/**',
      'src/routes/**',
      'src/theme/**',
      'src/preferences/**',
      'src/pages/errors/**',
      'src/providers/{http,session,auth,account}/**',
      'src/notifications/**',
      'src/i18n/**',
      'src/schemaForm/**',
    ],
    ignores: ['src/notifications/ReactAdminToasts.tsx', 'src/i18n/i18nProvider.ts', 'src/schemaForm/schemaResolver.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: reactAdminPackages.map((name) => ({
            name,
            allowTypeImports: true,
            message: 'This module is part of the sign-in bundle: react-admin code belongs under src/admin, src/layout or src/pages.',
          })),
        },
      ],
    },
  },
);
