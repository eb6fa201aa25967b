#!/bin/sh
# Packs what the real-run checks read from a folder `rblab real-run` wrote (real-run.json, the
# scenario, and per consumer its alloc, consumed, stdout and client logs) into OUT.tar.xz.
#   pack-run.sh RUN_DIR OUT.tar.xz
set -eu
[ $# -eq 2 ] || { echo "usage: $0 RUN_DIR OUT.tar.xz" >&2; exit 2; }
run=$1 out=$2
[ -f "$run/real-run.json" ] || { echo "$run: no real-run.json (not a finished real run)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$run/real-run.json" "$run/scenario.json" "$tmp/"
for c in "$run"/consumers/*/; do
    d="$tmp/consumers/$(basename "$c")"
    mkdir -p "$d"
    for f in alloc.log consumed.log stdout.log rocketmq_client.log; do
        [ -f "$c/$f" ] && cp "$c/$f" "$d/"
    done
done
mkdir -p "$(dirname "$out")"
tar -C "$tmp" -cJf "$out" .
echo "packed $run into $out ($(du -h "$out" | cut -f1))"
