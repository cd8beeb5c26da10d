#!/usr/bin/env bash
# Runs a command with Node 24 first on PATH (fetching it where the machine's Node is older),
# so the npm scripts that run TypeScript work from any shell: `npm run sandbox`, `npm run
# start:browser`, the test scripts. `node <file.ts>` runs TypeScript only from Node 24 on.
set -euo pipefail
source "$(dirname "$0")/node24.sh"
exec "$@"
