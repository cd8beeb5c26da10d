#!/usr/bin/env bash
# `npm test`: installs everything the tests need, then runs every test.
# Lint and typecheck first (they are the layer rules), then unit and integration
# tests inside a private D-Bus session with an unlocked gnome-keyring, so keytar
# talks to a real Secret Service.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh
source scripts/node24.sh
source scripts/npm-deps.sh
echo "clipdesk: node $(node --version)" >&2

npx eslint . --max-warnings=0
npx tsc --noEmit -p tsconfig.json
mkdir -p test-results
# The keyring daemon gets its own empty data folder: a keyring left on the machine
# (with another password) must not decide whether the tests can unlock theirs.
keyring_home="$(mktemp -d)"
trap 'rm -rf "$keyring_home"' EXIT
dbus-run-session -- sh -c 'printf clipdesk-test | XDG_DATA_HOME="$0" gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json' "$keyring_home"
node scripts/summarise-tests.ts test-results/vitest.json
