#!/usr/bin/env bash
# Plays the start of a game in ply-play inside tmux, as a person at a
# terminal would, and saves the screen to docs/screenshots/terminal-GAME.txt:
#   terminal-screenshot.sh            Kalah(6,4)
#   terminal-screenshot.sh russian    Russian draughts
# PLY_BIN_DIR=target/debug uses binaries already built there instead of
# building release ones.
# Run it by hand after changing the terminal front end and commit the
# result; the test suite does not need tmux (tests/tests/play_*.rs drive
# ply-play through pipes).
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v tmux >/dev/null || { echo "this needs tmux: apt-get install -y tmux" >&2; exit 1; }
game="${1:-kalah}"
case "$game" in
  kalah)
    args=(--depth 12)
    lines=('[3,6]' '3' '[2,6]' 'hint' '[2,6,5]')
    ;;
  russian)
    # A refused move, the forced capture, a hint; then quit.
    args=(--variant russian --depth 8)
    lines=('c3-e5' 'c3-d4' 'g3-h4' 'hint' 'board')
    ;;
  *) echo "no screenshot script for '$game' (kalah, russian)" >&2; exit 1 ;;
esac

bin="${PLY_BIN_DIR:-target/release}"
if [ -z "${PLY_BIN_DIR:-}" ]; then
  cargo build --release -p ply-engine -p ply-gui-adapter
fi

session="ply-screenshot-$$"
out="docs/screenshots/terminal-$game.txt"
tmux new-session -d -s "$session" -x 82 -y 50 \
  "$bin/ply-play --engine $bin/ply-engine ${args[*]}; sleep 30"
trap 'tmux kill-session -t "$session" 2>/dev/null || true' EXIT

prompts() { tmux capture-pane -p -S - -t "$session" | grep -c 'Your move>' || true; }

# Waits until the number of prompts on the screen reaches $1.
wait_prompts() {
  for _ in $(seq 1 300); do
    [ "$(prompts)" -ge "$1" ] && return 0
    sleep 0.1
  done
  echo "ply-play did not prompt" >&2
  tmux capture-pane -p -t "$session" >&2
  exit 1
}

# Types a line, as a person would, and waits for the next prompt.
n=1
wait_prompts "$n"
for line in "${lines[@]}"; do
  tmux send-keys -t "$session" -l "$line"
  sleep 0.3
  tmux send-keys -t "$session" Enter
  n=$((n + 1))
  wait_prompts "$n"
done

mkdir -p "$(dirname "$out")"
# The whole session (the screen and what scrolled off it), without the
# blank lines below the last prompt.
tmux capture-pane -p -S - -t "$session" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' > "$out"
echo "saved $out"
cat "$out"
