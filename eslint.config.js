// `npm run lint`. Rules that find mistakes, none about layout (there is no formatter to fight).
// Not type-aware: with type information the run took about 70 s of CPU here instead of 20 s,
// and `npm run typecheck` (tsc -b) already checks the types.
// The layer rule below is ARCHITECTURE.md's direction of imports, checked on every import;
// tests/lint/boundaries.test.ts proves it still refuses what it must.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** The layers, one folder each, matched from the repository's root. */
const layers = ['contract', 'machines', 'src', 'server', 'scripts', 'tests'];

/** What each layer may import besides itself: `src → machines → contract`, `server → contract`. */
const mayImport = {
  contract: [],
  machines: ['contract'],
  src: ['machines', 'contract'],
  server: ['contract'],
  // Scripts seed, bench and run the server; tests import whatever they test.
  scripts: ['server', 'contract'],
  tests: layers,
};

/** Browser and Node APIs a pure layer must not touch (its tsconfig has no DOM and no Node types either). */
const runtimeGlobals = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'history', 'fetch', 'process', 'Buffer'].map(
  (name) => ({ name, message: 'machines/ and contract/ are pure: the app (src/) or the server passes in what they need.' }),
);

export default defineConfig(
  globalIgnores(['dist/', '.tmp/', 'coverage/', 'data/', 'test-results/', 'playwright-report/']),

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      // `_` marks an argument a signature requires but the body does not use (as tsc's noUnused* allow).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },

  // Globals per runtime, for the few plain JS files (TypeScript checks names in .ts through each layer's tsconfig).
  { files: ['*.js', 'scripts/**', 'server/**'], languageOptions: { globals: globals.node } },
  { files: ['src/**'], languageOptions: { globals: globals.browser } },
  { files: ['tests/**', '**/*.test.{ts,tsx}'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },

  // React's rules of hooks (and the React Compiler's checks) where React lives.
  { files: ['src/**/*.{ts,tsx}', 'tests/**/*.tsx'], ...reactHooks.configs.flat.recommended },

  // `any` in the server and tools only where Kysely means "a database of any schema":
  // `Kysely<any>` (migrations and dialect helpers work below the current schema's types, as
  // Kysely's migration guide prescribes) and the query builder over it. Nowhere else.
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "TSAnyKeyword:not(:matches(TSTypeReference[typeName.name=/^(Kysely|SelectQueryBuilder)$/], NewExpression[callee.name='Kysely']) > TSTypeParameterInstantiation > TSAnyKeyword)",
          message: 'Unexpected any (allowed only as Kysely<any> / SelectQueryBuilder<…, any, …>, "any schema"). Specify a type, or unknown.',
        },
      ],
    },
  },

  // The direction of imports between layers.
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': root,
      'boundaries/elements': layers.map((type) => ({ type, pattern: type, partialMatch: false })),
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: '{{from.type}}/ must not import {{to.type}}/ (ARCHITECTURE.md: src → machines → contract, server → contract).',
          policies: layers.map((layer) => ({
            from: { element: { type: layer } },
            allow: { to: { element: { types: { anyOf: [layer, ...mayImport[layer]] } } } },
          })),
        },
      ],
    },
  },

  // A screen folder's routes.ts is collected eagerly into the entry chunk (src/app/screens.ts):
  // it imports only the screen-entry helpers statically and its screens with import(), so each
  // screen stays a lazy chunk and /login stays within its budget (scripts/bundle-size.ts).
  {
    files: ['src/screens/*/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.\\./\\.\\./app/screen-entry$)',
              message: "A routes.ts imports only '../../app/screen-entry' statically; load screens with import() so they stay lazy chunks.",
            },
          ],
        },
      ],
    },
  },

  // machines/ and contract/ are pure: no React, no HTTP client, no browser or Node APIs.
  {
    files: ['machines/**/*.ts', 'contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@xstate/react', '@tanstack/react-query', 'wouter', 'wouter/*'], message: 'machines/ and contract/ know nothing of React: src/ renders them.' },
            { group: ['axios'], message: 'machines/ call the API through actors that src/ provides (src/api/client.ts owns axios).' },
            { group: ['node:*'], message: 'machines/ and contract/ run in the browser too.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...runtimeGlobals],
    },
  },
);
