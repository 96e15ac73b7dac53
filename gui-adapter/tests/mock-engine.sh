#!/bin/sh
# A stand-in for ply-engine in the gui-adapter tests, which build no engine
# binary: it does the handshake, takes any option, position or new game,
# and on `go` searches "for ever" without a `bestmove` until `stop`.
# While searching it ignores `quit` and the end of its input, as a real
# engine deep in a long search does: only a kill ends it then, which is
# the worst case for a front end that must not leave engines behind.
# With MOCK_ENGINE_PIDS set it appends its process id to that file.
if [ -n "$MOCK_ENGINE_PIDS" ]; then
    echo $$ >>"$MOCK_ENGINE_PIDS"
fi
# `go infinite` (the web GUI's analysis) prints three numbered lines at
# once, the first labelled proven, and its `stop` answers `bestmove 1`, a
# move the front end must not play; `go nodes N` (the GUI's evaluation
# graph) answers at once. `ucinewgame` says it loaded an endgame database;
# `solve` (the exact-value view) proves move 1 at once and the rest "for
# ever": its `stop` answers with move 2's bounds (as Oware's `solve`
# labels a move whose value stays open) and an `unsolved` line.
searching=
best="(none)"
while :; do
    if IFS= read -r line; then
        case "$line" in
            uci) echo "id name Mock"; echo "uciok" ;;
            isready) echo "readyok" ;;
            ucinewgame) echo "info string endgame database /mock/kalah.db (found by auto): mock" ;;
            solve)
                echo "info depth 1 multipv 1 score cp 200 nodes 3 pv 1 2"
                echo "info string multipv 1 proven margin +2 (solved)"
                searching=1; best=solve ;;
            "setoption name MultiPV "*)
                if [ -n "$MOCK_NO_MULTIPV" ]; then
                    echo "info string error: no option named 'MultiPV'"
                fi ;;
            "go infinite")
                for k in 1 2 3; do
                    echo "info depth 1 seldepth 1 multipv $k score cp $((40 - 10 * k)) nodes 3 pv $k"
                    if [ "$k" = 1 ]; then echo "info string multipv 1 proven margin +0.30 (mock)"; fi
                done
                searching=1; best=1 ;;
            "go nodes "*)
                echo "info depth 1 score cp 25 nodes 1 pv 1"
                echo "bestmove 1" ;;
            go*) searching=1; best="(none)" ;;
            stop)
                if [ "$best" = solve ] && [ -n "$searching" ]; then
                    echo "info multipv 2 score cp -100 lowerbound nodes 3 pv 2"
                    echo "info string multipv 2 between -1 and 3"
                    echo "unsolved lowerbound +2 upperbound +2 bestmove 1 nodes 3 time 1"
                elif [ -n "$searching" ]; then echo "bestmove $best"; fi
                searching= ;;
            quit) if [ -z "$searching" ]; then exit 0; fi ;;
        esac
    elif [ -z "$searching" ]; then
        exit 0
    else
        sleep 1
    fi
done
