#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# FoldoutCore's and CatalogFormats' tests under AddressSanitizer (with LeakSanitizer) and
# ThreadSanitizer, each in a build folder of its own (.build/sanitize-address, -thread). About six
# and eight minutes on two cores, so not part of .ci/run.
#
#   build-aux/sanitizers.sh [address|thread]…    # both when none is named; exit 1 on a finding
#
# A finding fails it: any AddressSanitizer or ThreadSanitizer report, a failing test, and a leak
# whose allocation passes through Foldout's own code (Sources/). Leaks that LeakSanitizer reports
# inside the toolchain's XCTest and Foundation (test-case objects kept until exit, URL parsing)
# are counted and listed, not failed: no frame of ours allocated them.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
status=0
for sanitizer in "${@:-address thread}"; do
    for kind in $sanitizer; do
        log=".build/sanitize-$kind.log"
        echo "sanitizers: building for $kind"
        swift build --build-tests --sanitize="$kind" --scratch-path ".build/sanitize-$kind" > "$log" 2>&1 \
            || { tail -20 "$log"; status=1; continue; }
        echo "sanitizers: testing under $kind (log: $log)"
        swift test --skip-build --sanitize="$kind" --scratch-path ".build/sanitize-$kind" \
            --filter 'FoldoutCoreTests|CatalogFormatsTests' >> "$log" 2>&1
        grep -E "Executed [0-9]+ tests" "$log" | tail -1
        python3 - "$log" "$kind" <<'PYTHON' || status=1
import re, sys
log, kind = sys.argv[1], sys.argv[2]
text = open(log, encoding="utf-8", errors="replace").read()
problems = []
if re.search(r"with [1-9]\d* failures", text) or "Executed" not in text:
    problems.append("a test failed or none ran")
problems += sorted(set(re.findall(r"(?:ERROR: AddressSanitizer|WARNING: ThreadSanitizer): [^\n]*", text)))
leaks = re.split(r"\n(?=(?:Direct|Indirect) leak of)", text)
ours = [leak.split("\n", 1)[0] for leak in leaks[1:] if "/Sources/" in leak.split("\n\n", 1)[0]]
toolchain = len(leaks) - 1 - len(ours)
problems += [f"a leak through Foldout's code: {leak}" for leak in ours]
print(f"sanitizers: {kind}: {len(problems)} findings; {toolchain} leaks inside XCTest and Foundation only")
for problem in problems:
    print("  " + problem)
sys.exit(1 if problems else 0)
PYTHON
    done
done
exit "$status"
