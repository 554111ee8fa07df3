#!/usr/bin/env bash
# `npm run example:adopter`: the Notebook of examples/adopter, an application
# with users of its own, installed from the libraries' tarballs and started
# the way an adopter would, outside this repository.
#
#   1. packs every library (`npm run pack:libs`) into a temporary folder;
#   2. copies examples/adopter to ${ADOPTER_DIR:-a new temporary folder}, which
#      must lie outside the repository (otherwise Node would find the
#      repository's node_modules and the example would prove nothing);
#   3. installs the tarballs and the example's dependencies from the npm cache
#      (`--prefer-offline`: the root's `npm ci` filled it);
#   4. builds it with its own tsc;
#   5. starts it with node, in the foreground, replacing this shell (PORT,
#      HOST, PUBLIC_URL and NOTEBOOK_* pass through).
#
# Each step says what it does on stderr, and a failing step stops the script
# with its name and a non-zero exit.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
step="starting"
trap 'echo "example:adopter: failed while ${step} (exit $?)" >&2' ERR
say() {
  step="$1"
  echo "example:adopter: ${step}" >&2
}

# `npm run` hands its own settings down as npm_* variables (the repository's
# prefix among them); the example's npm must read the example's folder, not
# them. The machine's own NPM_CONFIG_* (a registry mirror, say) stay.
while IFS= read -r name; do unset "$name"; done < <(compgen -e | grep '^npm_' || true)

dir="${ADOPTER_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/kobana-adopter.XXXXXX")}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd -P)"
case "$dir/" in
  "$(cd "$root" && pwd -P)/"*)
    echo "example:adopter: ADOPTER_DIR ($dir) lies inside the repository; choose a folder outside it" >&2
    exit 1
    ;;
esac

packs="$(mktemp -d "${TMPDIR:-/tmp}/kobana-adopter-packs.XXXXXX")"
trap 'rm -rf "$packs"' EXIT

say "packing the libraries"
bash "$root/scripts/pack-libs.sh" "$packs" >/dev/null

say "copying examples/adopter to $dir"
# What an earlier run installed or built goes; its data (the database) stays.
rm -rf "$dir/node_modules" "$dir/dist" "$dir/packages" "$dir/package-lock.json"
(cd "$root/examples/adopter" && tar --exclude=./node_modules --exclude=./dist --exclude=./data --exclude=./packages -cf - .) | (cd "$dir" && tar -xf -)
mkdir -p "$dir/packages"
cp "$packs"/*.tgz "$dir/packages/"

say "installing the tarballs and the example's dependencies"
# better-sqlite3 downloads its binary from GitHub, or compiles SQLite for
# minutes when it cannot. The binary the repository's own install already has
# is offered as a local prebuild: used when the example installs the same
# version for the same Node, ignored otherwise.
sqlite="$root/node_modules/better-sqlite3"
if [ -f "$sqlite/build/Release/better_sqlite3.node" ]; then
  prebuild="$(node -p "['better-sqlite3-v' + require('$sqlite/package.json').version, 'node-v' + process.versions.modules, process.platform, process.arch].join('-')")"
  mkdir -p "$packs/prebuilds"
  tar -czf "$packs/prebuilds/$prebuild.tar.gz" -C "$sqlite" build/Release/better_sqlite3.node
  export npm_config_better_sqlite3_local_prebuilds="$packs/prebuilds"
fi
# Every tarball at once: the libraries depend on each other by version, which
# only the tarballs installed beside them provide.
(cd "$dir" && npm install --no-audit --no-fund --prefer-offline --loglevel=error ./packages/*.tgz)

say "building the example"
(cd "$dir" && ./node_modules/.bin/tsc -p tsconfig.json)

say "starting the example (node dist/main.js in $dir)"
# exec runs no EXIT trap: the packs go now, the example needs them no more.
rm -rf "$packs"
trap - EXIT
cd "$dir"
exec node dist/main.js
