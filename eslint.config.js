// @ts-check
import { readdirSync } from 'node:fs';
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

/**
 * The server's layers, top to bottom: the application (admin, team, the hub's read models, import,
 * webhooks… and the `runtime` that starts them), the collections (each collection's server part
 * and the registry), the engine (generic entity machinery), the platform (auth, config, http,
 * storage, mail, page cache, search, logging). A folder imports its own layer's platform and the
 * layers below, never above (docs/decisions/047).
 */
const platformFolders = [
  'audit',
  'auth',
  'config',
  'errors',
  'http',
  'log',
  'mail',
  'markdown',
  'outbox',
  'page-cache',
  'rate-limit',
  'search',
  'storage',
  'time-zone',
];
/** Every other folder of src/server belongs to the application (a new folder starts there). */
const applicationFolders = readdirSync(new URL('./src/server', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['engine', 'collections', ...platformFolders].includes(entry.name))
  .map((entry) => entry.name);
/** Relative imports that reach into one of `folders` of src/server. */
function importsOf(/** @type {string[]} */ folders, /** @type {string} */ message) {
  return { patterns: [{ regex: `^(\\.\\./)+(${folders.join('|')})/`, message }] };
}

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
    files: ['src/server/engine/**/*.ts', 'src/server/admin/**/*.ts', 'src/server/collections/**/*.ts', 'src/lib/collections/**/*.ts'],
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
  {
    files: ['src/server/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        importsOf(
          ['collections', ...applicationFolders],
          'The engine is generic: it imports only platform folders. Pass what it needs from a collection in (docs/decisions/047).',
        ),
      ],
    },
  },
  {
    files: ['src/server/collections/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        importsOf(applicationFolders, "A collection's server part builds on the engine and the platform only (docs/decisions/047)."),
      ],
    },
  },
  {
    files: platformFolders.map((folder) => `src/server/${folder}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        importsOf(
          ['engine', 'collections', ...applicationFolders],
          'Platform folders never import the engine, the collections or the application (docs/decisions/047).',
        ),
      ],
    },
  },
);
