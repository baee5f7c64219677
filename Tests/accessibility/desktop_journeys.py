#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Foldout as a GNOME desktop uses it, checked over AT-SPI as a screen reader sees the window:
a file given at start, a second launch acting on the running window; the window's size, page and catalog remembered
between runs (GSettings, in a key file here as inside the Flatpak), and its maximized state under a window manager
(Openbox); --unfold, --choose and --edit at start.

Usage: desktop_journeys.py PATH/TO/foldout
Run it inside a D-Bus session on a display (build-aux/test.sh does), like screen_reader_view.py,
whose helpers it shares.
"""
import os
import subprocess
import tempfile
import time

import pyatspi

from screen_reader_view import App, check, fail, keys, names_of, role_of, run_suite, wait_for


def launch(binary, arguments, environment, cwd=None):
    """A later launch: it passes its command line to the running instance and ends."""
    return subprocess.run([binary] + arguments, env=environment, cwd=cwd, capture_output=True, text=True, timeout=30)


def visible_list_items(app):
    return [node.name for node in app.objects() if role_of(node) == "list item"]


def file_at_start(binary, data):
    """`foldout FILE.csv` (what the desktop file's %F gives) starts on the Filters page with the file."""
    with tempfile.TemporaryDirectory() as folder:
        table = os.path.join(folder, "minerals.csv")
        with open(table, "w", encoding="utf-8") as file:
            file.write("mineral,hardness\nZanzibar quartz,7\nTalc,1\nCorundum,9\n")
        app = App(binary, [table], data)
        try:
            wait_for(lambda: "Talc" in " ".join(visible_list_items(app)), "the file given at start on the Filters page")
            items = visible_list_items(app)
            check(len(items) == 3, f"foldout FILE: {len(items)} rows shown, not the file's 3 ({items[:4]})")
            recent = os.path.join(data, "recently-used.xbel")
            wait_for(lambda: os.path.exists(recent) and "minerals.csv" in open(recent, encoding="utf-8").read(),
                     "minerals.csv in the desktop's recently used files")
        finally:
            app.close()


def second_launch(binary, data):
    """`foldout --page movies`, `foldout FILE.csv` and `foldout --search` given while Foldout runs
    act on its one window; a bad option fails in the launching process, with status 2."""
    app = App(binary, ["--page", "actions", "--catalog-size", "2000"], data)
    environment = dict(os.environ, XDG_DATA_HOME=data, GSETTINGS_BACKEND="memory")
    try:
        movies = launch(binary, ["--page", "movies"], environment)
        check(movies.returncode == 0, f"second launch --page movies: status {movies.returncode}, {movies.stderr!r}")
        wait_for(lambda: "Edit" in [n.name for n in app.objects() if "button" in role_of(n)], "the running window to show the Movies page (its Edit toggle)")

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
        frames = [child for child in app.node if child is not None and role_of(child) == "frame"]
        check(len(frames) == 1, f"second launches made {len(frames)} windows, not one")
    finally:
        app.close()


def window_size():
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Foldout$", "getwindowgeometry", "--shell"],
                           capture_output=True, text=True, timeout=5).stdout
    fields = dict(line.split("=", 1) for line in found.splitlines() if "=" in line)
    return int(fields.get("WIDTH", 0)), int(fields.get("HEIGHT", 0))


def button_names(app):
    return [node.name for node in app.objects() if "button" in role_of(node)]


def keyfile_settings(folder):
    """GSettings in a key file under `folder`, as inside the Flatpak: what a run keeps for the next."""
    return {"GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": os.path.join(folder, "config")}


def keyfile(folder):
    return os.path.join(folder, "config", "glib-2.0", "settings", "keyfile")


def close_with_ctrl_w(app, what):
    keys("ctrl+w")
    check(wait_for(lambda: app.process.poll() is not None, f"Ctrl+W to close {what}"), "Foldout still runs after Ctrl+W")


def remembered_state(binary, data):
    """Closed with Ctrl+W on the Movies page at 900×700 after opening a CSV file, Foldout starts
    again at that size, on that page, with that file; a file gone since is said so, quietly."""
    with tempfile.TemporaryDirectory() as folder:
        settings = keyfile_settings(folder)
        table = os.path.join(folder, "minerals.csv")
        with open(table, "w", encoding="utf-8") as file:
            file.write("mineral,hardness\nZanzibar quartz,7\nTalc,1\nCorundum,9\n")
        app = App(binary, ["--page", "filters", "--catalog", table], data, settings=settings)
        try:
            wait_for(lambda: "Talc" in " ".join(visible_list_items(app)), "the CSV file on the Filters page")
            keys("alt+3")
            wait_for(lambda: "Edit" in button_names(app), "Alt+3 to show the Movies page")
            subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Foldout$", "windowsize", "--sync", "900", "700"],
                           timeout=10)
            wait_for(lambda: window_size() == (900, 700), "the window to be 900×700")
            close_with_ctrl_w(app, "the window and end Foldout")
        finally:
            app.close()
        check(os.path.exists(keyfile(folder)), "nothing was written to the GSettings key file")

        app = App(binary, [], data, settings=settings)
        try:
            wait_for(lambda: "Edit" in button_names(app), "the Movies page, shown last, to be shown first")
            size = wait_for(lambda: window_size() if window_size() == (900, 700) else None, "the window to start at 900×700")
            check(size == (900, 700), f"the window started at {window_size()}, not at 900×700")
            keys("alt+2")
            wait_for(lambda: "Talc" in " ".join(visible_list_items(app)), "the last catalog file to be reopened")
            keys("alt+1")
            # An Actions row ("title, by author"): the Filters page had no Edit button either.
            wait_for(lambda: any(", by " in name for name in visible_list_items(app)), "Alt+1 to show the Actions page")
        finally:
            app.close()

        os.remove(table)
        app = App(binary, ["--catalog-size", "2000"], data, settings=settings)
        try:
            labels = lambda: [node.name for node in app.objects() if role_of(node) == "label"]
            # Once the catalog given is shown: the note, had it come, would be there by then.
            keys("alt+2")
            wait_for(lambda: any(name.startswith("2,000 of 2,000 rows") for name in labels()), "the 2,000 items given")
            check(not any("no longer there" in name for name in labels()),
                  "a catalog given on the command line should not be replaced by the remembered one")
        finally:
            app.close()
        app = App(binary, [], data, settings=settings)
        try:
            wait_for(lambda: any("minerals.csv" in name and "no longer there" in name for name in
                                 [node.name for node in app.objects() if role_of(node) == "label"]),
                     "a quiet note that the last catalog file is gone")
        finally:
            app.close()


