#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The code's form, checked: the toolchain's swift-format with the checked-in .swift-format (4-space
# indents, 120 columns, its default rules), and no line over 120 characters in any Swift file
# (swift-format leaves long comments and string literals alone, so that is checked here); FoldoutCore's
# portability (check-core-portability.sh) and its generated accent table being up to date; the
# toolchain bugs worked around (build-aux/toolchain-bugs).
#
#   build-aux/lint.sh            # exit 1 with the offending lines
#   swift-format format -i -r Sources Tests Plugins Package.swift    # fixes most of what it finds
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
swift-format lint --strict --configuration .swift-format -r Sources Tests Plugins Package.swift || status=1
python3 - <<'PYTHON' || status=1
import pathlib, sys
long = [f"{path}:{number}: {len(line)} columns"
        for path in sorted(pathlib.Path(".").glob("**/*.swift")) if not any(part.startswith(".") or part == "build"
                                                                            for part in path.parts)
        for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1) if len(line) > 120]
print("\n".join(long), file=sys.stderr) if long else None
sys.exit(1 if long else 0)
PYTHON
build-aux/check-core-portability.sh || status=1
build-aux/generate-accent-table.py --check || status=1
build-aux/toolchain-bugs/check.sh || status=1
[ "$status" -eq 0 ] && echo "lint: swift-format finds nothing, and no Swift line is over 120 columns"
exit "$status"
