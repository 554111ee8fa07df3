// @ts-check
/**
 * ESLint for the whole repository (`npm run lint`, part of `npm test`).
 *
 * typescript-eslint's `recommended` set, plus the three type-aware rules that
 * catch real bugs in async NestJS code (a promise nobody awaits, a promise
 * where a callback's result is ignored, an `await` on a non-promise). The full
 * type-checked set is not used: its `no-unsafe-*` rules flag every use of the
 * deliberate `any`s (JSON bodies in tests, Kysely<any>), hundreds of reports
 * that say nothing new. Formatting is Prettier's job: eslint-config-prettier
 * comes last and turns off every rule it would fight with.
 */
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // examples/ are applications of their own, built against the installed packages by their own tsconfig.
  globalIgnores(['**/dist/', '**/coverage/', '**/node_modules/', 'data/', 'test/conformance/suite/', 'examples/']),
  {
    // A disable comment that no longer silences anything is an error, so they cannot outlive their reason.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
  },
  eslint.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    rules: {
      // A leading underscore marks a parameter, a binding or a destructured-away field as deliberately unused
      // (`{ password_hash: _hash, ...user }`, an overridable method's `_request`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // `Function` is the type reflect-metadata, class-validator and TypeScript's own decorator signatures give a
      // class or a method used as a metadata key; the library's schema and discovery code never calls one through it.
      '@typescript-eslint/no-unsafe-function-type': 'off',
      // `import x = require('x')` is TypeScript's typed CommonJS import; a bare `require()` still needs a reason.
      '@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }],
      // An interface that only extends another gives a contract the module's own name (and its injection token).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // Constructor signatures (`new (...args: any[]) => object`) need `any[]` to accept every class.
      '@typescript-eslint/no-explicit-any': ['error', { ignoreRestArgs: true }],
    },
  },
  {
    // Tests read JSON bodies as `Record<string, any>` on purpose and assert their exact shape, and the benchmark
    // drives servers it does not type; in the shipped code an `any` still needs a disable comment with a reason.
    files: ['test/**', 'bench/**', '**/*.spec.ts', '**/*.e2e-spec.ts'],
    languageOptions: { globals: { ...globals.jest } },
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
