#!/bin/sh
# ply-engine over Hub, searching every move to a fixed depth whatever clock
# the program sends (pydraughts' RoundRobin sends only clocks): each
# `level` line is rewritten as `level depth=DEPTH`.
#   PLY_ENGINE=/path/to/ply-engine hub_at_depth.sh DEPTH
sed -u "s/^level .*/level depth=$1/" | exec "${PLY_ENGINE:?set PLY_ENGINE to the ply-engine binary}"
