#!/usr/bin/env bash
# Make a Chromium available for the browser tests (tests/e2e).
#   tools/install_browser.sh           try; if it cannot, say what to do and succeed (the tests then skip)
#   tools/install_browser.sh --require fail when no browser can be had
# It never downloads a browser through Playwright (`playwright install` fails on closed networks); it uses
# Debian's `chromium` package where it may install packages (root with apt-get).
set -uo pipefail
require=${1:-}
found=${ADVERSARIAL_CHROMIUM:-}
for name in chromium chromium-browser google-chrome google-chrome-stable; do
  [ -n "$found" ] && break
  found=$(command -v "$name" 2>/dev/null || true)
done
if [ -n "$found" ] && [ -e "$found" ]; then
  echo "browser tests: using $found"
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "browser tests: installing Debian's chromium package (about 20 s) ..."
  if apt-get install -y -qq chromium >/tmp/adversarial-chromium.log 2>&1 \
     || { apt-get update -qq >>/tmp/adversarial-chromium.log 2>&1 \
          && apt-get install -y -qq chromium >>/tmp/adversarial-chromium.log 2>&1; }; then
    echo "browser tests: installed $(command -v chromium)"
    exit 0
  fi
  tail -5 /tmp/adversarial-chromium.log >&2
fi
msg="browser tests: no Chromium found and none could be installed here. Install one (Debian/Ubuntu: \
sudo apt-get install chromium; elsewhere Chromium or Chrome from your package manager) or point \
ADVERSARIAL_CHROMIUM at its executable; then run make test-e2e."
if [ "$require" = "--require" ]; then echo "$msg" >&2; exit 1; fi
echo "$msg (the browser tests will be skipped)"
exit 0
