#!/usr/bin/env bash
# `npm start`: installs Node 24 and the dependencies where needed, builds, then starts
# Clipdesk with the local workspace by default (scripts/launch.sh: the Electron app where
# its binary is installed, else browser mode, saying so and printing the URL to open).
# Extra arguments go to browser mode, e.g. `npm start -- --port 8080 --user-data <dir>`.
set -euo pipefail
cd "$(dirname "$0")/.."
# ffmpeg makes and measures media; pocketsphinx is the local service's speech recogniser.
{ command -v ffmpeg && command -v pocketsphinx_continuous; } >/dev/null || bash scripts/system-deps.sh
source scripts/node24.sh
CLIPDESK_DEPS=run source scripts/npm-deps.sh
npm run --silent build >/dev/null

if [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] || ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  exec bash scripts/launch.sh "$@"
fi
# No desktop session, so no Secret Service to keep keys in: one is started for this run,
# its keyring in a temporary folder under a random password. The local workspace gets its
# key afresh at each start; keys of remote accounts entered now are gone when it stops.
echo "clipdesk: no D-Bus session here: starting a private Secret Service for this run (keys of remote accounts will not be kept)" >&2
keyring="$(mktemp -d)"
trap 'rm -rf "$keyring"' EXIT
CLIPDESK_PRIVATE_KEYRING="$keyring" dbus-run-session -- bash scripts/launch.sh "$@"
