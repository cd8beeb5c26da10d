#!/usr/bin/env bash
# `npm test`: installs everything the tests need, then runs every test.
# Lint, formatting and typecheck first (the lint rules are the layer rules), then the build,
# unit and integration tests, and the end-to-end tests (Playwright in Debian's Chromium
# through browser mode), all inside one private D-Bus session with an unlocked
# gnome-keyring, so keytar talks to a real Secret Service. One closing line counts
# every runner's results.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh
source scripts/node24.sh
source scripts/npm-deps.sh
echo "clipdesk: node $(node --version)" >&2

npx eslint . --max-warnings=0
npx prettier --check . --log-level=warn
npx tsc --noEmit -p tsconfig.json
mkdir -p test-results
# A report left from an earlier run must not be counted for this one.
rm -f test-results/vitest.json test-results/playwright.json
status=0
# The Secret Service of the tests keeps its keyring in a folder of its own, so its password
# never meets (or changes) the login keyring of whoever runs the tests.
keyring="$(mktemp -d)"
trap 'rm -rf "$keyring"' EXIT
CLIPDESK_TEST_KEYRING="$keyring" dbus-run-session -- sh -c '
  printf clipdesk-test | XDG_DATA_HOME="$CLIPDESK_TEST_KEYRING" gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
  status=0
  # Built first: integration tests start browser mode, which serves the built renderer.
  if ! npm run --silent build >test-results/build.log 2>&1; then
    cat test-results/build.log >&2
    echo "clipdesk: the build failed" >&2
    status=1
  fi
  npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || status=1
  if [ "$status" = 0 ] || [ -f dist/renderer/index.html ]; then
    npx playwright test || status=1
  fi
  exit $status
' || status=$?
node scripts/summarise-tests.ts test-results/vitest.json test-results/playwright.json || status=1
exit $status
