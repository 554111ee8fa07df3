#!/usr/bin/env bash
# `npm run jest -- [paths] [jest options]`: jest as every test script runs it.
# Nest 12's packages are ES modules; jest loads them through require only on
# Node 24.9 or later, with --experimental-vm-modules (as Nest's own CommonJS
# template runs it). On an older Node this runs the same command on Node 24
# in a copy of the project (scripts/node24.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if node -e 'const [major, minor] = process.versions.node.split(".").map(Number); process.exit(major > 24 || (major === 24 && minor >= 9) ? 0 : 1)'; then
  # Not in NODE_OPTIONS: the processes specs start (hosts, CLIs, tools) run without it, as in production.
  exec node --disable-warning=ExperimentalWarning --experimental-vm-modules "$root/node_modules/jest/bin/jest.js" "$@"
fi
exec bash "$root/scripts/node24.sh" jest "$@"
