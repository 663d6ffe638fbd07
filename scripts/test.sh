#!/usr/bin/env bash
# The whole suite: unit + integration (PGlite; PostgreSQL too when TEST_DATABASE_URL
# is set), then a production build and the Playwright tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
# Lint and format first (seconds): the domains' import boundaries are lint rules (biome.json).
npx biome check .
# Then the browser: a machine that cannot run the browser tests says so before minutes of work.
CHROMIUM_PATH="$(npx tsx scripts/ensure-chromium.ts)"
export CHROMIUM_PATH
# nginx, for the test of two servers behind a load balancer: Debian's package when this machine can install it
# (as root with apt); without it that spec is skipped and says why.
if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing nginx-light for the several-machines test" >&2
  { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null 2>&1 ||
    { apt-get update -qq >/dev/null 2>&1; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null 2>&1; }; } ||
    echo "nginx could not be installed: the several-machines test will be skipped" >&2
fi
# The production build runs beside the unit tests at the lowest CPU priority: the tests spend much of their
# time waiting on timers, sockets and child processes, and the build takes the cores they leave idle.
# (Same session, so nice applies: the kernel shares CPU fairly between sessions. Its own process group, so
# a failed test run can stop the whole build.)
build_log="$(mktemp)"
set -m
nice -n 19 npx next build >"$build_log" 2>&1 &
build_pid=$!
set +m
if ! npx vitest run; then
  kill -- -"$build_pid" 2>/dev/null || true
  wait "$build_pid" 2>/dev/null || true
  exit 1
fi
if ! wait "$build_pid"; then
  cat "$build_log"
  echo "next build failed" >&2
  exit 1
fi
cat "$build_log"
npx playwright test
