# Sourced by the Kalah benchmarks (not run by itself): the engine's cache
# of endgame databases, and the database of a rule built there when it is
# missing, as `EndgameDB auto` finds it.
#
# ensure_cached_db ENGINE EMPTY_CAPTURE(true|false) DB_SEEDS THREADS
#   builds kalah-6-<rule>-<DB_SEEDS>.db in the cache when it is not there
#   (timed), then lists the rule's cached databases.

ensure_cached_db() {
  local engine=$1 empty=$2 db_seeds=$3 threads=$4
  local rule=standard flag=""
  if [ "$empty" = true ]; then rule=empty-capture; flag=--empty-capture; fi
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
