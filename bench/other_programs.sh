#!/usr/bin/env bash
# Ply inside the programs players use, checked with their own code:
# Aualé's engine client (Oware, Aalina's dialect) and pydraughts' Hub
# engine class (Russian draughts). Both are GPL and not part of Ply, so
# this runs outside the tests (see docs/front-ends.md, "Checked with the
# programs").
#
#   bench/other_programs.sh [--auale DIR] [--aalina CMD] [--games N] [--venv DIR]
#
# --auale DIR   a checkout of https://github.com/joansalasoler/auale
#               (without it the Aualé part is skipped)
# --aalina CMD  the command that starts Aalina (e.g. /path/aalina/run/aalina):
#               one more game each way, Ply against Aalina through Aualé
# --games N     games of Ply against itself in each part (default 2)
# --venv DIR    the Python environment to make or reuse (default
#               target/other-programs-venv): pydraughts from PyPI, and
#               Debian's python3-gi (GObject, for Aualé's client) seen
#               through --system-site-packages
set -euo pipefail
cd "$(dirname "$0")/.."
auale=""
aalina=""
games=2
venv=target/other-programs-venv
while [ $# -gt 0 ]; do
  case "$1" in
    --auale) auale=$2; shift 2 ;;
    --aalina) aalina=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --venv) venv=$2; shift 2 ;;
    *) echo "usage: $0 [--auale DIR] [--aalina CMD] [--games N] [--venv DIR]" >&2; exit 2 ;;
  esac
done

venv=$(realpath -m "$venv")

# 1. The engine, and Python with pydraughts and GObject.
cargo build --release -q -p ply-engine
engine=$PWD/target/release/ply-engine
python=/usr/bin/python3   # Debian's, which python3-gi installs into
if ! "$python" -c 'import gi' 2>/dev/null; then
  echo "$0: Aualé's client needs GObject: apt-get install python3-gi python3-venv" >&2
  exit 1
fi
[ -x "$venv/bin/python" ] || "$python" -m venv --system-site-packages "$venv"
"$venv/bin/python" -c 'import draughts' 2>/dev/null || "$venv/bin/pip" install -q pydraughts

# 2. pydraughts: whole games through HubEngine, then a RoundRobin.
echo "== pydraughts (Hub, Russian draughts)"
"$venv/bin/python" -u bench/other_programs/pydraughts_check.py --engine "$engine" --games "$games"

# 3. Aualé's client: Ply against Ply, then against Aalina.
if [ -n "$auale" ]; then
  echo "== Aualé's engine client (Aalina's dialect, Oware)"
  auale=$(cd "$auale" && pwd)
  "$venv/bin/python" -u bench/other_programs/auale_check.py --auale "$auale" --engine "$engine" \
    --games "$games" ${aalina:+--aalina "$aalina"}
else
  echo "== Aualé: skipped (no --auale DIR)"
fi
