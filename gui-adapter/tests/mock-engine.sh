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
searching=
while :; do
    if IFS= read -r line; then
        case "$line" in
            uci) echo "id name Mock"; echo "uciok" ;;
            isready) echo "readyok" ;;
            go*) searching=1 ;;
            stop)
                if [ -n "$searching" ]; then echo "bestmove (none)"; fi
                searching= ;;
            quit) if [ -z "$searching" ]; then exit 0; fi ;;
        esac
    elif [ -z "$searching" ]; then
        exit 0
    else
        sleep 1
    fi
done
