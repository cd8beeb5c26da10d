# Sourced after node24.sh: runs `npm ci` when node_modules is missing or older than the lockfile.
# Native modules are built for the Node that runs them: against Node 24's headers from .tools/
# when node24.sh fetched it (npm's nodedir for this one command only).
stamp="$clipdesk_root/node_modules/.clipdesk-lock"
want="$(sha256sum "$clipdesk_root/package-lock.json" | cut -d' ' -f1)-$(node --version)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "clipdesk: installing npm dependencies (npm ci)" >&2
  (
    cd "$clipdesk_root" || exit 1
    if [ -n "${CLIPDESK_NODE_DIR:-}" ]; then export npm_config_nodedir="$CLIPDESK_NODE_DIR"; fi
    npm ci --no-audit --no-fund --loglevel=error
  ) || return 1
  echo "$want" > "$stamp"
fi
