#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Records what tst_livechurn checks (issue 36): a real RocketMQ group of four consumers under
# ten minutes of churn (tests/live/churn-4-consumers.json, played by `rblab real-run`), watched
# by `rblab watch --record` every 2 s, and each client's own process-queue table (the harness
# writes it to alloc.log whenever it changes, read every 100 ms inside the client).
# Usage: tests/live/record-churn.sh ROCKETMQ_DIR OUT_DIR [BIN_DIR]   (`make record-live`)
set -euo pipefail
rocketmq=${1:?the RocketMQ folder}
out=${2:?the output folder}
bin=${3:-build/bin}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out"
mkdir -p "$out"
"$bin/rblab" real-run "$here/churn-4-consumers.json" --rocketmq "$rocketmq" --out "$out/run" \
    2> >(tee "$out/real-run.log" >&2) &
run=$!
watcher=
stop() {
    [ -n "$watcher" ] && kill -TERM "$watcher" 2>/dev/null || true
    kill -INT "$run" 2>/dev/null || true
}
trap stop INT TERM
# The name server's address is the run's first progress line that names one.
for _ in $(seq 1 600); do
    ns=$(grep -o 'name server on [0-9.]*:[0-9]*' "$out/real-run.log" 2>/dev/null | head -1 |
        awk '{print $4}') || true
    [ -n "$ns" ] && break
    kill -0 "$run" 2>/dev/null || { echo "record-churn: rblab real-run ended early" >&2; exit 1; }
    sleep 0.5
done
[ -n "$ns" ] || { echo "record-churn: no name server address in 5 minutes" >&2; stop; exit 1; }
"$bin/rblab" watch --namesrv "$ns" --group churn_group --interval 2s \
    --record "$out/watch.json" >"$out/watch.log" 2>&1 &
watcher=$!
status=0
wait "$run" || status=$?
kill -TERM "$watcher" 2>/dev/null || true
wait "$watcher" || true
# real-run ends 1 when some figure of the engine disagrees with the run (its own business here);
# the run itself is whole when it wrote its report.
[ -f "$out/run/report.json" ] || { echo "record-churn: rblab real-run failed ($status)" >&2; exit 1; }
# What the test reads: the recording and the clients' tables.
(cd "$out" && mkdir -p pack/consumers && cp watch.json pack/ &&
    for d in run/consumers/*/; do
        n=$(basename "$d")
        mkdir -p "pack/consumers/$n" && cp "$d/alloc.log" "pack/consumers/$n/"
    done &&
    cp "$here/churn-4-consumers.json" pack/scenario.json &&
    tar -C pack -cJf churn-4.9.8.tar.xz .)
echo "record-churn: $out/churn-4.9.8.tar.xz ($(grep -c '"t":' "$out/watch.json" || true) polls)"
