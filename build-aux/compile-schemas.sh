#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Compiles Foldout's GSettings schema into a SwiftPM build's bin folder (BIN/gschemas.compiled),
# where `foldout` looks before GLib's own folders, so `swift run` and the tests remember state
# without installing anything. Meson compiles and installs its own.
#
#   compile-schemas.sh BIN        e.g. "$(swift build -c release --show-bin-path)"
set -euo pipefail
cd "$(dirname "$0")/.."
glib-compile-schemas --strict --targetdir "$1" Resources
