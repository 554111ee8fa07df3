#!/usr/bin/env node
/**
 * Counts what two hosts repeat: lines of Kadu's non-test TypeScript (src/)
 * that also occur in Billing's (apps/billing/) once each host's name is
 * replaced by one placeholder. Imports, and lines shorter than 20
 * characters (braces, `return x;`), are left out: they repeat by nature.
 *
 * Two numbers:
 *
 * - wiring: what assembles a host rather than what it does, which belongs
 *   in the platform and its libraries. A file is wiring when it sits at the
 *   host's root (its descriptor, main, cli, constants, messages) or under
 *   one of WIRING_FOLDERS, except database/migrations (each migration
 *   creates the host's own tables). A line counts when it occurs in a
 *   wiring file of both hosts.
 * - total: every repeated line, the domain's included (features, the
 *   host's MCP resources, migrations), where the same idiom over different
 *   records (a column definition, a constructor injecting the database) is
 *   expected and no reason to bend domain code.
 *
 * `node scripts/host-twins.js [--list]`; `--list` prints the repeated lines,
 * each with `wiring` or `domain`.
 */
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { join, relative, sep } = require('node:path');

const ROOT = join(__dirname, '..');
const MIN_LENGTH = 20;
/** Longest first, so "Kobana Billing" is one name, not "Kobana" and a name. */
const HOST_NAMES = /kobana[ -]?billing|kobanabilling|kbill|billing|kadu/gi;
/** The folders of a host that hold its wiring (see the header). */
const WIRING_FOLDERS = new Set(['audit', 'bootstrap', 'cli', 'common', 'config', 'database', 'identity', 'oauth', 'secrets']);

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.ts$/.test(name) && !/\.(spec|e2e-spec)\.ts$/.test(name) ? [path] : [];
  });
}

/** Whether `file`, relative to its host's folder, is wiring. */
function isWiring(file) {
  const parts = file.split(sep);
  if (parts.length === 1) return true;
  if (parts[0] === 'database' && parts[1] === 'migrations') return false;
  return WIRING_FOLDERS.has(parts[0]);
}

function lines(dir) {
  const found = [];
  let inImport = false;
  for (const file of files(join(ROOT, dir))) {
    const wiring = isWiring(relative(join(ROOT, dir), file));
    for (const raw of readFileSync(file, 'utf8').split('\n')) {
      const line = raw.trim();
      // An import or re-export, also one spread over several lines.
      if (inImport) {
        if (/from '[^']+';$/.test(line)) inImport = false;
        continue;
      }
      if (/^(import|export) .* from '[^']+';$/.test(line) || /^import '[^']+';$/.test(line)) continue;
      if (/^(import|export) (type )?\{$/.test(line)) {
        inImport = true;
        continue;
      }
      if (line.length < MIN_LENGTH) continue;
      found.push({ file: relative(ROOT, file), wiring, text: line.replace(HOST_NAMES, '<host>') });
    }
  }
  return found;
}

const kadu = lines('src');
const billingLines = lines('apps/billing');
const billing = new Set(billingLines.map((line) => line.text));
const billingWiring = new Set(billingLines.filter((line) => line.wiring).map((line) => line.text));
const repeated = kadu.filter((line) => billing.has(line.text));
const wiring = repeated.filter((line) => line.wiring && billingWiring.has(line.text));
const distinct = (found) => new Set(found.map((line) => line.text)).size;
if (process.argv.includes('--list')) {
  for (const line of repeated) console.log(`${line.file}: ${wiring.includes(line) ? 'wiring' : 'domain'}: ${line.text}`);
}
console.log(`Repeated wiring between src/ and apps/billing/: ${wiring.length} (${distinct(wiring)} distinct)`);
console.log(`Repeated lines between src/ and apps/billing/: ${repeated.length} (${distinct(repeated)} distinct)`);
