#!/usr/bin/env bash
# `npm start`: installs Node 24 and the dependencies where needed, then starts Clipdesk.
# Until the app shell lands this starts the bundled sandbox (the local workspace).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v ffmpeg >/dev/null || bash scripts/system-deps.sh
source scripts/node24.sh
source scripts/npm-deps.sh
data="${CLIPDESK_DATA:-${XDG_DATA_HOME:-$HOME/.local/share}/clipdesk}/sandbox"
echo "clipdesk: the app shell is not built yet; starting the local sandbox (data in $data)" >&2
exec node sandbox/main.ts --port "${CLIPDESK_SANDBOX_PORT:-0}" --data "$data" "$@"
