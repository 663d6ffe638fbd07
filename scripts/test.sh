#!/usr/bin/env bash
# The whole suite: unit + integration (PGlite; PostgreSQL too when TEST_DATABASE_URL
# is set), then a production build and the Playwright tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
npx vitest run
npx next build
npx playwright test
