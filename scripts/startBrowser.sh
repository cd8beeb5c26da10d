#!/usr/bin/env bash
# `npm run start:browser -- [--user-data <dir>] [--port <n>] …`: installs what building and
# running need where it is missing (as `npm start` does), builds, then starts browser mode
# directly (never the Electron window), passing the arguments on.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node24.sh
CLIPDESK_DEPS=run source scripts/npm-deps.sh
npm run --silent build >/dev/null
exec node dist/browser/main.js "$@"
