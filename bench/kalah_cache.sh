# Sourced by the Kalah benchmarks from the repository root (not run by
# itself): their start, the capture rule's name, and the engine's cache of
# endgame databases, with the database of a rule built there when it is
# missing, as `EndgameDB auto` finds it.
#
# start_kalah_bench
#   builds the release engine (its path in $engine) and makes a work
#   directory ($work), removed when the script exits.
#
# capture_rule EMPTY_CAPTURE(true|false)
#   prints the rule as the cache names it: standard or empty-capture.
#
# ensure_cached_db ENGINE EMPTY_CAPTURE(true|false) DB_SEEDS THREADS
#   builds kalah-6-<rule>-<DB_SEEDS>.db in the cache when it is not there
#   (timed), then lists the rule's cached databases.

start_kalah_bench() {
  cargo build --release -q -p ply-engine
  engine=target/release/ply-engine
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
}

capture_rule() {
  if [ "$1" = true ]; then echo empty-capture; else echo standard; fi
}

ensure_cached_db() {
  local engine=$1 empty=$2 db_seeds=$3 threads=$4
  local rule flag=""
  rule=$(capture_rule "$empty")
  if [ "$empty" = true ]; then flag=--empty-capture; fi
  # The engine's cache directory: XDG_CACHE_HOME when absolute, else ~/.cache.
  local cache
  case "${XDG_CACHE_HOME:-}" in
    /*) cache="$XDG_CACHE_HOME/ply" ;;
    *) cache="$HOME/.cache/ply" ;;
  esac
  local db="$cache/kalah-6-$rule-$db_seeds.db"
  if [ ! -f "$db" ]; then
    echo "no $db: building it (build-db --max-seeds $db_seeds --threads $threads $flag)"
    local start end
    start=$(date +%s.%N)
    "$engine" build-db --max-seeds "$db_seeds" --threads "$threads" $flag 2>/dev/null
    end=$(date +%s.%N)
    python3 -c "print(f'built in {$end - $start:.1f} s')"
  fi
  echo "cached databases of the rule: $(cd "$cache" && ls kalah-6-$rule-*.db | tr '\n' ' ')(auto loads the biggest)"
}
