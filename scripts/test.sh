#!/usr/bin/env sh
# Install everything the tests need (Python test extras, Debian's chromium and postgresql)
# and run the whole default test suite. Extra arguments go to pytest (e.g. -m slow).
set -eu
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'
# Debian packages: chromium for the browser tests, postgresql for the PostgreSQL storage test
NEED=""
[ -x /usr/bin/chromium ] || NEED="$NEED chromium"
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || NEED="$NEED postgresql"
if [ -n "$NEED" ]; then
  SUDO=""
  [ "$(id -u)" = "0" ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $NEED
fi
# compile the solver kernels once (numba's disk cache) so no test waits on a cold compiler
.venv/bin/cardsage prepare
exec .venv/bin/python -m pytest -n 2 --dist loadscope "$@"
