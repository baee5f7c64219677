#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Keeps the style sheets, Resources/style.css, style-dark.css and style-hc.css, and their copies
in Style.swift alike.

Meson compiles Resources/style.css into foldout.gresource, which Style.load() prefers. A plain
`swift build` has no such bundle (SwiftPM cannot run glib-compile-resources without a plugin), so
Sources/FoldoutUI/Style.swift carries the same text as its fallback, in `static let css = \"\"\"`.

    style-sync.py [SOURCE_ROOT]            exit 1, with a diff, when the two differ (a meson test)
    style-sync.py --update [SOURCE_ROOT]   rewrite the Swift copy from Resources/style.css
"""
import difflib
import pathlib
import re
import sys

INDENT = "    "
# Each style sheet and the name of its copy in Style.swift.
SHEETS = {"style.css": "css", "style-dark.css": "darkCSS", "style-hc.css": "highContrastCSS"}


def literal(name):
    return re.compile(r'(    static let ' + name + r' = """\n)(.*?)(\n    """)', re.S)


def sync(root, sheet, name, update):
    css_path = root / "Resources" / sheet
    swift_path = root / "Sources" / "FoldoutUI" / "Style.swift"
    css = css_path.read_text(encoding="utf-8")
    if "\\" in css or '"""' in css:
        print(f"{css_path}: backslashes and triple quotes would need escaping in Swift; avoid them", file=sys.stderr)
        return 1
    css = css[:-1] if css.endswith("\n") else css
    swift = swift_path.read_text(encoding="utf-8")
    match = literal(name).search(swift)
    if not match:
        print(f"{swift_path}: no `static let {name} = \"\"\"` literal found", file=sys.stderr)
        return 1
    copy = "\n".join(line[len(INDENT):] if line.startswith(INDENT) else line.lstrip() for line in match.group(2).split("\n"))
    if update:
        body = "\n".join(INDENT + line if line else line for line in css.split("\n"))
        swift = swift[: match.start(2)] + body + swift[match.end(2):]
        swift_path.write_text(swift, encoding="utf-8")
        print(f"{swift_path}: {name} copied from {css_path}")
        return 0
    if copy == css:
        print(f"{swift_path}: {name} is the same as {css_path}")
        return 0
    diff = difflib.unified_diff(css.split("\n"), copy.split("\n"), str(css_path), str(swift_path), lineterm="")
    print("\n".join(diff))
    print(f"\nThe style sheet copy {name} in {swift_path} differs from {css_path};", file=sys.stderr)
    print("edit the file in Resources/, then run build-aux/meson/style-sync.py --update", file=sys.stderr)
    return 1


def main(argv):
    update = "--update" in argv
    rest = [a for a in argv if a != "--update"]
    root = pathlib.Path(rest[0] if rest else pathlib.Path(__file__).resolve().parents[2])
    return max(sync(root, sheet, name, update) for sheet, name in SHEETS.items())


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
