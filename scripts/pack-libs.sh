#!/usr/bin/env bash
# `npm run pack:libs [outdir]`: builds every library under libs/ (CommonJS +
# declarations into libs/<name>/dist) and packs each with `npm pack` into
# outdir (default dist/packages), printing one absolute tarball path a line,
# in the order of libs/.
#
# Every folder of libs/ is a package: one without a package.json stops the
# pack. All libraries compile in ONE tsc program (faster than one per library,
# and in no particular order): the root tsconfig's `@kobana/*` paths find a
# sibling's sources, and since tsc never rewrites an import, the emitted code
# and declarations still say `@kobana/<sibling>`, which an installed
# application resolves to that sibling's package. The program holds only what
# each package's `exports` reach (libs/<name>/src/<subpath>/index.ts), so
# specs and test-only helpers are never built. A built file that reaches
# outside its own package through a relative path stops the pack.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "${1:-$root/dist/packages}"
destination="$(cd "${1:-$root/dist/packages}" && pwd)"

libs=()
for dir in "$root"/libs/*/; do
  name="$(basename "$dir")"
  if [ ! -f "$dir/package.json" ]; then
    echo "libs/$name has no package.json: every library is a package (see docs/architecture.md, \"Packages\")" >&2
    exit 1
  fi
  libs+=("$name")
done

work="$(mktemp -d "${TMPDIR:-/tmp}/kobana-libs-build.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# The build's tsconfig: the root's options and paths, the entry points that
# the packages export, declarations on, no source maps (their sources are not
# shipped), no jest types (a library's runtime code must not use them).
node - "$root" "$work" "${libs[@]}" <<'NODE'
const { existsSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const [root, work, ...libs] = process.argv.slice(2);
const files = libs.flatMap((lib) => {
  const manifest = require(join(root, 'libs', lib, 'package.json'));
  return Object.values(manifest.exports ?? { '.': { require: manifest.main } })
    .filter((target) => typeof target === 'object')
    .map((target) => {
      const source = join(root, 'libs', lib, target.require.replace(/^(\.\/)?dist\//, 'src/').replace(/\.js$/, '.ts'));
      if (!existsSync(source)) throw new Error(`libs/${lib}/package.json exports ${target.require}, but ${source} does not exist`);
      return source;
    });
});
const config = {
  extends: join(root, 'tsconfig.json'),
  compilerOptions: { rootDir: join(root, 'libs'), outDir: join(work, 'out'), declaration: true, sourceMap: false, types: ['node'], typeRoots: [join(root, 'node_modules', '@types')] },
  files,
  include: [],
};
writeFileSync(join(work, 'tsconfig.json'), JSON.stringify(config, null, 2));
NODE
"$root/node_modules/.bin/tsc" -p "$work/tsconfig.json"

# A clean dist per library, so a file deleted from src/ cannot linger in a package.
for name in "${libs[@]}"; do
  rm -rf "$root/libs/$name/dist"
  mv "$work/out/$name/src" "$root/libs/$name/dist"
done

node - "$root" "${libs[@]}" <<'NODE'
const { readFileSync, readdirSync } = require('node:fs');
const { dirname, join, relative, resolve, sep } = require('node:path');
const [root, ...libs] = process.argv.slice(2);
const files = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
const escapes = libs.flatMap((lib) => {
  const dist = join(root, 'libs', lib, 'dist');
  return files(dist).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from |require\(|import\()["'](\.{1,2}\/[^"']*)["']/g)]
      .map((match) => match[1])
      .filter((specifier) => !(resolve(dirname(file), specifier) + sep).startsWith(dist + sep))
      .map((specifier) => `${relative(root, file)}: ${specifier}`),
  );
});
if (escapes.length > 0) {
  console.error(`built files that reach outside their package (import the sibling by its @kobana/ name instead):\n${escapes.join('\n')}`);
  process.exit(1);
}
NODE

for name in "${libs[@]}"; do
  # --ignore-scripts: packing must not run anything a package might declare.
  tarball="$(cd "$root/libs/$name" && npm pack --silent --ignore-scripts --pack-destination "$destination" | tail -n 1)"
  echo "$destination/$tarball"
done
