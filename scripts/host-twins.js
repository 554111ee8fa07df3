#!/usr/bin/env node
/**
 * Counts the wiring two hosts repeat: lines of Kadu's non-test TypeScript
 * (src/) that also occur in Billing's (apps/billing/) once each host's name
 * is replaced by one placeholder. Imports, and lines shorter than 20
 * characters (braces, `return x;`), are left out: they repeat by nature.
 *
 * `node scripts/host-twins.js [--list]`; `--list` prints the lines.
 */
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const MIN_LENGTH = 20;
/** Longest first, so "Kobana Billing" is one name, not "Kobana" and a name. */
const HOST_NAMES = /kobana[ -]?billing|kobanabilling|kbill|billing|kadu/gi;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.ts$/.test(name) && !/\.(spec|e2e-spec)\.ts$/.test(name) ? [path] : [];
  });
}

function lines(dir) {
  const found = [];
  let inImport = false;
  for (const file of files(join(ROOT, dir))) {
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
      found.push({ file: relative(ROOT, file), text: line.replace(HOST_NAMES, '<host>') });
    }
  }
  return found;
}

const kadu = lines('src');
const billing = new Set(lines('apps/billing').map((line) => line.text));
const repeated = kadu.filter((line) => billing.has(line.text));
if (process.argv.includes('--list')) for (const line of repeated) console.log(`${line.file}: ${line.text}`);
console.log(`Repeated lines between src/ and apps/billing/: ${repeated.length} (${new Set(repeated.map((line) => line.text)).size} distinct)`);
