#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Meson's step for the Swift package: builds the `foldout` product in release mode with the Swift
# runtime linked in statically, and copies it to OUTPUT (only when it changed, so an unchanged
# build does not look new to `meson install`).
#
#   swift-build.sh SWIFT SOURCE_ROOT SCRATCH_DIR OUTPUT
#
# SwiftPM keeps its own incremental state in SCRATCH_DIR (inside meson's build directory), and its
# caches and configuration there too, so a build needs neither a writable $HOME nor the network:
# the package has no dependencies to fetch (Flatpak builds run offline).
set -eu
swift=$1 source_root=$2 scratch=$3 output=$4
set -- --package-path "$source_root" --scratch-path "$scratch" \
    --cache-path "$scratch/cache" --config-path "$scratch/config" --security-path "$scratch/security" \
    -c release --static-swift-stdlib
# Clang's module cache does not notice a header added to a C target's include/ folder (the module
# map names the folder, not the files), and a build then fails to see the new declarations. So the
# cache goes whenever the list of headers changes.
headers=$(find "$source_root/Sources" -path '*/include/*.h' | sort | cksum)
if [ "$(cat "$scratch/headers.cksum" 2>/dev/null)" != "$headers" ]; then
    find "$scratch" -maxdepth 3 -type d -name ModuleCache -prune -exec rm -rf {} + 2>/dev/null || true
    mkdir -p "$scratch"
    echo "$headers" >"$scratch/headers.cksum"
fi
"$swift" build "$@" --product foldout
bin_path=$("$swift" build "$@" --show-bin-path)
if ! cmp -s "$bin_path/foldout" "$output"; then
    cp "$bin_path/foldout" "$output.tmp"
    mv -f "$output.tmp" "$output"
fi
