#!/usr/bin/env bash
# `npm run test:unit -- [paths] [jest options]`, `npm run test:e2e -- …`: jest on
# one project (unit or e2e) with the caller's arguments FIRST. jest's
# --selectProjects takes every word after it as a project name, so a path
# npm appended after it was swallowed and every file of the project ran.
set -euo pipefail
project="$1"
shift
extra=()
# e2e specs run one at a time, as they always have: each starts servers, databases or a browser of its own.
[ "$project" = e2e ] && extra=(--maxWorkers=1)
exec bash "$(dirname "$0")/jest.sh" "$@" "${extra[@]}" --selectProjects "$project"
