#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The SDK out of tree (issue 11): this build installed to a temporary prefix, `rblab new-strategy
# Foo --cpp` writes a project there, the project configures against the installed SDK only
# (find_package(RebalanceLabSDK)), builds, passes its own tests (which run check-strategy), and
# rblab lists and checks the plugin it built. Then the JS scaffold and new-strategy's refusals.
#   sdk_out_of_tree_test.sh <cmake> <ctest> <build dir>
set -eu
CMAKE=$1
CTEST=$2
BUILD=$3

fail() { echo "FAIL: $*" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/rblab-sdk-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
PREFIX=$WORK/prefix

"$CMAKE" --install "$BUILD" --prefix "$PREFIX" >"$WORK/install.log" 2>&1 \
    || { cat "$WORK/install.log" >&2; fail "cmake --install failed (is the whole project built?)"; }
[ -f "$PREFIX/lib/cmake/RebalanceLabSDK/RebalanceLabSDKConfig.cmake" ] \
    || fail "no RebalanceLabSDKConfig.cmake under $PREFIX/lib/cmake"

# The installed programs, with nothing of the build tree: the engine from the prefix, no plugin
# path from the environment, a home of their own.
export LD_LIBRARY_PATH="$PREFIX/lib"
export RBLAB_PLUGIN_PATH=
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/data" XDG_CONFIG_HOME="$WORK/home/config"
mkdir -p "$HOME"
RBLAB=$PREFIX/bin/rblab

"$RBLAB" new-strategy Foo --cpp "$WORK/foo" >"$WORK/new.txt" 2>&1 \
    || { cat "$WORK/new.txt" >&2; fail "rblab new-strategy Foo --cpp failed"; }
for f in CMakeLists.txt README.md foo.json foostrategy.h foostrategy.cpp foostrategyfactory.h \
    foostrategyfactory.cpp tst_foo.cpp; do
    [ -f "$WORK/foo/$f" ] || fail "new-strategy did not write $f"
done
grep -q 'find_package(RebalanceLabSDK' "$WORK/foo/CMakeLists.txt" || fail "the project does not find the SDK"

"$CMAKE" -S "$WORK/foo" -B "$WORK/foo/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON \
    >"$WORK/build.log" 2>&1 \
    && "$CMAKE" --build "$WORK/foo/build" >>"$WORK/build.log" 2>&1 \
    || { cat "$WORK/build.log" >&2; fail "the generated project does not build against the installed SDK"; }
grep -q "RebalanceLabSDK_DIR:PATH=$PREFIX/lib/cmake/RebalanceLabSDK" "$WORK/foo/build/CMakeCache.txt" \
    || fail "the project found another RebalanceLabSDK than the installed one"
PLUGIN=$WORK/foo/build/plugins/libfoo.so
[ -f "$PLUGIN" ] || fail "no plugin at $PLUGIN: $(ls "$WORK/foo/build/plugins" 2>&1)"

"$RBLAB" strategies --plugin-dir "$WORK/foo/build/plugins" >"$WORK/strategies.txt" 2>&1 \
    || { cat "$WORK/strategies.txt" >&2; fail "rblab strategies --plugin-dir failed"; }
grep -q '^  FOO ' "$WORK/strategies.txt" \
    || { cat "$WORK/strategies.txt" >&2; fail "rblab strategies does not list FOO"; }
"$RBLAB" check-strategy "$PLUGIN" >"$WORK/check.txt" 2>&1 \
    || { cat "$WORK/check.txt" >&2; fail "rblab check-strategy rejects the generated strategy"; }
# Its own QtTest: the numbers of the strategy, then check-strategy through the installed rblab.
"$CTEST" --test-dir "$WORK/foo/build" --output-on-failure >"$WORK/ctest.txt" 2>&1 \
    || { cat "$WORK/ctest.txt" >&2; fail "the generated project's own test fails"; }
grep -q '100% tests passed, 0 tests failed out of 1' "$WORK/ctest.txt" \
    || { cat "$WORK/ctest.txt" >&2; fail "the generated project did not run its one test"; }

# JavaScript: one commented file with the contract's function.
"$RBLAB" new-strategy Bar_baz --js "$WORK/js" >"$WORK/js.txt" 2>&1 \
    || { cat "$WORK/js.txt" >&2; fail "rblab new-strategy --js failed"; }
grep -q '^function allocate(consumerGroup, currentCid, mqAll, cidAll, params)' "$WORK/js/bar_baz.js" \
    && grep -q '^    Name: "BAR_BAZ",' "$WORK/js/bar_baz.js" \
    || fail "the JS file lacks the allocate function or the name BAR_BAZ"
# The header names the command that wrote it, with the strategy's name (it used to drop the
# underscore: "new-strategy BARBAZ").
grep -q '^// Written by `rblab new-strategy BAR_BAZ --js`' "$WORK/js/bar_baz.js" \
    || fail "the JS file's header does not name the command that wrote it: $(sed -n 2p "$WORK/js/bar_baz.js")"
grep -q 'written by `rblab new-strategy FOO --cpp`' "$WORK/foo/README.md" \
    || fail "the project's README does not name the command that wrote it"

# Refusals (status 2, nothing written): an existing file, a bad name, both or neither language.
before=$(cat "$WORK/foo/foostrategy.cpp")
if "$RBLAB" new-strategy Foo --cpp "$WORK/foo" >/dev/null 2>&1; then fail "new-strategy overwrote a project"; fi
[ "$(cat "$WORK/foo/foostrategy.cpp")" = "$before" ] || fail "new-strategy changed an existing file"
set +e
"$RBLAB" new-strategy 9lives --cpp "$WORK/x" >/dev/null 2>&1; s1=$?
"$RBLAB" new-strategy Ok --cpp --js "$WORK/y" >/dev/null 2>&1; s2=$?
"$RBLAB" new-strategy Ok "$WORK/z" >/dev/null 2>&1; s3=$?
set -e
[ "$s1$s2$s3" = 222 ] || fail "refusals ended with $s1 $s2 $s3, expected 2 2 2"
[ ! -e "$WORK/x" ] && [ ! -e "$WORK/y" ] && [ ! -e "$WORK/z" ] || fail "a refused new-strategy wrote files"

echo "PASS: installed to a prefix, FOO generated, built, listed, checked and tested out of tree; JS file and refusals"
