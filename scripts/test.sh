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
npx vitest run
npx next build
npx playwright test
