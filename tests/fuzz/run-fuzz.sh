#!/usr/bin/env bash
# make fuzz: runs each fuzz target of tests/fuzz for a set time, one after the other, then keeps
# every input that crashed, hung or blew up in tests/data/fuzz-regressions/<target>/, where
# `make test` replays it from then on (ctest -L fuzz). Exit status 1 when there was a finding.
#
#   tests/fuzz/run-fuzz.sh BUILD_DIR SECONDS [TARGET…]     (targets: json scenarioreader allocatecase jsanswer importlogs)
#
# BUILD_DIR's fuzz_<target> programs are libFuzzer ones (RBLAB_FUZZ=ON, clang) or the
# deterministic mutation driver (fuzzdriver.cpp); both take the same flags.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:?usage: run-fuzz.sh BUILD_DIR SECONDS [TARGET…]}
seconds=${2:?usage: run-fuzz.sh BUILD_DIR SECONDS [TARGET…]}
shift 2
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(json scenarioreader allocatecase jsanswer importlogs)
regressions=tests/data/fuzz-regressions
summary="$build/fuzz-summary.txt"
findings=0

# The seed corpus: the bundled scenarios and reference cases (cut into small files).
seeds_for() {
    case "$1" in
    json) echo resources/scenarios tests/data/scenarios tests/data/metadata ;;
    scenarioreader) echo resources/scenarios tests/data/scenarios ;;
    allocatecase)
        local dir="$build/fuzz-seeds/allocatecase"
        if [ ! -d "$dir" ]; then
            mkdir -p "$dir"
            # Two short cases a file: the strategies' parameters and edge cases, not the
            # 1,000-queue ones (each input is truncated to -max_len).
            awk 'length($0) < 3000' tests/data/allocation/cases.jsonl | head -n 400 \
                | split -l 2 - "$dir/case-"
        fi
        echo "$dir"
        ;;
    # Answers that once hung or misled the host are the best start for new ones.
    jsanswer) echo "$regressions/jsanswer" ;;
    importlogs)
        local dir="$build/fuzz-seeds/importlogs"
        if [ ! -d "$dir" ]; then
            mkdir -p "$dir"
            find tests/data/importlogs -name 'rocketmq_client*.log' | while read -r f; do
                cp "$f" "$dir/$(echo "$f" | tr '/' '_')"
            done
        fi
        echo "$dir $regressions/importlogs"
        ;;
    esac
}

for target in "${targets[@]}"; do
    bin="$build/tests/fuzz/fuzz_$target"
    [ -x "$bin" ] || { echo "run-fuzz: $bin is not built" >&2; exit 2; }
    work="$build/fuzz-corpus/$target"    # what libFuzzer learns; kept between runs
    artifacts="$build/fuzz-artifacts/$target"
    mkdir -p "$work" "$artifacts" "$regressions/$target"
    rm -f "$artifacts"/* # what an earlier run found is in $regressions already
    # shellcheck disable=SC2046
    set +e
    "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" \
        "$work" $(seeds_for "$target") 2>&1 | tee "$build/fuzz-$target.log" | grep -E \
        '^(fuzzdriver|stat::number_of_executed_units|stat::average_exec_per_sec|==[0-9]+==|SUMMARY|fuzz property)'
    status=${PIPESTATUS[0]}
    set -e
    runs=$(grep -aoE '^(stat::number_of_executed_units: |fuzzdriver: replayed [0-9]+ inputs, then )[0-9]+' "$build/fuzz-$target.log" \
        | tail -n 1 | grep -oE '[0-9]+$' || echo "?")
    new=0
    for f in "$artifacts"/*; do
        [ -f "$f" ] || continue
        case "$(basename "$f")" in crash-* | timeout-* | oom-* | leak-*) ;; *) continue ;; esac
        if [ ! -e "$regressions/$target/$(basename "$f")" ]; then
            cp "$f" "$regressions/$target/"
            echo "run-fuzz: $target: kept $regressions/$target/$(basename "$f")"
            new=$((new + 1))
        fi
    done
    echo "$(date -u +%FT%TZ) $target: $runs inputs in ${seconds}s, exit $status, $new new finding(s)" | tee -a "$summary"
    if [ "$status" -ne 0 ] || [ "$new" -ne 0 ]; then
        findings=$((findings + 1))
    fi
done
[ "$findings" -eq 0 ] || { echo "run-fuzz: findings in $findings target(s); see $regressions" >&2; exit 1; }
