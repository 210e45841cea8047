import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

/** react-admin packages: only the admin bundle may load them (the sign-in page's 180 KB budget). */
const reactAdminPackages = ['react-admin', 'ra-core', 'ra-ui-materialui', 'ra-i18n-polyglot', 'ra-language-english'];

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'data', '.tmp', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: globals.node } },
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
