#!/bin/sh
# Checks lsan-retry.sh against stand-in suites: it runs a suite again only after a leak report
# that names no code of ours and a suite whose tests all passed; the second run decides.
set -u
retry="$(dirname "$0")/lsan-retry.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/tst_lsanretry.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0

# A stand-in suite: prints $2 (a report kind) on the runs listed in $1, passes otherwise.
cat >"$work/suite" <<'SUITE'
#!/bin/sh
count_file="$3"
n=$(( $(cat "$count_file" 2>/dev/null || echo 0) + 1 ))
echo "$n" >"$count_file"
echo "Totals: 19 passed, 0 failed, 0 skipped, 0 blacklisted, 84ms"
case " $1 " in *" $n "*) ;; *) exit 0 ;; esac
echo "==1==ERROR: LeakSanitizer: detected memory leaks"
echo
echo "Direct leak of 152 byte(s) in 1 object(s) allocated from:"
echo "    #0 0x7f3d630b94c8 in operator new(unsigned long) ../../../../src/libsanitizer/asan/asan_new_delete.cpp:95"
case "$2" in
qt) echo "    #1 0x7f3d60df3481  (/lib/x86_64-linux-gnu/libQt6Core.so.6+0x1f3481)" ;;
ours) echo "    #1 0x55d0c0a1b2c3 in Rblab::World::apply(Rblab::Command const&) /work/main/engine/src/model/worldcommands.cpp:42"
      echo "    #2 0x7f3d60df3481  (/lib/x86_64-linux-gnu/libQt6Core.so.6+0x1f3481)" ;;
esac
echo
echo "SUMMARY: AddressSanitizer: 152 byte(s) leaked in 1 allocation(s)."
exit 23
SUITE
chmod +x "$work/suite"

# expect NAME FAILING-RUNS KIND WANTED-STATUS WANTED-RUNS
expect() {
    rm -f "$work/count"
    "$retry" "$work/suite" "$2" "$3" "$work/count" >"$work/out" 2>&1
    status=$?
    runs=$(cat "$work/count")
    if [ "$status" -ne "$4" ] || [ "$runs" -ne "$5" ]; then
        echo "FAIL $1: status $status (want $4), runs $runs (want $5)"
        cat "$work/out"
        failures=$((failures + 1))
    else
        echo "PASS $1"
    fi
}
expect "clean suite runs once" "" qt 0 1
expect "Qt-only leak once: second run decides, passes" "1" qt 0 2
expect "Qt-only leak every time: fails after two runs" "1 2" qt 23 2
expect "leak with a frame of ours: fails at once" "1" ours 23 1

# A failed test function is never retried, whatever the leak.
cat >"$work/failing" <<'SUITE'
#!/bin/sh
n=$(( $(cat "$1" 2>/dev/null || echo 0) + 1 )); echo "$n" >"$1"
echo "Totals: 18 passed, 1 failed, 0 skipped, 0 blacklisted, 84ms"
echo "==1==ERROR: LeakSanitizer: detected memory leaks"
echo "Direct leak of 8 byte(s) in 1 object(s) allocated from:"
echo "    #1 0x7f3d60df3481  (/lib/x86_64-linux-gnu/libQt6Core.so.6+0x1f3481)"
exit 1
SUITE
chmod +x "$work/failing"
rm -f "$work/count"
"$retry" "$work/failing" "$work/count" >/dev/null 2>&1
status=$?
if [ "$status" -eq 1 ] && [ "$(cat "$work/count")" -eq 1 ]; then
    echo "PASS failed test function is not retried"
else
    echo "FAIL failed test function: status $status, runs $(cat "$work/count")"
    failures=$((failures + 1))
fi
exit "$failures"
