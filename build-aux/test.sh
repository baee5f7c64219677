#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs every test: the headless FoldoutCore tests, the UI tests on real GTK widgets under Xvfb, and
# the accessibility suite (Tests/accessibility) that drives the app through AT-SPI.
# FOLDOUT_REQUIRE_DISPLAY=1 turns a UI test that cannot find a display into a failure, not a skip.
# FOLDOUT_SCRATCH_PATH names the build folder (.build by default; the GTK-next run uses its own).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${FOLDOUT_SCRATCH_PATH:-.build}
build-aux/install-deps.sh
# The layering rule, by the compiler: a target imports only what it declares (SwiftPM's check), and
# nothing outside Sources/Gtk imports GTK's C modules (check-layers.sh).
swift build --scratch-path "$scratch" --build-tests --explicit-target-dependency-import-check error
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
build-aux/check-layers.sh
build-aux/compile-translations.sh "$bin"
build-aux/compile-schemas.sh "$bin"
build-aux/check-translations.sh
export FOLDOUT_REQUIRE_DISPLAY=1 GSK_RENDERER=cairo GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
# A runtime folder of its own, as each accessibility suite below has: the accessibility bus's socket
# is otherwise ~/.cache/at-spi/bus, which another session on the machine ending removes (a test's
# helper process then says "Unable to connect to the accessibility bus", a critical).
runtime=$(mktemp -d)
XDG_RUNTIME_DIR=$runtime dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24" \
    swift test --scratch-path "$scratch" --skip-build 2>&1 | tee "$log" || status=$?
rm -rf "$runtime"
if grep -qE "Test Case .* skipped" "$log"; then
    echo "test.sh: some tests were skipped; every test must run" >&2
    exit 1
fi
grep -q "Test Suite 'ActionsPageTests' passed" "$log" || { echo "test.sh: the UI tests did not run" >&2; status=1; }
# The app as a screen reader finds it: AT-SPI (python3-pyatspi) and real key presses (xdotool); then
# the desktop around the window: a second launch, remembered state, the desktop's style.
# Their output joins the log, so that a critical the app prints under them fails the run too.
# Each suite's display is looked for from its own number up: a display just freed by the run
# before can still be closing, and the app then cannot open it.
# Each suite gets a runtime folder of its own: without XDG_RUNTIME_DIR the accessibility bus's socket
# is ~/.cache/at-spi/bus, shared with any other session on the machine, and another run ending
# removes it ("Unable to connect to the accessibility bus"), leaving foldout off the bus.
for suite in screen_reader_view:150 desktop_journeys:200 launch_options:250; do
    server=${suite#*:}
    suite=${suite%:*}
    echo "Test Case 'accessibility/$suite' started" >> "$log"
    runtime=$(mktemp -d)
    XDG_RUNTIME_DIR=$runtime dbus-run-session -- xvfb-run -a -n "$server" -s "-screen 0 1280x1024x24" \
        /usr/bin/python3 "Tests/accessibility/$suite.py" "$bin/foldout" 2>&1 \
        | tee -a "$log" || status=1
    rm -rf "$runtime"
done
# A GLib critical or GObject warning is a bug in a test that passed (it was a use of a freed window once).
if grep -qE -- "-CRITICAL \*\*|GLib-GObject-WARNING \*\*" "$log"; then
    echo "test.sh: GLib reported criticals or GObject warnings; in these tests:" >&2
    awk '/^Test Case .* started/ { test = $3 } /-CRITICAL \*\*|GLib-GObject-WARNING \*\*/ { print "  " test ": " $0 }' "$log" | sort -u >&2
    status=1
fi
# A layout warning is a bug too, on any GTK: a widget measured for less than it needs, a negative
# size, an allocation GTK refuses (GTK 4.18 printed the first a thousand times a run once).
layout='Gtk-WARNING \*\*.*(Trying to measure|reported (min|natural)|for_size smaller|Negative content|attempt to allocate|Allocating size)'
if grep -qE "$layout" "$log"; then
    echo "test.sh: GTK warned about sizes; in these tests:" >&2
    awk -v pattern="$layout" '/^Test Case .* started/ { test = $3 } $0 ~ pattern { sub(/0x[0-9a-f]+/, "…"); print "  " test ": " $0 }' "$log" |
        sort -u >&2
    status=1
fi
exit "$status"
