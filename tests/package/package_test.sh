#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The Debian packages, as a user gets them: cpack builds them from this build tree into a
# temporary folder, dpkg-deb unpacks them into a temporary root, and the programs run from
# there, finding their plugins beside the unpacked engine library and nothing of the build tree.
# A plugin is then built against the unpacked SDK (rebalance-lab-dev) and loaded by rblab.
#   package_test.sh <cpack> <cmake> <build dir> <version>
set -eu
CPACK=$1
CMAKE=$2
BUILD=$3
VERSION=$4
HERE=$(cd "$(dirname "$0")" && pwd)
SKIP=77

fail() { echo "FAIL: $*" >&2; exit 1; }

for tool in dpkg-deb dpkg-shlibdeps file; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: $tool is missing (make package installs dpkg-dev and file)" >&2
        exit $SKIP
    fi
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/rblab-package-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
ROOT=$WORK/root

(cd "$BUILD" && "$CPACK" -G DEB -B "$WORK/out" >"$WORK/cpack.log" 2>&1) \
    || { cat "$WORK/cpack.log" >&2; fail "cpack failed"; }
ARCH=$(dpkg --print-architecture)
APP=$WORK/out/rebalance-lab_${VERSION}-1_${ARCH}.deb
DEV=$WORK/out/rebalance-lab-dev_${VERSION}-1_${ARCH}.deb
[ -f "$APP" ] || fail "no $APP; cpack wrote: $(ls "$WORK/out")"
[ -f "$DEV" ] || fail "no $DEV; cpack wrote: $(ls "$WORK/out")"

# dpkg-shlibdeps listed the Qt runtime; the SDK needs the app and Qt's development files.
depends=$(dpkg-deb -f "$APP" Depends)
for lib in libqt6core6 libqt6gui6 libqt6widgets6 libqt6charts6 libqt6svg6; do
    echo "$depends" | grep -q "$lib" || fail "rebalance-lab does not depend on $lib: $depends"
done
devDepends=$(dpkg-deb -f "$DEV" Depends)
echo "$devDepends" | grep -q "rebalance-lab (= ${VERSION}-1)" \
    || fail "rebalance-lab-dev does not depend on this rebalance-lab: $devDepends"

# Debian's own checks, where lintian is installed: no errors (warnings are listed in the README).
if command -v lintian >/dev/null 2>&1; then
    lintian --fail-on error --allow-root "$APP" "$DEV" >"$WORK/lintian.txt" 2>&1 \
        || { cat "$WORK/lintian.txt" >&2; fail "lintian reports errors"; }
fi

dpkg-deb -x "$APP" "$ROOT"
dpkg-deb -x "$DEV" "$ROOT"
for f in usr/bin/rebalance-lab usr/bin/rblab usr/lib/librblab-engine.so.0 usr/lib/librblab-sdk.so.0 \
    usr/share/applications/rebalance-lab.desktop \
    usr/share/icons/hicolor/scalable/apps/rebalance-lab.svg \
    usr/share/metainfo/org.rebalancelab.RebalanceLab.metainfo.xml \
    usr/include/rebalance-lab/rblab/strategyfactory.h \
    usr/lib/cmake/RebalanceLabSDK/RebalanceLabSDKConfig.cmake \
    usr/lib/cmake/RebalanceLabSDK/RebalanceLabSDKTargets.cmake usr/lib/librblab-sdk.so \
    usr/share/doc/rebalance-lab/copyright usr/share/doc/rebalance-lab-dev/copyright; do
    [ -e "$ROOT/$f" ] || fail "the packages do not install /$f"
done
if command -v appstreamcli >/dev/null 2>&1; then
    appstreamcli validate --no-net \
        "$ROOT/usr/share/metainfo/org.rebalancelab.RebalanceLab.metainfo.xml" \
        >"$WORK/appstream.txt" 2>&1 || { cat "$WORK/appstream.txt" >&2; fail "invalid AppStream metadata"; }
