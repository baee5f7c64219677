#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs UI tests under valgrind memcheck with GLib's and GTK's suppressions (and ours in
# build-aux/valgrind/ for Mesa, fontconfig and Swift's weak references), then reports the
# "definitely lost" blocks whose allocation stack passes through Foldout's own code (FoldoutUI,
# FoldoutCore, the Gtk wrapper, CFoldoutModel). Exit status 1 if there is any.
#   build-aux/valgrind-ui-tests.sh [XCTest filter, default: FoldoutUITests.ActionsPageTests]
set -euo pipefail
cd "$(dirname "$0")/.."
build-aux/install-deps.sh
command -v valgrind >/dev/null || { apt-get install -y -q --no-install-recommends valgrind; }
filter=${1:-FoldoutUITests.ActionsPageTests}
# valgrind 3.19 cannot read the DWARF 5 that Swift 6.3 and clang emit by default ("unhandled dwarf2
# abbrev form code 0x25"), so this builds its own DWARF 4 copy in a scratch folder of its own.
scratch=.build-valgrind
swift build --build-tests --scratch-path "$scratch" -Xcc -gdwarf-4 -Xswiftc -dwarf-version=4
tests=$(swift build --scratch-path "$scratch" --show-bin-path)/FoldoutPackageTests.xctest
log=$(mktemp /tmp/foldout-valgrind.XXXXXX)
export GSK_RENDERER=cairo GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 G_SLICE=always-malloc G_DEBUG=gc-friendly FOLDOUT_REQUIRE_DISPLAY=1
dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24" \
    valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite --num-callers=40 \
        --suppressions=/usr/share/glib-2.0/valgrind/glib.supp \
        --suppressions=/usr/share/gtk-4.0/valgrind/gtk.supp \
        --suppressions=build-aux/valgrind/mesa.supp \
        --suppressions=build-aux/valgrind/fontconfig.supp \
        --suppressions=build-aux/valgrind/swift.supp \
        --log-file="$log" \
        "$tests" "$filter" >"$log.tests" 2>&1 || true
if ! grep -qE "Executed [1-9][0-9]* tests?" "$log.tests"; then
    echo "valgrind: no test ran under valgrind (is \"$filter\" a test's full name, as FoldoutUITests.ActionsPageTests?); its log, $log, ends:" >&2
    tail -n 8 "$log" >&2
    exit 2
fi
grep -E "Executed [0-9]+ tests?" "$log.tests" | tail -1 | sed 's/^/valgrind: the tests: /'
python3 - "$log" <<'PY'
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
status=$?
echo "valgrind: full log in $log"
exit $status
