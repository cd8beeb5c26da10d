#!/usr/bin/env bash
# `npm run bench [-- <name> …]`: installs what the benchmarks need (Debian packages, Node 24,
# npm packages) and builds the app, then runs each bench/<name>.bench.ts with node (all of them by default:
# upload polling journal startup timeline longform transcribe render preview) and ends with one summary line per benchmark.
# Not part of `npm test`. Browser mode (the start-up benchmark) keeps keys in a Secret
# Service: without a D-Bus session, a private one is started for the run, its keyring in a
# temporary folder under a random password.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  keyring="$(mktemp -d)"
  trap 'rm -rf "$keyring"' EXIT
  status=0
  # The session daemon's own notices (fd limits, service activations) are not the benchmarks' output.
  CLIPDESK_BENCH_KEYRING="$keyring" dbus-run-session -- bash "$0" "$@" 2> >(grep -v '^dbus-daemon\[' >&2) || status=$?
  exit $status
fi
if [ -n "${CLIPDESK_BENCH_KEYRING:-}" ]; then
  head -c 24 /dev/urandom | base64 | XDG_DATA_HOME="$CLIPDESK_BENCH_KEYRING" gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
  unset CLIPDESK_BENCH_KEYRING
fi

bash scripts/system-deps.sh
source scripts/node24.sh
source scripts/npm-deps.sh
# The benchmarks launch the app as `npm start` does (dist/browser/main.js, the built local
# service and renderer beside it): built now, so that none measures a stale build.
npm run --silent build >/dev/null
# The machine's load is part of every figure: say what it was.
echo "clipdesk: node $(node --version), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"

names=("$@")
[ ${#names[@]} -eq 0 ] && names=(upload polling journal startup timeline longform transcribe render preview)
log="$(mktemp)"
status=0
for name in "${names[@]}"; do
  file="bench/$name.bench.ts"
  if [ ! -f "$file" ]; then
    echo "BENCH SUMMARY $name: no such benchmark ($file)" >>"$log"
    status=1
    continue
  fi
  started=$SECONDS
  if node "$file" | tee -a "$log"; then
    echo "($name took $((SECONDS - started)) s)"
  else
    code=$?
    echo "BENCH SUMMARY $name: FAILED (exit $code after $((SECONDS - started)) s; its output is above)" >>"$log"
    status=1
  fi
done

echo
echo "== Summary (load average now $(cut -d' ' -f1-3 /proc/loadavg)) =="
grep '^BENCH SUMMARY ' "$log" | sed 's/^BENCH SUMMARY //'
rm -f "$log"
exit $status
