#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Meson test: started from the build tree, foldout registers the compiled bundle beside it and
# loads its style sheet from there (not the copy built into the executable).
#
#   check-style-at-start.sh FOLDOUT BUNDLE
#
# Needs a display: runs under Xvfb (xvfb-run) and a private D-Bus session; a failure without them.
set -eu
foldout=$(realpath "$1") bundle=$2
for tool in xvfb-run dbus-run-session; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool not found (Debian: xvfb, dbus)"; exit 1; }
done
log=$(mktemp)
trap 'rm -f "$log"' EXIT
G_MESSAGES_DEBUG=Foldout GSK_RENDERER=cairo GSETTINGS_BACKEND=memory GTK_A11Y=none \
    dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24" "$foldout" --quit-after-first-frame >"$log" 2>&1 || {
    cat "$log"; echo "FAIL: $foldout --quit-after-first-frame failed"; exit 1; }
cat "$log"
expected="registered resource bundle $(realpath "$(dirname "$bundle")")/$(basename "$bundle")"
grep -qF "$expected" "$log" || { echo "FAIL: no “$expected” in the output"; exit 1; }
grep -qF "style sheet loaded from resource /dev/foldout/Foldout/style.css" "$log" || {
    echo "FAIL: the style sheet was not loaded from the bundle"; exit 1; }
echo "PASS: style sheet loaded from $bundle"
