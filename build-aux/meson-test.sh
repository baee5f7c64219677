#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# CI's `meson test`: the validators and start-up checks of meson.build (desktop file, metainfo,
# schema, icons, style bundle, translations, German, a DESTDIR install, the Flatpak manifest and
# the Swift 6.0 scan), with every tool they need installed first.
#
#   build-aux/meson-test.sh [BUILD_DIR]   # default build/flatpak-local-check, which the Flatpak
#                                         # check has built (release, prefix /app): nothing is rebuilt
#
# Fails when a test fails or is skipped. The one skip allowed is swift-6.0-build, which needs the
# Swift 6.0 root that `sudo build-aux/check-swift-6.0.sh --setup` makes (~3 GB); a missing validator
# fails its test (build-aux/meson/missing.sh) rather than leaving it out.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build/flatpak-local-check}
packages=(meson ninja-build desktop-file-utils appstream gettext libglib2.0-bin librsvg2-bin python3)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "meson-test: installing ${missing[*]}" >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
build-aux/install-deps.sh
if [ -f "$build_dir/build.ninja" ]; then
    meson setup --reconfigure "$build_dir" >/dev/null
else
    meson setup "$build_dir" --prefix=/app --buildtype=release >/dev/null
fi
status=0
meson test -C "$build_dir" --print-errorlogs || status=$?
# Every test must have run: a skip is a check that did not happen.
python3 - "$build_dir/meson-logs/testlog.json" <<'PY' || status=1
import json, sys
allowed = {"swift-6.0-build"}
results = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
skipped = [r["name"] for r in results if r["result"] == "SKIP" and r["name"].split(" / ")[-1] not in allowed]
print(f"meson-test: {len(results)} tests, skipped: {', '.join(skipped) or 'none'} (allowed: {', '.join(sorted(allowed))})")
sys.exit(1 if skipped or not results else 0)
PY
exit "$status"
