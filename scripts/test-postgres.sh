#!/usr/bin/env bash
# Runs the e2e suite against the local PostgreSQL: starts the cluster when it is down, creates a
# fresh erp_test_* database for the run (the suite clones its own per-file databases from it)
# and drops it afterwards. Fails loudly when PostgreSQL cannot be reached.
set -euo pipefail
PGHOST=${PGHOST:-127.0.0.1}
PGPORT=${PGPORT:-5432}
PGUSER=${PGUSER:-postgres}

if ! pg_isready -q -h "$PGHOST" -p "$PGPORT"; then
  echo "PostgreSQL is not running on $PGHOST:$PGPORT; starting the local cluster"
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  fi
  for _ in $(seq 1 30); do pg_isready -q -h "$PGHOST" -p "$PGPORT" && break; sleep 1; done
  pg_isready -h "$PGHOST" -p "$PGPORT" || { echo "FATAL: PostgreSQL is not reachable on $PGHOST:$PGPORT" >&2; exit 1; }
fi

DB="erp_test_run_$$"
psql -v ON_ERROR_STOP=1 -q -h "$PGHOST" -p "$PGPORT" -U "$PGUSER" -d postgres -c "CREATE DATABASE \"$DB\""
trap 'psql -q -h "$PGHOST" -p "$PGPORT" -U "$PGUSER" -d postgres -c "DROP DATABASE IF EXISTS \"$DB\" WITH (FORCE)" >/dev/null' EXIT
export DB_TYPE=postgres DATABASE_URL="postgres://$PGUSER@$PGHOST:$PGPORT/$DB"
if [ $# -gt 0 ]; then
  # Chosen files: one at a time, as they are asked for.
  npx jest --maxWorkers=1 "$@" --selectProjects e2e
else
  # The whole suite, one file per core (the shutdown test waits until the service has read its
  # requests before it sends SIGTERM, so it does not need the machine to itself), without the files
  # whose outcome does not depend on the database, which npm test runs: demo-start always starts
  # on a new SQLite file, the client generated from the OpenAPI document is the same for every
  # database, the Swagger UI test drives the browser page, the e-invoice route and the log route
  # read and write no database, nor do the e-invoice limits, the rate-limit fields and the Redis
  # outages (their counters live in the process or in Redis), the login throttle (its failure
  # log likewise; the user read is the one auth.e2e-spec.ts runs here) and the reverse proxy's
  # headers. The document's own file stays: it checks answers read from the database (order
  # addresses) against the document.
  same='/test/(demo-start|openapi-client|swagger-ui|e-invoice|e-invoice-limits|log|rate-limit-fields|outages-redis|auth-throttle|reverse-proxy)\.e2e-spec\.ts$'
  npx jest --selectProjects e2e --testPathIgnorePatterns "$same"
fi
