# Sourced after node24.sh: runs `npm ci` when node_modules is missing or older than the lockfile.
stamp="$clipdesk_root/node_modules/.clipdesk-lock"
want="$(sha256sum "$clipdesk_root/package-lock.json" | cut -d' ' -f1)-$(node --version)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "clipdesk: installing npm dependencies (npm ci)" >&2
  (cd "$clipdesk_root" && npm ci --no-audit --no-fund --loglevel=error) || return 1
  echo "$want" > "$stamp"
fi
