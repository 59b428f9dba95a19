#!/usr/bin/env sh
# Install cardsage into .venv (once) and start the service: API + web UI on a SQLite file,
# served by gunicorn (2 x cores + 1 worker processes; waitress where gunicorn cannot run).
# Usage: sh scripts/serve.sh [--host 127.0.0.1] [--port 8000] [--database URL] [--workers N]
set -eu
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e .
# compile the solvers' kernels before serving (about a minute on a fresh install, then
# a second): otherwise the first hints and solves wait for the compiler
.venv/bin/cardsage prepare
exec .venv/bin/cardsage serve "$@"
