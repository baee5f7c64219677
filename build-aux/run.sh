#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Set up and run: installs what is missing, builds Foldout and starts it. Extra arguments go to
# foldout (try --help). Without a display it runs under Xvfb, so --screenshot works headless.
set -euo pipefail
cd "$(dirname "$0")/.."
build-aux/install-deps.sh
swift build -c release --product foldout
build-aux/compile-translations.sh "$(swift build -c release --show-bin-path)"
build-aux/compile-schemas.sh "$(swift build -c release --show-bin-path)"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    exec .build/release/foldout "$@"
fi
exec dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24" .build/release/foldout "$@"
