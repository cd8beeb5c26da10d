# Sourced after node24.sh: installs the npm dependencies when node_modules is missing or older
# than the lockfile. CLIPDESK_DEPS=run (scripts/start.sh) installs only what building and
# running need (scripts/packagesForRunning.ts: no test toolchain), at the locked versions;
# otherwise everything (`npm ci`). A full install also serves `run`; a `run` one is completed
# by `npm ci` when everything is wanted. Native modules are built for the Node that runs them:
# against Node 24's headers from .tools/ when node24.sh fetched it (npm's nodedir for these
# commands only).
clipdesk_deps="${CLIPDESK_DEPS:-all}"
stamp="$clipdesk_root/node_modules/.clipdesk-lock"
locked="$(sha256sum "$clipdesk_root/package-lock.json" | cut -d' ' -f1)-$(node --version)"
installed="$(cat "$stamp" 2>/dev/null || true)"  # no stamp yet: a fresh clone
# The stamp: "<lock>-<node>" after a full install, "<lock>-<node>-run" after a `run` one.
if [ "$installed" != "$locked" ] && { [ "$clipdesk_deps" = all ] || [ "$installed" != "$locked-run" ]; }; then
  (
    cd "$clipdesk_root" || exit 1
    if [ -n "${CLIPDESK_NODE_DIR:-}" ]; then export npm_config_nodedir="$CLIPDESK_NODE_DIR"; fi
    if [ "$clipdesk_deps" = run ]; then
      echo "clipdesk: installing the npm dependencies Clipdesk runs with (not the test tools)" >&2
      # npm has no "these dev packages only": the reduced package.json is installed beside the
      # project's lockfile (which pins every version), then its node_modules moved into place.
      work="$clipdesk_root/.tools/run-deps"
      rm -rf "$work" && mkdir -p "$work" || exit 1
      node scripts/packagesForRunning.ts package.json > "$work/package.json" || exit 1
      cp package-lock.json "$work/package-lock.json" || exit 1
      (cd "$work" && npm install --no-audit --no-fund --loglevel=error) || exit 1
      rm -rf node_modules && mv "$work/node_modules" node_modules && rm -rf "$work"
    else
      echo "clipdesk: installing npm dependencies (npm ci)" >&2
      npm ci --no-audit --no-fund --loglevel=error
    fi
  ) || return 1
  if [ "$clipdesk_deps" = run ]; then echo "$locked-run" > "$stamp"; else echo "$locked" > "$stamp"; fi
fi
