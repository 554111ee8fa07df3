/*
 * entry-points.cjs for the ES-module application: imports each entry point
 * named on the command line with import(), as the application's own ES
 * modules would. The libraries are CommonJS, so each namespace holds the
 * names Node finds in the module (its named exports), `default` (the whole
 * module.exports) and `module.exports`. Prints one JSON line: for each entry
 * point the file it resolved to, its named exports, and whether `default` is
 * the same object as require() gives; then every file loaded.
 *
 * Copied into a temporary folder by test/package/libs-install.e2e-spec.ts
 * and run there. Usage: node entry-points.mjs <entry point>...
 */
import { loaded } from './loaded.mjs';

await import('reflect-metadata');
const { createRequire } = await import('node:module');
const { fileURLToPath } = await import('node:url');
const require = createRequire(import.meta.url);

const entryPoints = {};
for (const name of process.argv.slice(2)) {
  const namespace = await import(name);
  entryPoints[name] = {
    resolved: fileURLToPath(import.meta.resolve(name)),
    exports: Object.keys(namespace).sort(),
    defaultIsRequired: namespace.default === require(name),
  };
}
process.stdout.write(`${JSON.stringify({ entryPoints, loaded: loaded() })}\n`);
