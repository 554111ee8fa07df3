#!/usr/bin/env bash
# `npm run pack:mcp`: builds @kobana/mcp on its own (libs/mcp/tsconfig.lib.json,
# CommonJS + declarations into libs/mcp/dist) and packs it with `npm pack`.
# The tarball goes to a fresh temporary folder, never into libs/mcp/dist, so
# one pack cannot end up inside the next. Its absolute path is the LAST line
# printed: callers (the install test, a release job) read it with `tail -n 1`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
package_dir="$root/libs/mcp"

# A clean build, so a file deleted from src/ cannot linger in the package.
rm -rf "$package_dir/dist"
"$root/node_modules/.bin/tsc" -p "$package_dir/tsconfig.lib.json"

destination="$(mktemp -d "${TMPDIR:-/tmp}/kobana-mcp-pack.XXXXXX")"
# --ignore-scripts: packing must not run anything the package might declare.
tarball="$(cd "$package_dir" && npm pack --silent --ignore-scripts --pack-destination "$destination" | tail -n 1)"
echo "$destination/$tarball"
