#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Compiles po/LANG.po for every language in po/LINGUAS into a SwiftPM build's bin folder,
# BIN/locale/LANG/LC_MESSAGES/foldout.mo, where `foldout` (and the UI tests) look for them.
# Meson builds and installs its own copies; this is for `swift build`, `swift run` and `swift test`.
#
#   compile-translations.sh BIN        e.g. "$(swift build -c release --show-bin-path)"
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$1
grep -v '^#' po/LINGUAS | while read -r lang; do
    [ -n "$lang" ] || continue
    mkdir -p "$bin/locale/$lang/LC_MESSAGES"
    msgfmt --check -o "$bin/locale/$lang/LC_MESSAGES/foldout.mo" "po/$lang.po"
done
