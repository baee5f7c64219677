#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Meson test: the app icons are well-formed, self-contained SVG of the sizes GNOME expects.

    check-icons.py ICON.svg ICON-symbolic.svg

Full colour: a 128x128 canvas. Symbolic: 16x16, drawn in one colour (#2e3436, which GTK recolours)
and nothing else. Neither may reference outside files, embed raster images or carry scripts.
Each is also rendered by rsvg-convert (Debian: librsvg2-bin) to check it draws; without it, the test fails.
"""
import pathlib
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"


def check(path, symbolic):
    problems = []
    root = ET.parse(path).getroot()
    if root.tag != SVG + "svg":
        return [f"root element is {root.tag}, not svg"]
    size = "16" if symbolic else "128"
    if (root.get("width"), root.get("height"), root.get("viewBox")) != (size, size, f"0 0 {size} {size}"):
        problems.append(f"canvas must be {size}x{size} (width, height, viewBox)")
    for element in root.iter():
        tag = element.tag.replace(SVG, "")
        if tag in ("script", "image", "foreignObject"):
            problems.append(f"<{tag}> is not allowed")
        for key in ("href", XLINK):
            ref = element.get(key)
            if ref and not ref.startswith("#"):
                problems.append(f"<{tag}> references {ref}")
        if symbolic:
            for attribute in ("fill", "stroke", "stop-color"):
                value = element.get(attribute)
                if value not in (None, "none", "#2e3436"):
                    problems.append(f"symbolic icons use #2e3436 only; <{tag}> has {attribute}={value}")
    renderer = shutil.which("rsvg-convert")
    if not renderer:
        problems.append("rsvg-convert not found (Debian: librsvg2-bin): the icon cannot be rendered")
    else:
        with tempfile.NamedTemporaryFile(suffix=".png") as png:
            result = subprocess.run([renderer, "-w", "64", "-h", "64", str(path), "-o", png.name], capture_output=True, text=True)
            if result.returncode != 0 or pathlib.Path(png.name).stat().st_size == 0:
                problems.append(f"rsvg-convert cannot render it: {result.stderr.strip()}")
    return problems


def main(paths):
    failed = False
    for path in map(pathlib.Path, paths):
        problems = check(path, path.stem.endswith("-symbolic"))
        for problem in problems:
            print(f"{path}: {problem}")
        if not problems:
            print(f"{path}: ok")
        failed = failed or bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
