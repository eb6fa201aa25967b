#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Byte-identity check for engine optimisations (issue 12): runs every bundled and test scenario
# with a few seeds and writes the report and the CSV time series under DIR.
#   tests/bench/identity.sh RBLAB DIR          record (e.g. with main's rblab, before a change)
#   tests/bench/identity.sh RBLAB DIR BASE     record into DIR, then compare with BASE (cmp -r)
# Scenarios run their own duration (at most 20m); the reference hour is capped at 3m.
set -eu
RBLAB=$1
OUT=$2
BASE=${3:-}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$OUT"
for scen in "$ROOT"/resources/scenarios/*.json "$ROOT"/tests/data/scenarios/*.json; do
    name=$(basename "$scen" .json)
    until=20m
    [ "$name" = reference-1h ] && until=3m
    for seed in 1 2 3; do
        dir="$OUT/$name.$seed"
        mkdir -p "$dir/csv"
        "$RBLAB" simulate "$scen" --quiet --seed "$seed" --until "$until" \
            --report "$dir/report.json" --csv "$dir/csv" >/dev/null 2>"$dir/stderr" || echo "$?" >"$dir/status"
    done
done
if [ -n "$BASE" ]; then
    if diff -r -q "$BASE" "$OUT"; then
        echo "identity: all reports and CSV files identical to $BASE"
    else
        echo "identity: DIFFERENCES against $BASE" >&2
        exit 1
    fi
fi
