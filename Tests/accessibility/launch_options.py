#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every command-line option, at the first launch and at a later one against the running window,
checked for its effect as a screen reader finds the window (AT-SPI) and for its exit status: 0
when it did what it says; 2, with one line on the launching process's standard error, when the
value is wrong, whether the launching process or the running window's catalog finds that out.

Usage: launch_options.py PATH/TO/foldout
Run it inside a D-Bus session on a display, like screen_reader_view.py, whose helpers it shares.
"""
import os
import sqlite3
import subprocess
import tempfile

from screen_reader_view import App, check, fail, names_of, role_of, run_suite, wait_for, walk, states
from desktop_journeys import launch, visible_list_items

MINERALS = "mineral,kind,hardness\nZanzibar quartz,silicate,7\nTalc,silicate,1\nCalcite,carbonate,3\nGold,element,2.5\n"


def labels(app):
    return names_of(app, "label")


def count_is(text):
    return lambda app: any(name.startswith(text) for name in labels(app))


def shows(text):
    return lambda app: any(text in name for name in visible_list_items(app) + labels(app))


def has(role, name):
    return lambda app: any(role_of(n) == role and n.name == name and "visible" in states(n) for n in walk(app.node))


def has_role(*roles):
    return lambda app: any(role_of(n) in roles for n in app.objects())


def window_count(count):
    return lambda app: len([c for c in app.node if c is not None and role_of(c) in ("frame", "window", "dialog")]) >= count


def start(binary, arguments, data):
    """Foldout with a state folder of its own: no view of a file kept from an earlier run."""
    return App(binary, arguments, data, settings={"XDG_STATE_HOME": tempfile.mkdtemp()})


def write_files(folder):
    files = {}
    files["minerals"] = os.path.join(folder, "minerals.csv")
    with open(files["minerals"], "w", encoding="utf-8") as out:
        out.write(MINERALS)
    files["gems"] = os.path.join(folder, "gems.csv")
    with open(files["gems"], "w", encoding="utf-8") as out:
        out.write("gem,colour\nRuby,red\nOpal,white\nJade,green\n")
    files["greek"] = os.path.join(folder, "greek.csv")
    with open(files["greek"], "wb") as out:
        out.write("mineral,kind\nΧαλαζίας,πυριτικό\nΤάλκης,πυριτικό\n".encode("iso-8859-7"))
    files["database"] = os.path.join(folder, "rocks.sqlite")
    with sqlite3.connect(files["database"]) as database:
        database.execute("create table rocks (mineral text, kind text)")
        database.execute("insert into rocks values ('Basalt', 'igneous'), ('Chalk', 'sedimentary')")
        database.execute("create table gems (mineral text, carats real)")
        database.execute("insert into gems values ('Ruby', 1.5), ('Opal', 2.0), ('Jade', 3.0)")
    return files


def cases(files):
    """(name, arguments, what shows it worked). The arguments are given with the minerals file shown."""
    m = files["minerals"]
    return [
        ("--page movies", ["--page", "movies"], lambda app: any("button" in role_of(n) and n.name == "Edit" for n in app.objects())),
        ("--page actions --unfold", ["--page", "actions", "--unfold", "3"], has("push button", "Share")),
        ("--unfold a result", ["--page", "filters", "--catalog", m, "--unfold", "1"], has("push button", "Copy Row")),
        ("FILE", [files["gems"]], shows("Opal")),
        ("--catalog", ["--catalog", files["gems"]], count_is("3 of 3 rows")),
        ("--encoding", ["--catalog", files["greek"], "--encoding", "ISO-8859-7"], shows("Τάλκης")),
        ("--table", ["--catalog", files["database"], "--table", "gems"], count_is("3 of 3 rows")),
        ("--catalog-size", ["--catalog-size", "300"], count_is("300 of 300 rows")),
        ("--open-facet", ["--catalog", m, "--open-facet", "KIND"], has("check box", "carbonate, 1 row")),
        ("--choose", ["--catalog", m, "--choose", "Kind=SILICATE"], count_is("2 of 4 rows")),
        ("--measure", ["--catalog", m, "--measure", "mean:hardness", "--open-facet", "kind"],
         has("check box", "silicate, mean of hardness 4, 2 values")),
        ("--exclude", ["--catalog", m, "--exclude", "kind=silicate"], count_is("2 of 4 rows")),
        ("--range", ["--catalog", m, "--range", "hardness=2..3"], count_is("2 of 4 rows")),
        ("--search", ["--catalog", m, "--search", "QUARTZ"], count_is("1 of 4 rows")),
        ("--sort", ["--catalog", m, "--sort", "Hardness:desc"],
         lambda app: (visible_list_items(app) or [""])[0].startswith("Zanzibar quartz")),
        ("--view table", ["--catalog", m, "--view", "table"], has_role("table", "tree table")),
        # The summary: each figure heard with its column and its name (hardness 7, 1, 3, 2.5).
        ("--view summary", ["--catalog", m, "--view", "summary"], has("label", "hardness, Median, 2.75")),
        ("--edit", ["--page", "movies", "--edit"], lambda app: bool(names_of(app, "text") + names_of(app, "entry"))),
        ("--shortcuts", ["--shortcuts"], window_count(2)),
    ]


# (arguments, a word the one line of the error must hold), given to a later launch.
BAD = [
    (["--page", "nowhere"], "nowhere"),
    (["--unfold", "x"], "“x”"),
    (["--catalog-size", "0"], "“0”"),
    (["--view", "grid"], "grid"),
    (["--sort", ":desc"], ":desc"),
    (["--choose", "kind"], "FACET=OPTION"),
    (["--catalog", "/nonexistent/minerals.csv"], "minerals.csv"),
    (["--choose", "kind=granite"], "granite"),
    (["--exclude", "colour=red"], "colour"),
    (["--range", "kind=1..2"], "kind"),
    (["--range", "hardness=soft.."], "soft"),
    (["--sort", "weight"], "weight"),
    (["--open-facet", "lustre"], "lustre"),
    (["--measure", "mode:hardness"], "mode:hardness"),
    (["--measure", "mean:weight"], "weight"),
    (["--measure", "sum:kind"], "kind"),
]


def first_launch(binary, data, files):
    for name, arguments, worked in cases(files):
        print(f"first launch {name}", flush=True)
        app = start(binary, arguments, data)
        try:
            check(wait_for(lambda: worked(app), f"first launch {name}: its effect") is not None,
                  f"first launch {name}: no effect")
        finally:
            app.close()


def later_launch(binary, data, files):
    environment = dict(os.environ, XDG_DATA_HOME=data, GSETTINGS_BACKEND="memory")
    for name, arguments, worked in cases(files):
        print(f"later launch {name}", flush=True)
        app = start(binary, ["--page", "filters", "--catalog", files["minerals"]], data)
        try:
            wait_for(lambda: count_is("4 of 4 rows")(app), "the minerals file")
            result = launch(binary, arguments, environment)
            check(result.returncode == 0, f"later launch {name}: status {result.returncode}, {result.stderr!r}")
            check(wait_for(lambda: worked(app), f"later launch {name}: its effect") is not None,
                  f"later launch {name}: no effect")
            frames = [c for c in app.node if c is not None and role_of(c) == "frame"]
            check(len(frames) == 1 or name == "--shortcuts", f"later launch {name}: {len(frames)} windows, not one")
        finally:
            app.close()


def bad_values(binary, data, files):
    """A wrong value fails the launch that gave it, first or later: status 2, one line naming it."""
    environment = dict(os.environ, XDG_DATA_HOME=data, GSETTINGS_BACKEND="memory")
    for arguments, word in BAD:
        first = launch(binary, ["--catalog", files["minerals"]] + arguments, environment)
        lines = [line for line in first.stderr.splitlines() if line.startswith("foldout:")]
        check(first.returncode == 2 and len(lines) == 1 and word in lines[0],
              f"first launch {arguments}: status {first.returncode}, {first.stderr!r}")
    app = start(binary, ["--page", "filters", "--catalog", files["minerals"]], data)
    try:
        wait_for(lambda: count_is("4 of 4 rows")(app), "the minerals file")
        for arguments, word in BAD:
            later = launch(binary, arguments, environment)
            lines = [line for line in later.stderr.splitlines() if line.startswith("foldout:")]
            check(later.returncode == 2 and len(lines) == 1 and word in lines[0],
                  f"later launch {arguments}: status {later.returncode}, {later.stderr!r}")
        check(app.process.poll() is None, "the running window ended")
        check(count_is("4 of 4 rows")(app), f"bad later launches changed the window: {labels(app)[:5]}")
    finally:
        app.close()


def local_options(binary, data, files):
    """--version and --export are done by the launching process itself, beside a running window."""
    environment = dict(os.environ, XDG_DATA_HOME=data, GSETTINGS_BACKEND="memory")
    app = start(binary, ["--page", "filters", "--catalog", files["minerals"]], data)
    try:
        version = launch(binary, ["--version"], environment)
        check(version.returncode == 0 and version.stdout.startswith("foldout "), f"--version: {version!r}")
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "silicates.csv")
            export = launch(binary, ["--catalog", files["minerals"], "--choose", "kind=silicate", "--export", out],
                            environment)
            check(export.returncode == 0, f"--export beside a window: status {export.returncode}, {export.stderr!r}")
            with open(out, encoding="utf-8") as written:
                check(written.read().splitlines()[1:] == ["Zanzibar quartz,silicate,7", "Talc,silicate,1"],
                      "--export beside a window: not the two silicates")
            out = os.path.join(folder, "silicates.tsv")
            summary = launch(binary, ["--catalog", files["minerals"], "--choose", "kind=silicate", "--summary", out],
                             environment)
            check(summary.returncode == 0, f"--summary beside a window: status {summary.returncode}, {summary.stderr!r}")
            with open(out, encoding="utf-8") as written:
                hardness = next(line.split("\t") for line in written if line.startswith("hardness\t"))
                check(hardness[2:9] == ["2", "0", "2", "1", "4", "4", "7"],
                      f"--summary beside a window: hardness of the two silicates is {hardness}")
    finally:
        app.close()


def exported_count(binary, environment, path, arguments):
    """How many rows `--export` writes for `arguments` over `path`."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "rows.csv")
        result = launch(binary, ["--catalog", path] + arguments + ["--export", out], environment)
        check(result.returncode == 0, f"--export {arguments}: status {result.returncode}, {result.stderr!r}")
        with open(out, encoding="utf-8") as written:
            return len(written.read().splitlines()) - 1


