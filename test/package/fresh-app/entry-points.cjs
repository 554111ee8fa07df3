/*
 * Loads each entry point named on the command line (`@kobana/mcp`,
 * `@kobana/mcp/testing`, ...) in the fresh application, as its own code
 * would. Prints one JSON line: for each entry point, the file it resolved to
 * and the names it exports; then every file loaded, so the test can prove
 * that nothing came from the repository.
 *
 * Copied into a temporary folder by test/package/libs-install.e2e-spec.ts
 * and run there. Usage: node entry-points.cjs <entry point>...
 */
'use strict';
require('reflect-metadata');

const entryPoints = {};
for (const name of process.argv.slice(2)) {
  entryPoints[name] = { resolved: require.resolve(name), exports: Object.keys(require(name)).sort() };
}
process.stdout.write(`${JSON.stringify({ entryPoints, loaded: Object.keys(require.cache) })}\n`);