def start_window_manager(attempts=3):
    """Openbox on this display, once wmctrl finds it managing it; started again if it ends first
    (what it said is printed then), as the display can still be settling from the suite before."""
    for attempt in range(attempts):
        log = tempfile.TemporaryFile()
        wm = subprocess.Popen(["openbox", "--sm-disable"], stdout=log, stderr=log)
        end = time.monotonic() + 30
        while time.monotonic() < end and wm.poll() is None:
            if subprocess.run(["wmctrl", "-m"], capture_output=True).returncode == 0:
                return wm
            time.sleep(0.2)
        if wm.poll() is None:
            wm.terminate()
            wm.wait(timeout=10)
        log.seek(0)
        print(f"openbox (attempt {attempt + 1}) ended or never managed the display: {log.read().decode(errors='replace')!r}",
              flush=True)
    fail("Openbox never managed the display")
    return wm


def maximized_state(binary, data):
    """Maximized by the window manager (Openbox, as a desktop's would, asked by wmctrl), then closed
    with Ctrl+W: Foldout starts maximized next time. Xvfb alone has no window manager to maximize."""
    wm = start_window_manager()
    try:
        with tempfile.TemporaryDirectory() as folder:
            settings = keyfile_settings(folder)
            app = App(binary, ["--page", "movies"], data, settings=settings)
            try:
                check(window_size()[0] < 1280, f"the window started maximized already ({window_size()})")
                subprocess.run(["wmctrl", "-r", "Foldout", "-b", "add,maximized_vert,maximized_horz"], timeout=10)
                wait_for(lambda: window_size()[0] == 1280, "the window manager to maximize the window")
                close_with_ctrl_w(app, "the maximized window")
            finally:
                app.close()
            with open(keyfile(folder), encoding="utf-8") as saved:
                check("window-maximized=true" in saved.read(), "the maximized state was not saved")
            app = App(binary, [], data, settings=settings)
            try:
                size = wait_for(lambda: window_size() if window_size()[0] == 1280 else None, "the window to start maximized")
                check(size is not None, f"the window started at {window_size()}, not maximized")
            finally:
                app.close()
    finally:
        wm.terminate()
        wm.wait(timeout=10)


def command_line_effects(binary, data):
    """--unfold, --choose and --edit at start do what they say, as a screen reader finds the window:
    row 700 unfolded and scrolled into view, only the chosen option's rows, the Edit pane open."""
    app = App(binary, ["--page", "actions", "--unfold", "700"], data)
    try:
        # Only the unfolded row has a Share button; GTK keeps rows far from the view bound, so it
        # must also be inside the window.
        share = wait_for(lambda: app.find_object("push button", "Share"), "--unfold 700: the unfolded row's Share button")
        if share is not None:
            # GTK 4.8 gives positions in the window only.
            frame = app.frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            box = wait_for(lambda: (lambda b: b if b.height > 0 else None)(share.queryComponent().getExtents(pyatspi.WINDOW_COORDS)),
                           "the Share button to be placed")
            check(box is not None and frame.y <= box.y and box.y + box.height <= frame.y + frame.height,
                  f"--unfold 700: the unfolded row is not in the window ({box and (box.y, box.height)} in {frame.y}..{frame.y + frame.height})")
    finally:
        app.close()

    with tempfile.TemporaryDirectory() as folder:
        table = os.path.join(folder, "minerals.csv")
        with open(table, "w", encoding="utf-8") as file:
            file.write("mineral,kind\nZanzibar quartz,silicate\nTalc,silicate\nCalcite,carbonate\nGold,element\n")
        app = App(binary, ["--page", "filters", "--catalog", table, "--choose", "kind=silicate"], data)
        try:
            labels = lambda: [node.name for node in app.objects() if role_of(node) == "label"]
            wait_for(lambda: any(name.startswith("2 of 4 rows") for name in labels()), "--choose: “2 of 4 rows”")
            items = " ".join(visible_list_items(app))
            check("Talc" in items and "Zanzibar quartz" in items and "Calcite" not in items and "Gold" not in items,
                  f"--choose kind=silicate: the rows shown are {visible_list_items(app)}")
        finally:
            app.close()

    app = App(binary, ["--page", "movies", "--edit"], data)
    try:
        wait_for(lambda: app.find_object("list item"), "the movies")
        fields = wait_for(lambda: names_of(app, "text") + names_of(app, "entry"), "--edit: the Edit pane's fields at start")
        check(bool(fields), "--edit: the Edit pane is not open")
    finally:
        app.close()


if __name__ == "__main__":
    run_suite("desktop_journeys", __doc__,
              (file_at_start, second_launch, remembered_state, command_line_effects, maximized_state))
