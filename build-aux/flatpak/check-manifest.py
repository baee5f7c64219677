#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks dev.foldout.Foldout.json without flatpak-builder or a runtime:

  - it is plain JSON (flatpak-builder accepts /* */ comments, python's json and this check do not:
    notes go in keys starting with "//", which flatpak-builder ignores);
  - runtime and sdk are org.gnome.Platform and org.gnome.Sdk at one numbered GNOME release, and
    the "//sdk-extensions" note names the swift6 branch for that release's freedesktop base
    (FREEDESKTOP_BASE below: update it with runtime-version);
  - every library Package.swift asks pkg-config for (a system library target's pkgConfig:) is one
    the runtime is known to have (RUNTIME_LIBRARIES below, with where that is shown), or is built
    by a module of the manifest of that name;
  - the dir source's skip list (exact paths from the source folder: flatpak-builder compares each
    file it copies with each skip entry resolved against the folder, no patterns) holds every
    folder at the top of the tree, and Benchmarks/bin, that git ignores, so no SwiftPM scratch
    folder (.build, .build-*, .build_*), meson or flatpak-builder folder is copied into the build;
    and no skip entry is a path git tracks files under.

    check-manifest.py [SOURCE_ROOT]
"""
import json
import pathlib
import re
import subprocess
import sys

# GNOME runtime branch -> the freedesktop-sdk branch it is built on, which is the branch of every
# org.freedesktop.Sdk.Extension.* flatpak-builder installs for it.
FREEDESKTOP_BASE = {"47": "24.08", "48": "24.08", "49": "25.08", "50": "25.08", "51": "26.08"}

# GNOME runtime branch -> the pkg-config modules its Sdk has headers and a .pc file for and its
# Platform the shared library, and where that is shown. org.gnome.Platform//50 carries
# freedesktop-sdk 25.08's platform (gnome-build-meta, branch gnome-50: elements/freedesktop-sdk.bst
# pins the tag freedesktop-sdk-25.08.16; elements/sdk-platform.bst depends on
# freedesktop-sdk.bst:platform.bst, elements/sdk.bst on freedesktop-sdk.bst:sdk.bst). Headers and
# .pc files are freedesktop-sdk's devel split (include/_private/split-rules.yml), left out of the
# Platform by elements/platform-image.bst and kept in the Sdk by elements/sdk-image.bst.
RUNTIME_LIBRARIES = {
    "50": {
        "gtk4": "gnome-build-meta gnome-50: elements/sdk-platform.bst depends on sdk/gtk.bst (GTK 4)",
        "glib-2.0": "freedesktop-sdk release/25.08: elements/platform.bst lists components/glib.bst",
        "libarchive": "freedesktop-sdk release/25.08: elements/platform.bst lists components/libarchive.bst",
        "sqlite3": "freedesktop-sdk release/25.08: elements/platform.bst lists components/sqlite.bst",
        "libsecret-1": "gnome-build-meta: elements/sdk-platform.bst depends on sdk/libsecret.bst",
        "libxml-2.0": "freedesktop-sdk components/libxml2.bst, in the platform: gnome-build-meta's "
                      "sdk/shared-mime-info.bst depends on it",
    },
}


def git(root, *args):
    try:
        return subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2])
    problems = []
    manifest = json.loads((root / "dev.foldout.Foldout.json").read_text(encoding="utf-8"))

    if manifest.get("runtime") != "org.gnome.Platform" or manifest.get("sdk") != "org.gnome.Sdk":
        problems.append("runtime and sdk must be org.gnome.Platform and org.gnome.Sdk")
    version = manifest.get("runtime-version", "")
    base = FREEDESKTOP_BASE.get(version)
    if base is None:
        problems.append(f"runtime-version {version!r}: its freedesktop base is not in FREEDESKTOP_BASE")
    elif f"swift6//{base}" not in manifest.get("//sdk-extensions", ""):
        problems.append(f"the //sdk-extensions note does not name swift6//{base}, the branch for GNOME {version}")
    if "org.freedesktop.Sdk.Extension.swift6" not in manifest.get("sdk-extensions", []):
        problems.append("sdk-extensions lacks org.freedesktop.Sdk.Extension.swift6")
    print(f"runtime org.gnome.Platform//{version}, freedesktop base {base}, swift6//{base}")

    package = (root / "Package.swift").read_text(encoding="utf-8")
    modules = {m.get("name") for m in manifest["modules"]}
    known = RUNTIME_LIBRARIES.get(version, {})
    for library in sorted(set(re.findall(r'pkgConfig:\s*"([^"]+)"', package))):
        if library in known:
            print(f"{library}: in the runtime ({known[library]})")
        elif library in modules:
            print(f"{library}: built by the manifest's module of that name")
        else:
            problems.append(f"Package.swift needs pkg-config {library!r}: neither RUNTIME_LIBRARIES[{version!r}] "
                            "(with where the runtime is shown to have it) nor a module of the manifest names it")

    sources = [s for m in manifest["modules"] for s in m.get("sources", []) if s.get("type") == "dir"]
    if len(sources) != 1 or sources[0].get("path") != ".":
        problems.append("expected one dir source with path '.'")
        skip = set()
    else:
        skip = set(sources[0].get("skip", []))
    for entry in sorted(skip):
        if entry.startswith("/") or "*" in entry or entry.endswith("/"):
            problems.append(f"skip entry {entry!r}: flatpak-builder wants a plain relative path")

    if git(root, "rev-parse", "--is-inside-work-tree") is None:
        print("not a git work tree: the skip list was not compared with what git ignores")
    else:
        candidates = [p for p in root.iterdir() if p.is_dir()] + [root / "Benchmarks" / "bin"]
        names = [str(p.relative_to(root)) for p in candidates if p.exists() and p.name != ".git"]
        ignored = set(filter(None, (git(root, "check-ignore", *names) or "").splitlines())) if names else set()
        for name in sorted(ignored - skip):
            problems.append(f"{name}/ is ignored by git but not skipped: add it to the manifest's skip list")
        for entry in sorted(skip - {".git"}):
            if git(root, "ls-files", "--", entry):
                problems.append(f"skip entry {entry!r} holds files git tracks")
        print(f"skip: {len(skip)} paths; git-ignored folders here: {', '.join(sorted(ignored)) or 'none'}")
        # Every SwiftPM scratch folder the scripts name must be skipped too, present or not.
        scripts = " ".join(p.read_text(encoding="utf-8", errors="replace")
                           for p in (root / "build-aux").rglob("*") if p.is_file() and p.suffix in ("", ".sh", ".py"))
        for name in sorted(set(re.findall(r"(?<![\w/.-])(\.build[-_][\w.-]*\w)", scripts)) - skip):
            problems.append(f"{name}: a scratch folder a build-aux script uses, not in the skip list")

    for problem in problems:
        print(f"FAIL: {problem}")
    if not problems:
        print("PASS: dev.foldout.Foldout.json: runtime, swift6 branch note, libraries and skip list")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
