#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs UI tests under valgrind memcheck with GLib's and GTK's suppressions (and ours in
# build-aux/valgrind/ for Mesa, fontconfig, GIO and Swift's weak references), then reports the
# "definitely lost" blocks whose allocation stack passes through Foldout's own code (FoldoutUI,
# FoldoutCore, the Gtk wrapper, CFoldoutModel). Exit status 1 if there is any, or if a test fails
# under valgrind (each failure is listed).
#   build-aux/valgrind-ui-tests.sh [XCTest filter, default: FoldoutUITests.ActionsPageTests]
#   build-aux/valgrind-ui-tests.sh --ci   # CI's subset: the classes in $ci_classes below
# A filter may name several classes or tests, separated by commas. Tests that start a program with
# Foundation's Process fail under valgrind (EBADF: Process closes valgrind's own descriptors);
# xdotool is started with posix_spawn (GtkTestCase), so tests that type work.
set -euo pipefail
cd "$(dirname "$0")/.."
build-aux/install-deps.sh
if ! command -v valgrind >/dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends valgrind
fi
# Real keys (Tab, Ctrl+Z, Alt+U, typing), the search's threads and the notification's timer; about
# a minute and a half on the 2-core machine, the DWARF 4 build included.
ci_classes=FoldoutUITests.KeyboardFocusTests,FoldoutUITests.UndoNotificationTests,FoldoutUITests.FiltersSearchTests
filter=${1:-FoldoutUITests.ActionsPageTests}
[ "$filter" = --ci ] && filter=$ci_classes
# valgrind 3.19 cannot read the DWARF 5 that Swift 6.3 and clang emit by default ("unhandled dwarf2
# abbrev form code 0x25"), so this builds its own DWARF 4 copy in a scratch folder of its own.
scratch=.build-valgrind
swift build --build-tests --scratch-path "$scratch" -Xcc -gdwarf-4 -Xswiftc -dwarf-version=4
tests=$(swift build --scratch-path "$scratch" --show-bin-path)/FoldoutPackageTests.xctest
log=$(mktemp /tmp/foldout-valgrind.XXXXXX)
export GSK_RENDERER=cairo GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 G_SLICE=always-malloc G_DEBUG=gc-friendly FOLDOUT_REQUIRE_DISPLAY=1
# Each wait for a condition may take ten times as long (GtkTestCase.patience).
export FOLDOUT_TEST_PATIENCE=10
dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24" \
    valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite --num-callers=40 \
        --suppressions=/usr/share/glib-2.0/valgrind/glib.supp \
        --suppressions=/usr/share/gtk-4.0/valgrind/gtk.supp \
        --suppressions=build-aux/valgrind/mesa.supp \
        --suppressions=build-aux/valgrind/fontconfig.supp \
        --suppressions=build-aux/valgrind/gio.supp \
        --suppressions=build-aux/valgrind/swift.supp \
        --log-file="$log" \
        "$tests" "$filter" >"$log.tests" 2>&1 || true
# XCTest's own exit status is lost in dbus-run-session and xvfb-run; its summary says it all.
if ! grep -qE "Executed [1-9][0-9]* tests?" "$log.tests"; then
    echo "valgrind: no test ran under valgrind (is \"$filter\" a test's full name, as FoldoutUITests.ActionsPageTests?); its log, $log, ends:" >&2
    tail -n 8 "$log" >&2
    exit 2
fi
grep -E "Executed [0-9]+ tests?" "$log.tests" | tail -1 | sed 's/^/valgrind: the tests: /'
failed=0
if grep -qE "Test Case .* failed" "$log.tests"; then
    echo "valgrind: tests failed under valgrind:" >&2
    grep -E "error: |Test Case .* failed" "$log.tests" | sed 's/^/  /' >&2
    failed=1
fi
leaks=0
python3 - "$log" <<'PY' || leaks=$?
import re, sys
text = open(sys.argv[1]).read()
summary = re.search(r"definitely lost: ([\d,]+) bytes in ([\d,]+) blocks", text)
records = re.split(r"==\d+== \n", text)
ours = [r for r in records if "definitely lost" in r and re.search(r"FoldoutUI|FoldoutCore|\$s3Gtk|foldout_|CFoldoutModel", r)]
print("valgrind: definitely lost in total:", summary.group(0) if summary else "0 bytes (no leak summary)")
print(f"valgrind: definitely lost blocks whose stack passes through Foldout's code: {len(ours)}")
for record in ours[:5]:
    print(record)
sys.exit(1 if ours else 0)
PY
echo "valgrind: full log in $log, the tests' output in $log.tests"
[ "$leaks" -eq 0 ] && [ "$failed" -eq 0 ]
