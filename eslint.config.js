// The lint half of `npm run lint` (the other half is `prettier --check .`). A small rule set the
// code already passes: ESLint's and typescript-eslint's recommended rules, minus the few that fight
// a deliberate pattern here, plus four type-aware rules: three for promises (an unawaited store or
// engine call loses its error) and one against assertions the checker does not need. Formatting is
// prettier's job, so no stylistic rules.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

// The Node globals the .mjs scripts (benches, grammar build, demo) use; TypeScript files get theirs
// from tsc, which is why typescript-eslint turns `no-undef` off for them.
const nodeGlobals = Object.fromEntries(
  ['console', 'process', 'URL', 'Buffer', 'setTimeout', 'clearTimeout', 'setImmediate', 'performance', 'structuredClone'].map((name) => [name, 'readonly']),
);

export default defineConfig(
  {
    ignores: [
      'dist/',
      'editors/vscode/dist/',
      'examples/browser-game/out/',
      'coverage/',
      'docs/api/',
      'test-results/',
      '**/generated/',
      '.cards/',
      '.corpus/',
      '.scratch/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // The Magic engine's effect handlers and steps are generators by contract (so any of them can
      // ask a seat for a choice with `yield*`); one that never needs to ask is still a generator.
      'require-yield': 'off',
      // `_name` marks a binding kept on purpose (a destructured field dropped from a rest copy).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // With noUncheckedIndexedAccess a `!` or `as` is a claim the checker cannot make; one it can
      // make is noise that hides the claims that matter.
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // Tests build malformed bundles and snapshots on purpose, which is what `any` is for there.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: nodeGlobals },
  },
);
