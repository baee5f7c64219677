#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Foldout as a GNOME desktop uses it, checked over AT-SPI as a screen reader sees the window:
a second launch acting on the running window.

Usage: desktop_journeys.py PATH/TO/foldout
Run it inside a D-Bus session on a display (build-aux/test.sh does), like screen_reader_view.py,
whose helpers it shares.
"""
import os
import subprocess
import sys
import tempfile

from screen_reader_view import App, check, failures, wait_for


def launch(binary, arguments, environment, cwd=None):
    """A later launch: it passes its command line to the running instance and ends."""
    return subprocess.run([binary] + arguments, env=environment, cwd=cwd, capture_output=True, text=True, timeout=30)


def visible_list_items(app):
    return [node.name for node in app.objects() if node.getRoleName() == "list item"]


def second_launch(binary, data):
    """`foldout --page movies`, `foldout FILE.csv` and `foldout --search` given while Foldout runs
    act on its one window; a bad option fails in the launching process, with status 2."""
    app = App(binary, ["--page", "actions", "--catalog-size", "2000"], data)
    environment = dict(os.environ, XDG_DATA_HOME=data, GSETTINGS_BACKEND="memory")
    try:
        movies = launch(binary, ["--page", "movies"], environment)
        check(movies.returncode == 0, f"second launch --page movies: status {movies.returncode}, {movies.stderr!r}")
        wait_for(lambda: "Edit" in [n.name for n in app.objects() if "button" in n.getRoleName()], "the running window to show the Movies page (its Edit toggle)")

        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "minerals.csv"), "w", encoding="utf-8") as table:
                table.write("mineral,hardness\nZanzibar quartz,7\nTalc,1\nCorundum,9\n")
            opened = launch(binary, ["minerals.csv"], environment, cwd=folder)
            check(opened.returncode == 0, f"second launch FILE: status {opened.returncode}, {opened.stderr!r}")
            wait_for(lambda: "Talc" in " ".join(visible_list_items(app)),
                     "the file named relative to the second launch's folder to open on the Filters page")

        searched = launch(binary, ["--search", "quartz"], environment)
        check(searched.returncode == 0, f"second launch --search: status {searched.returncode}")
        rows = wait_for(lambda: (lambda names: names if len(names) == 1 else None)(visible_list_items(app)),
                        "--search in a second launch to leave the one matching row")
        check(rows is not None and "Zanzibar quartz" in rows[0], f"second launch --search: rows {rows}")

        bad = launch(binary, ["--page", "nowhere"], environment)
        check(bad.returncode == 2, f"second launch with a bad page: status {bad.returncode}, not 2")
        check(bad.stderr.strip().count("\n") == 0 and "nowhere" in bad.stderr,
              f"second launch with a bad page: not one line naming it: {bad.stderr!r}")
        frames = [child for child in app.node if child is not None and child.getRoleName() == "frame"]
        check(len(frames) == 1, f"second launches made {len(frames)} windows, not one")
    finally:
        app.close()


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as data:
        for journey in (second_launch,):
            print(f"== {journey.__name__}", flush=True)
            journey(binary, data)
    if failures:
        print(f"desktop_journeys: {len(failures)} failed", flush=True)
        raise SystemExit(1)
    print("desktop_journeys: every check passed", flush=True)


if __name__ == "__main__":
    main()
