#!/usr/bin/env bash
# Install Debian's Chromium for the real-browser tests, unless it is there.
# (Playwright drives /usr/bin/chromium; never `playwright install`, which
# downloads a browser of its own.)
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
