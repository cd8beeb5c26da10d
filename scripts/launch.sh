#!/usr/bin/env bash
# Runs the built Clipdesk (called by scripts/start.sh, after the build): Electron where its
# binary is installed; otherwise browser mode, saying why and that its URL is to be opened.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${CLIPDESK_PRIVATE_KEYRING:-}" ]; then
  head -c 24 /dev/urandom | base64 | XDG_DATA_HOME="$CLIPDESK_PRIVATE_KEYRING" gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
  unset CLIPDESK_PRIVATE_KEYRING
fi
# Looked up without require('electron'): that tries to download the binary when it is missing.
electron_binary() {
  node -e '
    const fs = require("node:fs"), path = require("node:path");
    const dir = path.dirname(require.resolve("electron/package.json"));
    const name = path.join(dir, "path.txt");
    if (!fs.existsSync(name)) process.exit(1);
    const binary = path.join(dir, "dist", fs.readFileSync(name, "utf8").trim());
    if (!fs.existsSync(binary)) process.exit(1);
    process.stdout.write(binary);
  '
}
if binary="$(electron_binary)"; then
  exec "$binary" .
fi
echo "clipdesk: the Electron binary is not installed (ELECTRON_SKIP_BINARY_DOWNLOAD is set), so Clipdesk starts in browser mode." >&2
echo "clipdesk: open the URL it prints (http://127.0.0.1:<port>/?token=…) in a browser on this computer; Ctrl+C stops it." >&2
exec node dist/browser/main.js "$@"
