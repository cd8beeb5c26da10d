#!/usr/bin/env bash
# Installs the Debian packages the tests need, where any is missing:
# ffmpeg (real media), chromium (Playwright), xvfb, gnome-keyring + dbus (a real
# Secret Service for keytar), libsecret-1-dev, python3/make/g++ (building keytar),
# pocketsphinx + its US English model (the local service's speech recogniser) and
# pocketsphinx-testdata (recorded LibriVox sentences with their text, for the tests).
set -euo pipefail
packages=(ffmpeg chromium xvfb gnome-keyring dbus dbus-x11 libsecret-1-dev python3 make g++ curl
  pocketsphinx pocketsphinx-en-us pocketsphinx-testdata)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "clipdesk: installing Debian packages: ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "clipdesk: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
