#!/usr/bin/env bash
# Prepares what the suites need beyond node_modules (npm runs it before `npm test`, `test:pg` and
# `test:node24`): qpdf and poppler's pdfdetach check the e-invoice output, nginx runs
# docker/nginx.conf in the reverse-proxy and Swagger UI tests, chromium drives Swagger UI, Redis
# (127.0.0.1:6379) and RabbitMQ (127.0.0.1:5672, guest/guest) serve the rate-limit and event tests.
# Missing Debian packages are installed when the user may (root, or sudo without a password) and
# stopped brokers are started; otherwise it lists what is missing and fails before any test runs.
set -euo pipefail

# command:package pairs; the package is what Debian/Ubuntu's apt-get installs. Arguments add
# more pairs (CI adds docker-compose).
needed=(qpdf:qpdf pdfdetach:poppler-utils nginx:nginx-light chromium:chromium
  redis-server:redis-server rabbitmq-server:rabbitmq-server rabbitmqctl:rabbitmq-server "$@")

missing=()
for pair in "${needed[@]}"; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
done
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u | sed '/^$/d')

may_root() { [ "$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi
}

if [ ${#missing[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null 2>&1 || ! may_root; then
    echo "The tests need these Debian packages, which are not installed: ${missing[*]}" >&2
    echo "Install them (apt-get install ${missing[*]}) as root, then run the tests again." >&2
    exit 1
  fi
  echo "== installing what the tests need: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# Waits up to a minute for a port to accept connections.
await_port() {
  for _ in $(seq 1 60); do port_open "$1" && return 0; sleep 1; done
  return 1
}
# Starting a broker needs root here; a user who may not is told what to start.
can_start() {
  may_root && return 0
  echo "$1 is not running on 127.0.0.1:$2 and starting it needs root: start it, then run the tests again." >&2
  exit 1
}

if ! port_open 6379; then
  can_start Redis 6379
  echo "== Redis is not running on 127.0.0.1:6379; starting it"
  as_root redis-server --bind 127.0.0.1 --port 6379 --daemonize yes >/dev/null
  await_port 6379 || { echo "Redis did not start on 127.0.0.1:6379" >&2; exit 1; }
fi
if ! port_open 5672; then
  can_start RabbitMQ 5672
  echo "== RabbitMQ is not running on 127.0.0.1:5672; starting it"
  as_root rabbitmq-server -detached
  await_port 5672 || { echo "RabbitMQ did not start on 127.0.0.1:5672" >&2; exit 1; }
  as_root rabbitmqctl await_startup >/dev/null
fi