fi
# Seven strategies and the JavaScript plugin, which runs .js strategies and offers none itself.
plugins=$(ls "$ROOT"/usr/lib/rebalance-lab/plugins/*.so | wc -l)
[ "$plugins" -eq 8 ] || fail "expected 8 plugins in /usr/lib/rebalance-lab/plugins, found $plugins"
# The SDK headers belong to -dev only.
if dpkg-deb -c "$APP" | grep -q '/usr/include/'; then fail "rebalance-lab ships headers"; fi
# A plugin links the SDK library only: the engine library has no development link, and the SDK
# library exports nothing of the engine's (every exported symbol is of a class the SDK declares).
[ -e "$ROOT/usr/lib/librblab-engine.so" ] && fail "the packages install a development link to the engine"
leaked=$(nm -D --defined-only "$ROOT/usr/lib/librblab-sdk.so.0" | c++filt | awk '$2 == "T" {$1 = $2 = ""; print}' \
    | sed -E 's/^ *//; s/^Rblab::([A-Za-z0-9_]+).*/\1/' | sort -u | while read -r name; do
        grep -qw -- "$name" "$ROOT"/usr/include/rebalance-lab/rblab/*.h || echo "$name"
    done)
[ -z "$leaked" ] || fail "librblab-sdk exports more than the SDK: $leaked"

# The programs run from the root: the engine through LD_LIBRARY_PATH (in /usr/lib once
# installed), the plugins found beside it; no plugin path from the environment.
export LD_LIBRARY_PATH="$ROOT/usr/lib"
export RBLAB_PLUGIN_PATH=
export QT_QPA_PLATFORM=offscreen
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/data" XDG_CONFIG_HOME="$WORK/home/config"
export XDG_RUNTIME_DIR="$WORK/runtime"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
cd "$WORK"
"$ROOT/usr/bin/rblab" strategies >"$WORK/strategies.txt" 2>&1 \
    || { cat "$WORK/strategies.txt" >&2; fail "rblab strategies failed"; }
grep -q '^Strategies (7):' "$WORK/strategies.txt" \
    || { cat "$WORK/strategies.txt" >&2; fail "rblab strategies did not list 7 strategies"; }
for name in AVG AVG_BY_CIRCLE CONFIG CONSISTENT_HASH MACHINE_ROOM MACHINE_ROOM_NEARBY; do
    grep -q "^  $name " "$WORK/strategies.txt" || fail "rblab strategies does not list $name"
done
fromRoot=$(grep -c "file: *$ROOT/usr/lib/rebalance-lab/plugins/" "$WORK/strategies.txt" || true)
[ "$fromRoot" -eq 7 ] || { cat "$WORK/strategies.txt" >&2; fail "$fromRoot of 7 plugins came from the unpacked root"; }
# The JavaScript templates, run by the packaged JavaScript plugin.
"$ROOT/usr/bin/rblab" strategies --plugin-dir "$ROOT/usr/share/rebalance-lab/strategies" \
    >"$WORK/jsstrategies.txt" 2>&1 || { cat "$WORK/jsstrategies.txt" >&2; fail "rblab strategies with the JS templates failed"; }
grep -q '^Strategies (10):' "$WORK/jsstrategies.txt" \
    || { cat "$WORK/jsstrategies.txt" >&2; fail "the JS templates did not load"; }

"$ROOT/usr/bin/rebalance-lab" --screenshot "$WORK/shot.png" --at 10s --size 800x500 \
    >"$WORK/app.log" 2>&1 || { cat "$WORK/app.log" >&2; fail "rebalance-lab --screenshot failed"; }
[ -f "$WORK/shot.png" ] || fail "no screenshot written"
# PNG: width and height are the big-endian words at bytes 16 and 20.
size=$(od -An -tu1 -j16 -N8 "$WORK/shot.png" \
    | awk '{ printf "%dx%d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }')
[ "$size" = 800x500 ] || fail "the screenshot is $size, not 800x500"
# The SDK: docs/plugin-sdk.md's example plugin, configured with only the root as its prefix,
# builds and loads beside the seven.
"$CMAKE" -S "$HERE/sdkplugin" -B "$WORK/sdkplugin" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$ROOT/usr" -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON \
    >"$WORK/sdk.log" 2>&1 \
    && "$CMAKE" --build "$WORK/sdkplugin" >>"$WORK/sdk.log" 2>&1 \
    || { cat "$WORK/sdk.log" >&2; fail "a plugin does not build against the unpacked SDK"; }
grep -q "$ROOT/usr/lib/cmake/RebalanceLabSDK" "$WORK/sdkplugin/CMakeCache.txt" \
    || fail "the plugin found another RebalanceLabSDK than the unpacked one"
RBLAB_PLUGIN_PATH="$WORK/sdkplugin" "$ROOT/usr/bin/rblab" strategies >"$WORK/with-sdk.txt" 2>&1 \
    || { cat "$WORK/with-sdk.txt" >&2; fail "rblab strategies failed with the SDK plugin"; }
grep -q '^Strategies (8):' "$WORK/with-sdk.txt" && grep -q '^  QUEUE_ID_MOD ' "$WORK/with-sdk.txt" \
    || { cat "$WORK/with-sdk.txt" >&2; fail "the plugin built against the SDK did not load"; }

echo "PASS: $(basename "$APP") and $(basename "$DEV"): 7 strategies from the root, screenshot $size, SDK plugin loads"
