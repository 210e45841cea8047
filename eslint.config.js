import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** react-admin packages: only the admin bundle may load them (the sign-in page's 180 KB budget). */
const reactAdminPackages = ['react-admin', 'ra-core', 'ra-ui-materialui', 'ra-i18n-polyglot', 'ra-language-english'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', '.tmp', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Everything the sign-in pages, the providers and the HTTP client are made of; types are allowed.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/admin/**',
      'src/layout/**',
      'src/pages/**',
      '!src/pages/errors/**',
      'src/providers/data/**',
      'src/i18n/i18nProvider.ts',
      'src/notifications/ReactAdminToasts.tsx',
      'src/forms/schemaResolver.ts',
    ],
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
