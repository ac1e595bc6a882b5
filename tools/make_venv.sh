#!/usr/bin/env bash
# Create .venv with the given Python, coping with Debian's python3 that lacks venv/ensurepip.
set -euo pipefail
python=${1:-python3}
venv=${2:-.venv}
if "$python" -m venv "$venv" 2>/tmp/adversarial-venv.err; then exit 0; fi
rm -rf "$venv"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "python -m venv failed; installing Debian's python3-venv ..."
  apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
  "$python" -m venv "$venv" && exit 0
fi
if "$python" -m pip --version >/dev/null 2>&1; then
  "$python" -m pip install --user -q virtualenv && "$python" -m virtualenv -q "$venv" && exit 0
fi
cat /tmp/adversarial-venv.err >&2
echo "Could not create $venv with $python. On Debian/Ubuntu run: sudo apt-get install python3-venv" >&2
exit 1
