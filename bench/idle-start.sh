#!/usr/bin/env bash
# Start time and idle memory of `postwire start` (docs/performance.md, "Build, start and CI").
# A first start on a fresh DATA_DIR (it creates the first account), then three restarts on it.
# Start: from spawning `node bin/postwire.mjs start` until the banner's Docs line is out.
# RSS: the process's resident memory (VmRSS) after 5 s idle, and again after 90 s (V8's memory
# reducer gives back the start-up's garbage only after about a minute without work).
# Usage: bash bench/idle-start.sh [repository]   (default: this one; run `npm run build` first)
set -euo pipefail
repo=$(cd "${1:-$(dirname "$0")/..}" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for run in first restart-1 restart-2 restart-3; do
  rm -f "$dir/out"
  started=$(date +%s%N)
  (cd "$repo" && exec env -u NODE_OPTIONS DATA_DIR="$dir" PORT=0 HOST=127.0.0.1 LOG_LEVEL=warn node bin/postwire.mjs start >"$dir/out" 2>&1) &
  pid=$!
  until grep -q '  Docs: ' "$dir/out" 2>/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null; then cat "$dir/out"; exit 1; fi
    sleep 0.02
  done
  ended=$(date +%s%N)
  sleep 5
  rss=$(awk '/VmRSS/ { print int($2 / 1024) }' "/proc/$pid/status")
  sleep 85
  rss90=$(awk '/VmRSS/ { print int($2 / 1024) }' "/proc/$pid/status")
  echo "$run: start $(((ended - started) / 1000000)) ms, RSS $rss MB after 5 s idle, $rss90 MB after 90 s"
  kill -TERM "$pid"
  wait "$pid" || true
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
