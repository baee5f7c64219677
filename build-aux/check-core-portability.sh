#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# FoldoutCore is platform-neutral in fact: it builds wherever Swift does, so
#  - only Sources/FoldoutCore/SystemLibrary.swift imports a system C library (Glibc, Musl, Darwin,
#    ucrt, WinSDK, Android, Bionic), each import inside an `#if canImport(` of that same module;
#  - no file uses private or underscored standard-library API: no `@_` attribute (`@_spi`,
#    `@_implementationOnly`, `@_silgen_name`, …), no member or function whose name starts with `_`
#    (`._nfd`, `_fastPath`), no `Builtin`.
# check-layers.sh checks which modules the core imports on this platform; this checks how.
#
#   build-aux/check-core-portability.sh      # exit 1 with the offending lines
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - <<'PYTHON'
import pathlib, re, sys

PLATFORMS = {"Glibc", "Musl", "Darwin", "ucrt", "WinSDK", "Android", "Bionic", "CRT", "Foundation"}
HOME = pathlib.Path("Sources/FoldoutCore/SystemLibrary.swift")
problems = []
for path in sorted(pathlib.Path("Sources/FoldoutCore").rglob("*.swift")):
    conditions = []  # the canImport modules of the enclosing #if / #elseif branches
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        code = line.split("//", 1)[0].strip()
        where = f"{path}:{number}: {line.strip()}"
        if match := re.match(r"#(if|elseif)\b(.*)", code):
            module = re.search(r"canImport\((\w+)\)", match.group(2))
            if match.group(1) == "if":
                conditions.append(module.group(1) if module else None)
            elif conditions:
                conditions[-1] = module.group(1) if module else None
            continue
        if code.startswith("#else") and conditions:
            conditions[-1] = None
            continue
        if code.startswith("#endif") and conditions:
            conditions.pop()
            continue
        if match := re.match(r"(?:@\w+(?:\([^)]*\))?\s+)*(?:public |internal |private |fileprivate )?import\s+(?:\w+\s+)?(\w+)", code):
            module = match.group(1)
            if module in PLATFORMS:
                if path != HOME:
                    problems.append(f"{where}  (the C library is imported only in {HOME})")
                elif not conditions or conditions[-1] != module:
                    problems.append(f"{where}  (not inside #if canImport({module}))")
        if re.search(r"@_\w", code):
            problems.append(f"{where}  (an underscored attribute is private API)")
        if re.search(r"(?<![\w\"])(\.|\b)_[A-Za-z]\w*", re.sub(r'"(?:[^"\\]|\\.)*"', '""', code)):
            problems.append(f"{where}  (a name starting with _ is the standard library's private API)")
        if re.search(r"\bBuiltin\.", code):
            problems.append(f"{where}  (Builtin is the compiler's own)")
print("\n".join(problems), file=sys.stderr) if problems else print(
    "check-core-portability: FoldoutCore imports its C library in one guarded file and uses no private API")
sys.exit(1 if problems else 0)
PYTHON
