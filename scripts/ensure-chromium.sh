#!/bin/sh
# The end-to-end tests drive Debian's Chromium (playwright.config.ts). On a bare
# machine, root installs it; anyone else gets one line saying what to run.
# CHROMIUM_PATH overrides where it is looked for (default /usr/bin/chromium).
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing at $chromium: run 'sudo apt-get update && sudo apt-get install -y chromium', then run the tests again." >&2
  exit 1
fi
echo "Chromium is missing at $chromium: installing it with apt-get." >&2
apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium || exit 1
[ -x "$chromium" ] || { echo "apt-get installed chromium but $chromium is still missing; set CHROMIUM_PATH to where it is." >&2; exit 1; }
