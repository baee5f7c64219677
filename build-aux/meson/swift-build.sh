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
"$swift" build "$@" --product foldout
bin_path=$("$swift" build "$@" --show-bin-path)
if ! cmp -s "$bin_path/foldout" "$output"; then
    cp "$bin_path/foldout" "$output.tmp"
    mv -f "$output.tmp" "$output"
fi
