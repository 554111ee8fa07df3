/*
 * Records every file the fresh ES-module application loads: ES modules have
 * no require.cache, so a resolve hook (module.registerHooks, which sees both
 * `import` and `require`) notes each file URL as it resolves. Imported first,
 * and alone, by server.mjs and entry-points.mjs, which then load everything
 * else with import(): static imports would resolve before the hook exists.
 *
 * Copied into a temporary folder by test/package/libs-install.e2e-spec.ts.
 */
import { createRequire, registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

const files = new Set([fileURLToPath(import.meta.url)]);
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    if (resolved.url.startsWith('file:')) files.add(fileURLToPath(resolved.url));
    return resolved;
  },
});

/** Every file loaded so far: those the hook saw, and the CommonJS ones in require.cache. */
export function loaded() {
  return [...new Set([...files, ...Object.keys(createRequire(import.meta.url).cache)])];
}
