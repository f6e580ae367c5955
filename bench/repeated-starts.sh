#!/usr/bin/env bash
# Starts `postwire start` N times in a row, each on a new data folder, stops it with SIGTERM a
# second after its banner, and counts the runs that did not exit 0 or printed a native
# assertion: how a crash at start or at shutdown (a native addon and a Node release that
# disagree) is caught. Usage: bench/repeated-starts.sh [NODE] [N]   (defaults: node, 10)
# from the root of a built tree (npm install). Prints one line per start and the count.
set -u
NODE=${1:-node}
N=${2:-10}
failed=0
for i in $(seq 1 "$N"); do
  d=$(mktemp -d)
  ( exec env -i PATH="$PATH" HOME="$HOME" DATA_DIR="$d/data" PORT=0 HOST=127.0.0.1 LOG_LEVEL=warn PASSWORD_HASH_COST=4 \
      INBOUND_SMTP_PORT=0 SMTP_SUBMISSION_PORT=0 "$NODE" bin/postwire.mjs start >"$d/out" 2>"$d/err" ) &
  pid=$!
  for _ in $(seq 1 600); do grep -q '  Docs: ' "$d/out" 2>/dev/null && break; kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  sleep 1
  kill -TERM "$pid" 2>/dev/null
  wait "$pid"
  rc=$?
  if [ "$rc" -ne 0 ] || grep -q 'Assertion failed' "$d/err"; then
    failed=$((failed + 1))
    echo "start $i: exit $rc $(grep -m1 -o 'Assertion failed.*' "$d/err" | head -c 160)"
  else
    echo "start $i: ok"
  fi
  rm -rf "$d"
done
echo "$failed of $N starts failed ($("$NODE" -v))"
