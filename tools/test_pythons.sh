#!/usr/bin/env bash
# The library's tests on the other Pythons the package claims (make test-pythons): for each version in
# $PYTHONS, a virtualenv .venv-pythons/X.Y with the package (editable) and requirements-pythons.txt (a lock
# with hashes resolved for 3.10 and newer), then the quick loop's selection of tests with warnings as errors
# and Hypothesis's quick profile. A Python that is not found is skipped with a message, or is an error when
# ADVERSARIAL_PYTHONS=required (CI).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHONS=${PYTHONS:-3.10 3.12 3.13}
JOBS=${JOBS:-2}
if [ -z "${CHECK_SKIPS:-}" ]; then      # make passes its own; this is the same (single quotes keep "not slow" whole)
  CHECK_SKIPS='--ignore=tests/e2e --ignore=tests/test_site.py --ignore=tests/test_install.py -m "not slow"'
fi

find_python() {            # python3.X on PATH that runs (a pyenv shim may not), else the newest pyenv build of it
  local version=$1 found
  if found=$(command -v "python$version") && "$found" -c "" 2>/dev/null; then echo "$found"; return; fi
  for found in $(ls -d "${PYENV_ROOT:-$HOME/.pyenv}/versions/$version".* 2>/dev/null | sort -V -r); do
    if "$found/bin/python" -c "" 2>/dev/null; then echo "$found/bin/python"; return; fi
  done
}

status=0
for version in $PYTHONS; do
  python=$(find_python "$version" || true)
  if [ -z "$python" ]; then
    message="Python $version not found (neither python$version on PATH nor a pyenv build): install it (e.g. pyenv install $version)"
    if [ "${ADVERSARIAL_PYTHONS:-}" = required ]; then echo "test-pythons: $message" >&2; status=1; continue; fi
    echo "test-pythons: SKIPPED Python $version. $message to test the library there."
    continue
  fi
  venv=.venv-pythons/$version
  stamp=$venv/.installed
  if [ ! -f "$stamp" ] || [ requirements-pythons.txt -nt "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    echo "test-pythons: setting up $venv with $python"
    rm -rf "$venv"
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install -q --require-hashes -r requirements-pythons.txt
    "$venv/bin/python" -m pip install -q --no-deps -e .
    touch "$stamp"
  fi
  parallel=$([ "$JOBS" -gt 1 ] && echo "-n $JOBS" || true)
  echo "test-pythons: Python $("$venv/bin/python" -c 'import platform; print(platform.python_version())')"
  # shellcheck disable=SC2086  # CHECK_SKIPS and parallel are word lists
  if ! eval ADVERSARIAL_HYPOTHESIS=quick "$venv/bin/python" -m pytest -p no:nbval -p no:cacheprovider -q \
      $parallel adversarial tests $CHECK_SKIPS; then
    echo "test-pythons: FAILED on Python $version" >&2
    status=1
  fi
done
exit $status
