#!/usr/bin/env bash
# Runs the e2e files that depend on the database against the SQL Server at MSSQL_URL
# (mssql://user:password@host:1433/database: a login that may CREATE DATABASE; each test file
# creates its own erp_test_* database there and drops it). MSSQL_TRUST_SERVER_CERTIFICATE=true
# accepts a self-signed certificate. Without MSSQL_URL it says so and runs nothing.
set -euo pipefail
if [ -z "${MSSQL_URL:-}" ]; then
  echo "test:mssql: MSSQL_URL is not set, so no SQL Server suite ran (see docs/operations.md)"
  exit 0
fi
export DB_TYPE=mssql
unset DATABASE_URL
# A small pool: each new connection is a login (on the T-SQL engine of CI a server process, up to a
# second under load), and twenty at once outlast the service's 2 s connect timeout (503).
export DB_POOL_SIZE=${DB_POOL_SIZE:-4}
if [ $# -gt 0 ]; then
  npx jest --maxWorkers=1 "$@" --selectProjects e2e
else
  # The files whose outcome rests on the database's statements, locks and types (the set CI's
  # time allows on the T-SQL engine, where each file builds its own database in about 9 s):
  # the service as a process on every endpoint, writes and their concurrency, reads, the outbox.
  # Not webhook-lanes: its lanes are in the process, and its 6 s bound failed at the engine's
  # round trips on a loaded machine.
  files=(
    sql-server.mssql-spec.ts orders.e2e-spec.ts orders-quote.e2e-spec.ts orders-concurrency.e2e-spec.ts orders-money.e2e-spec.ts
    orders-offers.e2e-spec.ts customers.e2e-spec.ts idempotency.e2e-spec.ts database-concurrency.e2e-spec.ts
    charset.e2e-spec.ts addresses.e2e-spec.ts articles.e2e-spec.ts media.e2e-spec.ts scope.e2e-spec.ts
    pricing.e2e-spec.ts events.e2e-spec.ts events-processes.e2e-spec.ts conditional-requests.e2e-spec.ts
  )
  npx jest "${files[@]/#//test/}" --selectProjects e2e
fi
