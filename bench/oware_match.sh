#!/usr/bin/env bash
# Ply against another Oware engine (Aalina through an adapter, or any
# engine that speaks Ply's protocol), as the Oware strength figures in
# docs/engine.md were measured: bench/anchor_match.sh for Oware (its
# balanced three-move openings, colours swapped, a fixed time a move, one
# game at a time unless --concurrency), with the same flags.
#
#   bench/oware_match.sh --opponent "COMMAND [ARG …]" [--name NAME] [--st SECONDS]
#                        [--games N] [--results FILE] [--ply-option NAME=VALUE …]
#
# Aalina, built outside the repository (see the anchors' instructions):
#   bench/oware_match.sh --opponent "python3 anchors/aalina_uci.py /opt/aalina/run/aalina" --name aalina
set -euo pipefail
exec "$(dirname "$0")/anchor_match.sh" --variant oware "$@"