def one_answer(binary, data):
    """The same options give the same rows in the window as in `--export`, whatever an earlier
    launch chose: its filters are remembered with the file's view, but a launch that names its own
    shows exactly those (the view's kind, rows or table, still comes back)."""
    environment = dict(os.environ, XDG_DATA_HOME=data, GSETTINGS_BACKEND="memory")
    state = tempfile.mkdtemp()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "flights.csv")
        with open(path, "w", encoding="utf-8") as out:
            out.write("flight,origin,carrier,dep_delay\n")
            for i in range(300):
                out.write(f"F{i},{['JFK', 'LGA', 'EWR'][i % 3]},{['UA', 'AA', 'DL', 'B6', '9E'][i % 5]},{i * 7 % 90 - 10}\n")
        first = ["--choose", "origin=JFK,LGA", "--view", "table"]
        app = App(binary, [path] + first, data, settings={"XDG_STATE_HOME": state})
        try:
            wait_for(lambda: count_is(f"{exported_count(binary, environment, path, first[:2])} of 300 rows")(app),
                     "the first launch's rows")
            views = os.path.join(state, "foldout", "views")
            wait_for(lambda: os.path.isdir(views) and os.listdir(views), "the first launch's view kept")
        finally:
            app.close()
        for second in (["--exclude", "carrier=UA"], ["--range", "dep_delay=40.."], ["--search", "F1"]):
            expected = exported_count(binary, environment, path, second)
            app = App(binary, [path] + second, data, settings={"XDG_STATE_HOME": state})
            try:
                check(wait_for(lambda: count_is(f"{expected} of 300 rows")(app), f"{second}: {expected} rows") is not None,
                      f"{second} after other filters: {labels(app)[:4]}, not {expected} rows as --export writes")
                check(has_role("table", "tree table")(app), f"{second}: the table kept with the file's view is not shown")
                later = ["--choose", "carrier=DL"]
                expected = exported_count(binary, environment, path, later)
                result = launch(binary, later, dict(environment, XDG_STATE_HOME=state))
                check(result.returncode == 0, f"later launch {later}: status {result.returncode}, {result.stderr!r}")
                check(wait_for(lambda: count_is(f"{expected} of 300 rows")(app), f"{later}: {expected} rows") is not None,
                      f"later launch {later} after {second}: {labels(app)[:4]}, not {expected} rows as --export writes")
            finally:
                app.close()


def every_option(binary, data):
    with tempfile.TemporaryDirectory() as folder:
        files = write_files(folder)
        first_launch(binary, data, files)
        later_launch(binary, data, files)
        bad_values(binary, data, files)
        local_options(binary, data, files)


if __name__ == "__main__":
    run_suite("launch_options", __doc__, (every_option, one_answer))
