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
  # The files of npm run test:pg, without those whose outcome does not depend on the database.
  same='/test/(demo-start|openapi-client|swagger-ui)\.e2e-spec\.ts$'
  npx jest --selectProjects e2e --testPathIgnorePatterns "$same"
fi
