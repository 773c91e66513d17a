// @ts-check
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Server-only code: the domain modules and the database. */
const serverOnlyImports = {
  patterns: [
    {
      regex: '(^|/)(src/server|db)(/|$)|^(\\.\\./)+(server|db)(/|$)',
      message: 'Browser code must not import server-only modules (src/server, db): pass the data in as props, or move the shared pure code to src/lib.',
    },
  ],
};

export default defineConfig(
  { ignores: ['dist/', 'dist-*/', '.astro/', 'node_modules/', 'data/', 'test-results/', 'test-reports/', 'bench/results/'] },
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.property.name='only']", message: 'Focused tests skip the rest of the suite.' }],
    },
  },
  {
    // The admin engine and the collection declarations get their types from the declaration, never
    // from a cast (decision 014); `as const` stays allowed (the rule always allows it).
    files: ['src/server/admin/**/*.ts', 'src/server/*/admin-resource.ts', 'src/lib/collections/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
  },
  {
    files: ['**/*.tsx', 'src/components/**/*.ts', 'src/stores/**/*.ts'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    // A missing dependency is a stale-closure bug, not a style note.
    rules: { 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The import boundary covers what can reach the browser: island modules and the <script> blocks of
    // Astro components. An Astro component's frontmatter runs only on the server, and `*.server.ts`
    // files are the server half of an island (its props and page data, loaded by the page), so both may
    // use the domain modules.
    files: ['src/components/**/*.{ts,tsx}', 'src/components/**/*.astro/*.{js,ts}'],
    ignores: ['src/components/**/*.server.ts'],
    rules: { 'no-restricted-imports': ['error', serverOnlyImports] },
  },
);
