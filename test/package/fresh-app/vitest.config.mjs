/*
 * The Vitest configuration `nest new` writes for Nest 12 (vitest.config.ts:
 * globals, root './'), with the include of this folder's one spec, which is
 * plain JavaScript.
 *
 * Copied into a temporary folder by test/package/libs-install.e2e-spec.ts.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    root: './',
    include: ['**/*.spec.mjs'],
  },
});
