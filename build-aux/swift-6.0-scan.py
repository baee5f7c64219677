#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Lists uses of Swift language features and standard library names newer than Swift 6.0.

    swift-6.0-scan.py [--toolchain USR_DIR [--baseline SWIFT_6_0_LIB_DIR]] PATH...

Part 1 of build-aux/check-swift-6.0.sh (its header says what this can and cannot see). Each .swift
file under PATH is read with its comments and string literals blanked (line numbers kept); a use
counts unless it sits in the active branch of `#if compiler(>=V)` or `#if swift(>=V)` with V at
least the version that brought the feature (6.1 for any standard library name). The standard
library names come from the toolchain's own interfaces (USR_DIR/lib/swift/linux/*.swiftmodule/
*.swiftinterface): with --baseline, the top-level names Swift 6.0's interfaces lack; without, those
whose @available names a macOS release after 15.0 (the one that shipped Swift 6.0's runtime) plus
BACK_DEPLOYED below. Exit 1 when anything is found, 0 otherwise.
"""
import argparse
import pathlib
import re
import sys

# (version, name, pattern): patterns run on code with comments and strings blanked.
LANGUAGE = [
    ("6.1", "trailing comma before ')' (6.0 allows one only in array and dictionary literals)",
     re.compile(r",\s*\)")),
    ("6.1", "trailing comma before '>' in a generic list", re.compile(r",\s*>")),
    ("6.1", "trailing comma in a closure capture list", re.compile(r",\s*\]\s*in\b")),
    ("6.1", "nonisolated on a type or an extension",
     re.compile(r"\bnonisolated\s+(?:(?:public|package|internal|fileprivate|private|final|open|indirect)\s+)*"
                r"(?:struct|class|enum|extension|actor|protocol)\b")),
    ("6.1", "withTaskGroup/withThrowingTaskGroup without of: (child result type inferred)",
     re.compile(r"\bwith(?:Throwing)?TaskGroup\s*(?:\{|\(\s*(?!of\s*:))")),
    ("6.2", "InlineArray type sugar [N of T]", re.compile(r"\[\s*[\w.]+\s+of\s+[\w\[(]")),
    ("6.2", "integer generic parameter <let N: Int>", re.compile(r"[<,]\s*let\s+\w+\s*:\s*Int\s*[,>]")),
    ("6.2", "@concurrent", re.compile(r"@concurrent\b")),
    ("6.2", "nonisolated(nonsending)", re.compile(r"\bnonisolated\s*\(\s*nonsending\s*\)")),
    ("6.2", "isolated deinit", re.compile(r"\bisolated\s+deinit\b")),
    ("6.2", "unsafe expression (strict memory safety)",
     re.compile(r"(?:^|[=(\[,{;:]|\breturn|\btry|\bawait|\bin|\bfor)\s*unsafe\s+[A-Za-z_(&\[\\.$]", re.M)),
    ("6.2", "@safe or @unsafe attribute", re.compile(r"@(?:safe|unsafe)\b")),
    ("6.2", "weak let", re.compile(r"\bweak\s+let\b")),
    ("6.2", "@abi attribute", re.compile(r"@abi\b")),
    ("6.2", "~Escapable", re.compile(r"~\s*Escapable\b")),
    ("6.2", "@lifetime / @_lifetime", re.compile(r"@_?lifetime\b")),
    ("6.2", "Task.immediate", re.compile(r"\bTask(?:<[^>]*>)?\s*\.\s*immediate\b|\.\s*addImmediateTask\b")),
    ("6.2", "task name (Task(name:), addTask(name:))", re.compile(r"\b(?:Task(?:<[^>]*>)?|addTask)\s*\(\s*name\s*:")),
    ("6.2", "key path to a method (\\.name())", re.compile(r"\\(?:\w+)?(?:\.\w+)*\.\w+\s*\(")),
    ("6.3", "@c attribute", re.compile(r"@c(?=[\s(])")),
    ("6.3", "module selector (Module::name)", re.compile(r"\b[A-Za-z_]\w*::[A-Za-z_]")),
]

HASHES = re.compile(r"#*")
RAW_STRING = re.compile(r'#+"')
HEADER = re.compile(r"\b(?:struct|class|enum|extension|actor)\s+[^{};]*\{")
ACTOR_CONFORMANCE = re.compile(r"[:,]\s*@\w*Actor\s+[A-Za-z_]")
IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
BACKTICKED = re.compile(r"`([^`\n]+)`")
CONDITION = re.compile(r"\b(if|guard|while)\b")
GUARD = re.compile(r"^\s*#(if|elseif)\b(.*)$")
GUARD_VERSION = re.compile(r"\b(?:compiler|swift)\s*\(\s*>=\s*(\d+(?:\.\d+)*)\s*\)")


def version_tuple(text):
    return tuple(int(part) for part in text.split("."))


def blank(source, interpolations=None):
    """The source with comments and string literals (also multi-line, raw and interpolated ones)
    turned into spaces, newlines and the quotes kept, so offsets map to the same lines. The
    (start, end) of each interpolation's code is appended to `interpolations` if given."""
    n = len(source)
    spans = []  # (start, end) of comment and string contents to blank

    def skip_string(i):
        """i is at the string's first # or quote: the offset after its closing delimiter."""
        hashes = len(HASHES.match(source, i).group(0))
        i += hashes
        multi = source.startswith('"""', i)
        close = ('"""' if multi else '"') + "#" * hashes
        i += 3 if multi else 1
        escape = "\\" + "#" * hashes
        while i < n and not source.startswith(close, i):
            if source.startswith(escape, i):
                i += len(escape)
                if i < n and source[i] == "(":  # an interpolation: code, with strings of its own
                    start = i + 1
                    i = skip_code(start, ")")
                    if interpolations is not None:
                        interpolations.append((start, i - 1))
                else:
                    i += 1
            elif source[i] == "\n" and not multi:
                return i
            else:
                i += 1
        return min(n, i + len(close))

    def skip_code(i, until):
        """Code from i to the closing `until` at depth 0 (an interpolation's parenthesis)."""
        depth = 0
        while i < n:
            c = source[i]
            if source.startswith("//", i) or source.startswith("/*", i):
                i = skip_comment(i)
                continue
            if c == '"' or (c == "#" and RAW_STRING.match(source, i)):
                start = i
                i = skip_string(i)
                spans.append((start + 1, i - 1))
                continue
            if c in "([{":
                depth += 1
            elif c in ")]}":
                if depth == 0 and c == until:
                    return i + 1
                depth -= 1
            i += 1
        return n

    def skip_comment(i):
        start = i
        if source.startswith("//", i):
            j = source.find("\n", i)
            i = n if j < 0 else j
        else:
            depth, i = 1, i + 2
            while i < n and depth:
                if source.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif source.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        spans.append((start, i))
        return i

    skip_code(0, None)
    chars = list(source)
    for start, end in spans:
        for k in range(max(start, 0), min(end, n)):
            if chars[k] != "\n":
                chars[k] = " "
    return "".join(chars)


def guarded_versions(lines):
    """For each line, the highest version V such that the line is in the active branch of an
    enclosing `#if compiler(>=V)` (or swift(>=V)); None when it is not guarded."""
    stack, result = [], []
    for line in lines:
        stripped = line.strip()
        match = GUARD.match(line)
        if match and match.group(1) == "if":
            found = GUARD_VERSION.search(match.group(2))
            negated = re.search(r"!\s*(?:compiler|swift)\s*\(", match.group(2))
            stack.append(version_tuple(found.group(1)) if found and not negated else None)
        elif match:  # #elseif
            found = GUARD_VERSION.search(match.group(2))
            if stack:
                stack[-1] = version_tuple(found.group(1)) if found else None
        elif stripped.startswith("#else"):
            if stack:
                stack[-1] = None
        elif stripped.startswith("#endif"):
            if stack:
                stack.pop()
        versions = [v for v in stack if v is not None]
        result.append(max(versions) if versions else None)
    return result


# Standard library names a Swift 6.0 compiler does not know although the newer interfaces mark
# them available on old systems (back-deployed): the difference between Swift 6.3.1's and Debian's
# Swift 6.0.3's top-level names (--baseline gives it exactly; this list is used without one).
BACK_DEPLOYED = {"CChar8", "InlineArray", "MutableRawSpan", "MutableSpan", "Observations", "OutputRawSpan",
                 "OutputSpan", "RawSpan", "SendableMetatype", "Span", "UTF8Span", "extendLifetime"}
MODULES = ("Swift", "_Concurrency", "Synchronization", "Observation", "_StringProcessing", "RegexBuilder")
DECLARATION = re.compile(r"^(?:@[\w.]+(?:\((?:[^()]|\([^()]*\))*\))?\s+)*"
                         r"(?:(?:public|final|open|indirect|nonisolated)\s+)*"
                         r"(struct|enum|class|actor|protocol|typealias|func|macro)\s+`?(\w+)")


def interfaces(base):
    for module in MODULES:
        for interface in sorted(pathlib.Path(base).glob(f"{module}.swiftmodule/*.swiftinterface")):
            if not interface.name.endswith(".private.swiftinterface"):
                yield module, interface
                break


def stdlib_names(usr, baseline=None):
    """Top-level public names in the toolchain's stdlib interfaces that Swift 6.0 lacks: with a
    baseline (Swift 6.0's lib/swift/linux), those not in its interfaces; without, those whose
    @available names a macOS release after 15.0, and the BACK_DEPLOYED ones."""
    names = {}
    available = re.compile(r"@available\(([^)]*)\)")
    old = None
    if baseline:
        old = set()
        for _, interface in interfaces(baseline):
            for line in interface.read_text(encoding="utf-8", errors="replace").splitlines():
                match = DECLARATION.match(line)
                if match:
                    old.add(match.group(2))
    for module, interface in interfaces(pathlib.Path(usr) / "lib" / "swift" / "linux"):
        newest = None
        for line in interface.read_text(encoding="utf-8", errors="replace").splitlines():
            for found in available.finditer(line):
                mac = re.search(r"\bmacOS\s+(\d+(?:\.\d+)*)", found.group(1))
                if mac and "unavailable" not in found.group(1):
                    v = version_tuple(mac.group(1))
                    newest = v if newest is None or v > newest else newest
            if line.startswith((" ", "\t", "#")) or not line.strip():
                continue
            match = DECLARATION.match(line)
            if match:
                name = match.group(2)
                if not name.startswith("_"):
                    if old is not None:
                        if name not in old:
                            names.setdefault(name, (module, "not in Swift 6.0's interfaces"))
                    elif name in BACK_DEPLOYED:
                        names.setdefault(name, (module, "back-deployed, unknown to Swift 6.0"))
                    elif newest is not None and newest > (15, 0):
                        names.setdefault(name, (module, f"macOS {'.'.join(map(str, newest))} in the interface"))
                newest = None
            elif not line.startswith("@"):
                newest = None
    return names


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def condition_trailing_commas(code):
    """if/guard/while conditions that end in a comma before their { (or guard's else)."""
    hits = []
    for match in CONDITION.finditer(code):
        i, depth = match.end(), 0
        while i < len(code):
            c = code[i]
            if c in "([":
                depth += 1
            elif c in ")]":
                depth -= 1
                if depth < 0:
                    break
            elif depth == 0 and (c == "{" or (match.group(1) == "guard" and code.startswith("else", i)
                                              and not re.match(r"\w", code[i - 1]))):
                if code[match.end():i].rstrip().endswith(","):
                    hits.append(match.start())
                break
            i += 1
    return hits


def scan(path, names, declared):
    source = path.read_text(encoding="utf-8")
    interpolations = []
    code = blank(source, interpolations)
    guards = guarded_versions(code.splitlines())
    found = []

    def report(offset, version, what):
        number = line_of(code, offset)
        guard = guards[number - 1] if number - 1 < len(guards) else None
        if guard is None or guard < version_tuple(version):
            found.append((number, version, what))

    for version, what, pattern in LANGUAGE:
        for match in pattern.finditer(code):
            report(match.start(), version, what)
    for header in HEADER.finditer(code):
        for match in ACTOR_CONFORMANCE.finditer(header.group(0)):
            report(header.start() + match.start(), "6.2", "global-actor isolated conformance (: @MainActor P)")
    for offset in condition_trailing_commas(code):
        report(offset, "6.1", "trailing comma at the end of an if/guard/while condition list")
    for match in BACKTICKED.finditer(code):
        if not IDENTIFIER.match(match.group(1)):
            report(match.start(), "6.2", f"raw identifier `{match.group(1)}`")
    # String interpolations with a default value, \(x, default: "…") (6.2), at the interpolation's
    # own depth (its code with nested parentheses' and strings' contents left out).
    for start, end in interpolations:
        inner = blank(source[start:end])
        flat = re.sub(r"\([^()]*\)", "", inner)
        while flat != (flat := re.sub(r"\([^()]*\)", "", flat)):
            pass
        if re.search(r",\s*default\s*:", flat):
            report(start, "6.2", "string interpolation with default:")
    for name, (module, since) in names.items():
        if name in declared:
            continue
        for match in re.finditer(r"(?<![\w.])" + re.escape(name) + r"\b", code):
            report(match.start(), "6.1", f"{module}.{name} ({since})")
    return sorted(set(found))

# --self-test: each line of NEWER must be reported (once per line at least), nothing in OLDER.
NEWER = r'''func f(a: Int, b: Int,) {}
struct G<A, B,> {}
let c = { [weak x, y,] in }
nonisolated struct S {}
nonisolated public extension S {}
func g() async { await withTaskGroup { group in } }
func h() async { await withThrowingTaskGroup(returning: Int.self) { g in 0 } }
let ia: [3 of Int] = [1, 2, 3]
struct V<let N: Int> {}
@concurrent func k() async {}
nonisolated(nonsending) func l() async {}
class D { isolated deinit {} }
struct M: @MainActor P {}
extension M: Equatable, @MainActor Q {}
func u() { let p = unsafe q.pointee; _ = p }
@safe struct W {}
weak let w: AnyObject?
@abi(func x()) func y() {}
struct E: ~Escapable {}
@_lifetime(borrow a) func m() {}
func n() { Task.immediate { }; Task(name: "x") { } }
let kp = \String.lowercased()
@c func cf() {}
let sel = Swift::print
func `a b`() {}
if a, b, { }
guard a, else { return }
let s: Span<Int>
let t = "\(x, default: "none")"'''
OLDER = r'''// func f(a: Int,) {} — comment
let s = "trailing, ) [3 of Int] isolated deinit weak let"
let m = """
  multi ,) Span
  """
let r = #"raw \(x, default: "y") ,)"#
let arr = [1, 2, 3,]
let dict = [1: 2,]
foo(a, { x in x })
let `default` = 1
nonisolated(unsafe) var z = 0
nonisolated func free() {}
#if compiler(>=6.2)
class D2 { isolated deinit {} }
let ia: [3 of Int] = [1, 2, 3]
#else
class D3 { deinit {} }
#endif
let kp = \String.count
withTaskGroup(of: Int.self) { g in }
let unsafeValue = 1
func f(x: @MainActor () -> Void) {}
class C: @preconcurrency P {}
let i = "\(foo("a,)"))"'''


def self_test():
    import tempfile
    names = {name: ("Swift", "back-deployed, unknown to Swift 6.0") for name in BACK_DEPLOYED}
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        newer, older = pathlib.Path(folder, "newer.swift"), pathlib.Path(folder, "older.swift")
        newer.write_text(NEWER, encoding="utf-8")
        older.write_text(OLDER, encoding="utf-8")
        reported = {number for number, _, _ in scan(newer, names, set())}
        for number, line in enumerate(NEWER.splitlines(), 1):
            if number not in reported:
                print(f"self-test: not reported: {line}")
                failures += 1
        for number, version, what in scan(older, names, set()):
            print(f"self-test: reported in 6.0 code, line {number}: {what}: {OLDER.splitlines()[number - 1]}")
            failures += 1
    print(f"self-test: {len(NEWER.splitlines())} newer constructs, {len(OLDER.splitlines())} lines of 6.0 code: "
          + ("FAIL" if failures else "PASS"))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--toolchain", default="", help="the toolchain's usr folder (its stdlib interfaces)")
    parser.add_argument("--baseline", default="", help="Swift 6.0's lib/swift/linux, for the exact list of new names")
    parser.add_argument("--self-test", action="store_true", help="check the patterns on built-in samples")
    parser.add_argument("paths", nargs="*")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    files = sorted(f for p in args.paths for f in (pathlib.Path(p).rglob("*.swift") if pathlib.Path(p).is_dir()
                                                   else [pathlib.Path(p)]))
    names = stdlib_names(args.toolchain, args.baseline or None) if args.toolchain else {}
    declared = set()
    for f in files:
        declared.update(re.findall(r"\b(?:struct|class|enum|protocol|typealias|actor|func)\s+(\w+)", blank(f.read_text(encoding="utf-8"))))
    if names:
        print(f"standard library names newer than Swift 6.0 in this toolchain's interfaces: {len(names)}"
              f" (e.g. {', '.join(sorted(names)[:8])})")
        shadowed = sorted(set(names) & declared)
        if shadowed:
            print(f"not searched, as the package declares a name of its own: {', '.join(shadowed)}")
    else:
        print("no toolchain given or no interfaces found: standard library names not checked")
    total = 0
    for f in files:
        for number, version, what in scan(f, names, declared):
            print(f"{f}:{number}: Swift {version}: {what}")
            total += 1
    print(f"scanned {len(files)} files, {len(LANGUAGE) + 4} language patterns: "
          + (f"FAIL: {total} uses newer than Swift 6.0 outside an #if compiler(>=…) guard" if total else
             "PASS: nothing newer than Swift 6.0 outside an #if compiler(>=…) guard"))
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
