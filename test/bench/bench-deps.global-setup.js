/**
 * jest `globalSetup` of the e2e project: installs the benchmark harness's own
 * dependencies (bench/package.json, from its lockfile, the same step as
 * `npm run bench`) when they are missing, before any spec runs. Not in the
 * smoke spec itself: jest's resolver remembers that bench/node_modules did
 * not exist when the spec's imports were resolved, and does not find a
 * package installed after that.
 */
const { execFileSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');

module.exports = function installBenchDependencies() {
  const bench = join(__dirname, '..', '..', 'bench');
  if (existsSync(join(bench, 'node_modules', 'autocannon'))) return;
  execFileSync('npm', ['ci', '--prefix', bench, '--no-audit', '--no-fund'], { stdio: 'ignore', timeout: 180_000 });
};
