#!/usr/bin/env bash
# The Debian packages the tests drive for real, checked before any test runs
# (the first step of `npm test`, and of .ci/run):
#   redis-server  the shared rate-limit store (specs start their own on a free loopback port)
#   chromium      /usr/bin/chromium, the approval page through playwright-core
#   postgresql    server binaries (/usr/lib/postgresql/*/bin/initdb) for the replicas
#                 test and test:postgres, which initdb their own throwaway clusters
#   nginx         /usr/sbin/nginx, the reverse proxy of test/deployment (started with
#                 its own prefix and configuration on a free loopback port)
#
# All present: one line, exit 0. Some missing: installs them when allowed to
# (CI set, running as root, apt-get present; or TEST_INSTALL_PACKAGES=1, with
# sudo when not root), otherwise stops at once naming them and the command
# that installs them. The specs that need them fail rather than skip, so this
# is where a missing package is meant to be caught.
#
# TEST_PREREQUISITES_ASSUME_MISSING="chromium ..." treats the named packages as
# missing whatever is installed (until an install has run): it exists to try
# the two paths above.
set -euo pipefail

is_present() {
  case " ${TEST_PREREQUISITES_ASSUME_MISSING:-} " in *" $1 "*) return 1 ;; esac
  case "$1" in
    redis-server) command -v redis-server >/dev/null 2>&1 ;;
    chromium) [ -x /usr/bin/chromium ] ;;
    postgresql) compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null ;;
    nginx) [ -x /usr/sbin/nginx ] ;;
  esac
}

missing_packages() {
  local package missing=()
  for package in redis-server chromium postgresql nginx; do
    is_present "$package" || missing+=("$package")
  done
  echo "${missing[*]:-}"
}

missing=$(missing_packages)
if [ -z "$missing" ]; then
  echo "test prerequisites: redis-server, chromium, postgresql and nginx are installed"
  exit 0
fi

install_command="sudo apt-get update && sudo apt-get install -y $missing"
if [ "$EUID" -eq 0 ]; then as_root=(); else as_root=(sudo); fi
if { [ -n "${CI:-}" ] && [ "$EUID" -eq 0 ] && command -v apt-get >/dev/null; } || [ "${TEST_INSTALL_PACKAGES:-}" = 1 ]; then
  echo "test prerequisites: installing $missing"
  export DEBIAN_FRONTEND=noninteractive
  # shellcheck disable=SC2086 # one word per package
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" apt-get install -y -qq $missing
  TEST_PREREQUISITES_ASSUME_MISSING='' # what apt-get installed counts now
  missing=$(missing_packages)
  if [ -n "$missing" ]; then
    echo "test prerequisites: still missing after apt-get install: $missing" >&2
    exit 1
  fi
  echo "test prerequisites: installed"
  exit 0
fi

printf '%s\n' "The tests need Debian packages that are not installed: $missing" 'Install them with:' '' "  $install_command" '' \
  '(or run with TEST_INSTALL_PACKAGES=1 to have this step install them)' >&2
exit 1
