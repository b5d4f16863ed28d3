#!/usr/bin/env bash
# Seconds from `make run` to the first 200 on the home page, on a port and database of its own
# (never the developer's 8000), then the server is stopped. Usage:
#   bench/makerun.sh cold   # no build, no sync stamp, an empty database: install checks, build, migrate, seed
#   bench/makerun.sh warm   # nothing changed since the last run
# PORT (default 8243) and RUN_DIR (default /tmp/addme-makerun) pick where it runs.
set -euo pipefail
mode=${1:-warm}
port=${PORT:-8243}
dir=${RUN_DIR:-/tmp/addme-makerun}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dir"
if [ "$mode" = cold ]; then
  rm -rf "$dir"/* "$root/web/dist" "$root/backend/.venv/.synced"
fi
export PORT=$port DATABASE_URL="sqlite:///$dir/addme.db" MEDIA_DIR="$dir/media" PRIVATE_DIR="$dir/private"
start=$(date +%s.%N)
(cd "$root" && exec setsid make run) > "$dir/run.log" 2>&1 &
pid=$!
trap 'kill -- -$pid 2>/dev/null || true; wait $pid 2>/dev/null || true' EXIT
until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/" || true)" = 200 ]; do
  kill -0 $pid 2>/dev/null || { echo "make run stopped:"; tail -20 "$dir/run.log"; exit 1; }
  sleep 0.2
done
end=$(date +%s.%N)
printf '%s make run: first 200 after %.1f s (%s lines on the terminal; load average %s)\n' \
  "$mode" "$(echo "$end - $start" | bc)" "$(wc -l < "$dir/run.log")" "$(cut -d' ' -f1-3 /proc/loadavg)"
