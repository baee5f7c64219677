#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Foldout as a screen reader sees it: the real app over AT-SPI (the accessibility bus Orca reads),
driven with real key presses (xdotool) under Xvfb.

Usage: screen_reader_view.py PATH/TO/foldout
Run it inside a D-Bus session on a display: dbus-run-session -- xvfb-run -a screen_reader_view.py …
build-aux/test.sh does. It fails, rather than skips, when AT-SPI or xdotool is missing.

On every page, with what folds out both folded and unfolded, it checks that
- every focusable or actionable object has a name, and no name shows a mnemonic underscore;
- nothing folded away is exposed (the Actions row's buttons, a combo row's options);
- the EXPANDED and CHECKED states say what is on screen;
and it walks the journeys with the keyboard alone: unfold and fold a row, open a combo row and
choose an option, choose a facet's option and reset it, choose the row a sheet's header is read from,
open the Edit pane, add a movie and delete it;
and a PostgreSQL table filtered in its server (a throwaway server of its own), flyout and record.
"""
import os
import re
import subprocess
import sys
import tempfile
import time

import pyatspi  # Debian: python3-pyatspi

ACTIONABLE_ROLES = {
    "push button", "toggle button", "check box", "radio button", "menu item", "check menu item",
    "list item", "page tab", "entry", "text", "combo box", "link", "spin button", "slider",
}
failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message, flush=True)


def check(condition, message):
    if not condition:
        fail(message)
    return condition


# AT-SPI 2.56 (Debian 13) names ROLE_PUSH_BUTTON "button" where 2.46 (Debian 12) says "push
# button": the same role, the name every check here uses.
ROLE_NAMES = {pyatspi.ROLE_PUSH_BUTTON: "push button"}


def role_of(node):
    """The node's role by name, the same on every AT-SPI version."""
    return ROLE_NAMES.get(node.getRole(), node.getRoleName())


def states(node):
    return {pyatspi.stateToString(state) for state in node.getState().getStates()}


def walk(node, visible_only=True):
    """Every object under `node`, depth first, skipping subtrees that are not visible."""
    try:
        node_states = states(node)
    except Exception:
        return
    if visible_only and "visible" not in node_states and role_of(node) != "application":
        return
    yield node
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            yield from walk(child, visible_only)


def wait_for(condition, what, seconds=10.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            result = condition()
        except Exception:
            result = None
        if result:
            return result
        time.sleep(0.1)
    fail("timed out waiting for " + what)
    return None


class App:
    def __init__(self, binary, arguments, data_home, language=None, settings=None):
        environment = dict(os.environ, XDG_DATA_HOME=data_home, GSETTINGS_BACKEND="memory", GTK_A11Y="atspi")
        environment.update(settings or {})
        if language:
            environment["LANGUAGE"] = language
        environment.pop("NO_AT_BRIDGE", None)
        self.node = self.start([binary] + arguments, environment)
        if self.node is None:
            fail("timed out waiting for foldout on the accessibility bus")
            raise SystemExit(1)
        self.frame = wait_for(lambda: next((c for c in self.node if c is not None and role_of(c) == "frame"), None), "the window")
        wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Foldout$", "windowfocus", "--sync"],
                                        capture_output=True, timeout=5).returncode == 0, "keyboard focus on the window")

    def start(self, command, environment, seconds=30.0, attempts=3):
        """Starts foldout and returns it once it is on the accessibility bus. A process that ends
        before it gets there, or is not there after 15 s, is started again (twice at most): the
        display of a run just started can still refuse connections for a moment ("cannot open
        display"), and GTK gives up on an accessibility bus it cannot reach at start ("Unable to
        connect to the accessibility bus"), which are the harness's problems, not the app's."""
        end = time.monotonic() + seconds
        self.process = subprocess.Popen(command, env=environment)
        started = time.monotonic()
        attempts -= 1
        while time.monotonic() < end:
            node = self.find()
            if node is not None:
                return node
            ended = self.process.poll() is not None
            if (ended or time.monotonic() - started > 15) and attempts > 0:
                why = f"ended with status {self.process.returncode}" if ended else "is not there after 15 s"
                print(f"foldout {why} before it was on the bus; again", flush=True)
                if not ended:
                    self.process.terminate()
                    self.process.wait(timeout=10)
                time.sleep(1)
                self.process = subprocess.Popen(command, env=environment)
                started = time.monotonic()
                attempts -= 1
                end = max(end, started + 20)
            time.sleep(0.1)
        return None

    def find(self):
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.name == "foldout" and app.get_process_id() == self.process.pid:
                return app
        return None

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
        self.process.wait(timeout=10)

    def objects(self):
        return list(walk(self.frame))

    def find_object(self, role, name=None, starts=None):
        for node in self.objects():
            if role_of(node) != role:
                continue
            if name is not None and node.name != name:
                continue
            if starts is not None and not node.name.startswith(starts):
                continue
            return node
        return None

    def focused(self):
        for node in walk(self.node):
            if "focused" in states(node) and role_of(node) not in ("frame", "application"):
                return node
        return None

    def tab_to(self, wanted, what, key="Tab", presses=40):
        """Presses `key` until the focused object is one `wanted` accepts; it, or None."""
        passed = []
        for _ in range(presses):
            focused = self.focused()
            if focused is not None and wanted(focused):
                return focused
            passed.append(f"{role_of(focused)} {focused.name!r}" if focused is not None else "nothing")
            keys(key)
        fail(f"{key} never reached {what}; it passed {', '.join(dict.fromkeys(passed))}")
        return None


def keys(*names):
    subprocess.run(["xdotool", "key", "--delay", "60"] + list(names), check=True, timeout=10)
    time.sleep(0.3)


def check_names(app, where):
    for node in app.objects():
        role = role_of(node)
        node_states = states(node)
        # GTK 4.8 names an object it was given no name for by its class; a screen reader says a tab
        # list's name when the focus enters it ("GtkStackSwitcher").
        if role == "page tab list":
            check(not (node.name or "").startswith("Gtk"), f"{where}: a {role} is named by its class, {node.name}")
        if role not in ACTIONABLE_ROLES and "focusable" not in node_states:
            continue
        if role in ("scroll pane", "list", "filler", "panel", "frame"):
            continue  # containers that take the focus only to pass it on
        name = node.name or ""
        check(name.strip() != "", f"{where}: a {role} has no name")
        # A mnemonic's underscore starts a word ("_Open"); one inside a word is data (dep_delay).
        check(not re.search(r"(^|\s)_\w", name), f"{where}: the {role} “{name}” shows a mnemonic underscore")


def names_of(app, role):
    return [node.name for node in app.objects() if role_of(node) == role]


def actions_page(binary, data):
    app = App(binary, ["--page", "actions"], data)
    try:
        check_names(app, "Actions, all folded")
        check("Share" not in names_of(app, "push button"), "Actions: folded rows expose their Share buttons")
        rows = [node for node in app.objects() if role_of(node) == "push button" and "expandable" in states(node)]
        check(len(rows) > 3, "Actions: rows are expandable buttons")
        first = rows[0]
        check("expanded" not in states(first), "Actions: a folded row says it is expanded")
        # Journey: unfold and fold the focused row with the keyboard alone.
        focused = wait_for(app.focused, "the focus in the Actions list")
        check(focused is not None and "expandable" in states(focused),
              f"Actions: the focus starts on a row, not on {focused and (role_of(focused), focused.name)}")
        keys("Return")
        unfolded = wait_for(lambda: next((n for n in app.objects() if role_of(n) == "push button" and "expanded" in states(n)), None),
                            "a row to say it is expanded after Return")
        wait_for(lambda: "Share" in names_of(app, "push button") and "Remove" in names_of(app, "push button"),
                 "the unfolded row's Share and Remove buttons")
        check_names(app, "Actions, a row unfolded")
        check(unfolded is not None and unfolded.name.strip() != "", "Actions: the unfolded row has a name")
        keys("Escape")
        wait_for(lambda: "Share" not in names_of(app, "push button"), "Share and Remove to go when the row folds")
        check(not any("expanded" in states(n) for n in app.objects() if role_of(n) == "push button" and "expandable" in states(n)),
              "Actions: a row still says it is expanded after Escape")
    finally:
        app.close()


def filters_page(binary, data):
    app = App(binary, ["--page", "filters", "--catalog-size", "20000"], data)
    try:
        wait_for(lambda: app.find_object("list item"), "the results")
        check_names(app, "Filters")
        items = [n for n in app.objects() if role_of(n) == "list item"]
        check(all(n.name for n in items), "Filters: a result row has no name")
        # Journey: open View Options, where the combo rows are, then focus the Sort by row, open
        # it, choose the second option, all by keyboard.
        app.tab_to(lambda n: n.name == "View Options", "the View Options button")
        keys("Return")
        sort = wait_for(lambda: app.find_object("push button", starts="Sort by: "), "the Sort by combo row")
        check(sort is not None and "expanded" not in states(sort), "Filters: the closed Sort by row says it is expanded")
        options_before = len(names_of(app, "push button"))
        app.tab_to(lambda n: n.name.startswith("Sort by: "), "the Sort by row")
        keys("Return")
        wait_for(lambda: "expanded" in states(app.find_object("push button", starts="Sort by: ")), "Sort by to say it is open")
        check(len(names_of(app, "push button")) > options_before, "Filters: the open combo row's options are not exposed")
        check_names(app, "Filters, Sort by open")
        keys("Tab", "Tab", "Return")
        wait_for(lambda: app.find_object("push button", starts="Sort by: ") is not None
                 and "expanded" not in states(app.find_object("push button", starts="Sort by: ")), "Sort by to close on a choice")
        check(len(names_of(app, "push button")) == options_before, "Filters: a closed combo row's options are still exposed")
        # One Escape closes View Options (the combo row is closed already) and gives the focus back
        # to its button.
        keys("Escape")
        wait_for(lambda: (lambda f: f is not None and f.name == "View Options")(app.focused()),
                 "Escape to close View Options and focus its button")
        # Journey: open the Color flyout with the keyboard, choose an option, then reset it.
        color = wait_for(lambda: button_named(app, "Color"), "the Color facet button")
        check(color is not None and "expandable" in states(color), "Filters: the facet button does not say it opens a popup")
        keys("alt+2")  # the page shortcut puts the focus on the first facet button
        app.tab_to(lambda n: n.name == "Color", "the Color facet button")
        keys("Return")
        wait_for(lambda: "expanded" in states(button_named(app, "Color")), "the Color button to say it is open")
        option = wait_for(lambda: next((n for n in walk(app.node) if role_of(n) == "check box" and n.name.startswith("Grey, ")), None),
                          "the Grey option in the flyout")
        if option is not None:
            app.tab_to(lambda n: n.name.startswith("Grey, "), "the Grey option")
            keys("Return")
        chosen = wait_for(lambda: button_named(app, "Color: Grey"), "the Color button to say Grey is chosen")
        if chosen is not None:
            app.tab_to(lambda n: n.name == "Color: Grey", "the Color button, now Grey")
            keys("Return")
            grey = wait_for(lambda: next((n for n in walk(app.node) if role_of(n) == "check box" and n.name.startswith("Grey, ")
                                          and "visible" in states(n)), None), "the Grey option again")
            check(grey is not None and "checked" in states(grey), "Filters: the chosen option does not say it is checked")
            others = [n for n in walk(app.node) if role_of(n) == "check box" and n.name.startswith("Black, ")]
            check(all("checked" not in states(n) for n in others), "Filters: an option not chosen says it is checked")
            reset = wait_for(lambda: next((n for n in walk(app.node) if role_of(n) == "push button" and n.name == "Any Color"), None),
                             "the Any Color item")
            if reset is not None:
                app.tab_to(lambda n: n.name == "Any Color", "Any Color")
                keys("Return")
                wait_for(lambda: button_named(app, "Color"), "the Color facet to be reset")
    finally:
        app.close()


def write_flights(data):
    """A small flights table: origin, carrier, a departure delay of many values, a day."""
    import random
    rng = random.Random(5)
    path = os.path.join(data, "flights.csv")
    with open(path, "w") as out:
        out.write("origin,carrier,dep_delay,day\n")
        for _ in range(400):
            out.write(f"{rng.choice(['JFK', 'LGA', 'EWR'])},{rng.choice(['UA', 'AA', 'B6'])},"
                      f"{rng.randint(-10, 200)},2013-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}\n")
    return path


def button_named(app, name, starts=False):
    """The button named `name` that Tab reaches. A GtkMenuButton is one push button on GTK 4.8;
    on 4.18 a push button that cannot take the focus, holding a toggle button that can."""
    return next((n for n in walk(app.node) if role_of(n) in ("push button", "toggle button") and "focusable" in states(n)
                 and (n.name.startswith(name) if starts else n.name == name)), None)


def filter_flyouts(binary, data):
    """A range flyout's sliders and their keys, ticking options by keyboard, the active bar's
    remove buttons, and the search field's name."""
    app = App(binary, ["--page", "filters", "--catalog", write_flights(data), "--range", "dep_delay=0.."], data)
    try:
        wait_for(lambda: app.find_object("list item"), "the results")
        check_names(app, "Filters over flights.csv")
        names = [n.name for n in walk(app.node)]
        check("GtkSearchEntry" not in names, "Filters: the search field is announced by its type, GtkSearchEntry")
        check(any(n.name.startswith("Search ") and role_of(n) in ("text", "entry") for n in walk(app.node)),
              "Filters: no text field named for what it searches")
        # The range asked for on the command line, on its facet's button with its column's name.
        check(button_named(app, "dep_delay: ≥ 0") is not None, "Filters: no button dep_delay: ≥ 0")
        # Journey: open the range flyout, step its lower slider with the keys.
        keys("alt+2")
        app.tab_to(lambda n: n.name.startswith("dep_delay: "), "the dep_delay facet button")
        keys("Return")
        lower = wait_for(lambda: next((n for n in walk(app.node) if role_of(n) == "slider" and n.name == "dep_delay From"
                                       and "visible" in states(n)), None), "the dep_delay From slider")
        upper = next((n for n in walk(app.node) if role_of(n) == "slider" and n.name == "dep_delay To"), None)
        check(upper is not None, "Filters: no dep_delay To slider")
        if lower is not None:
            before = lower.queryValue().currentValue
            app.tab_to(lambda n: role_of(n) == "slider" and n.name == "dep_delay From", "the From slider")
            keys("Page_Up")
            wait_for(lambda: lower.queryValue().currentValue > before, "Page Up to move the From slider")
            keys("Right")
            moved = lower.queryValue().currentValue
            check(moved >= before + 51, f"Filters: Page Up and Right moved the slider from {before} to {moved}")
            wait_for(lambda: button_named(app, "dep_delay: ≥ ", starts=True) is not None
                     and button_named(app, "dep_delay: ≥ 0") is None, "the dep_delay button to say its new lower end")
        keys("Escape")
        # Journey: tick two origins with the keyboard; the flyout stays open, each tick CHECKED.
        app.tab_to(lambda n: n.name == "origin", "the origin facet button", key="shift+Tab")
        keys("Return")
        # Each option is one check box, its count in its name ("JFK, 1,234 rows"); the flyout
        # opens with the focus on the first. Space on JFK chooses it alone and closes the flyout
        # (seed 001); opened again, Space on LGA ticks it too and the flyout stays open.
        jfk = wait_for(lambda: next((n for n in walk(app.node) if role_of(n) == "check box"
                                     and n.name.startswith("JFK, ") and "visible" in states(n)), None), "the JFK option")
        if jfk is not None:
            wait_for(lambda: (lambda n: n is not None and role_of(n) == "check box" and n.name.startswith("EWR, "))(
                app.focused()), "the flyout to focus its first option")
            app.tab_to(lambda n: role_of(n) == "check box" and n.name.startswith("JFK, "), "the JFK option", key="Down")
            keys("space")
            wait_for(lambda: button_named(app, "origin: JFK") is not None, "the origin button to say JFK")
            app.tab_to(lambda n: n.name == "origin: JFK", "the origin facet button")
            keys("Return")
            app.tab_to(lambda n: role_of(n) == "check box" and n.name.startswith("LGA, "), "the LGA option", key="Down")
            keys("space")
            wait_for(lambda: button_named(app, "origin: JFK, LGA") is not None, "the origin button to say JFK, LGA")
            check("visible" in states(jfk), "Filters: ticking closed the flyout")
        keys("Escape")
        clear = wait_for(lambda: button_named(app, "Clear Filters"), "the Clear Filters button")
        if clear is not None:
            app.tab_to(lambda n: n.name == "Clear Filters", "Clear Filters")
            keys("Return")
            wait_for(lambda: button_named(app, "origin") is not None, "the origin filter to be removed")
    finally:
        app.close()


def result_record(binary, data):
    """A result row unfolds to its whole record by keyboard: each field is heard as "name: value"
    and has a Copy button named after its column; Escape folds it again."""
    path = write_flights(data)
    with open(path) as source:
        header = source.readline().strip().split(",")
        first = source.readline().strip().split(",")
    app = App(binary, ["--page", "filters", "--catalog", path], data)
    try:
        wait_for(lambda: app.find_object("list item"), "the results")
        keys("ctrl+f", "Return")
        row = wait_for(lambda: next((n for n in walk(app.node) if role_of(n) == "push button"
                                     and "focused" in states(n)), None), "the focus on the first result")
        keys("Return")
        wait_for(lambda: row is not None and "expanded" in states(row), "the result to say it is expanded")
        isolated = lambda text: text.replace("\u2068", "").replace("\u2069", "")
        fields = wait_for(lambda: [isolated(n.name) for n in walk(app.node) if role_of(n) == "label"
                                   and ": " in (n.name or "") and "visible" in states(n)] or None, "the record's fields")
        for name, value in zip(header, first):
            check(f"{name}: {value}" in (fields or []) or any(f.startswith(name + ": ") for f in fields or []),
                  f"Record: no field heard as “{name}: …” in {fields}")
        check(f"{header[0]}: {first[0]}" in (fields or []), f"Record: the first field is not “{header[0]}: {first[0]}”")
        for name in header:
            check(button_named(app, f"Copy {name}") is not None, f"Record: no button Copy {name}")
        check(button_named(app, "Copy Row") is not None, "Record: no Copy Row button")
        check_names(app, "Filters, a record unfolded")
        keys("Escape")
        wait_for(lambda: "expanded" not in states(row), "Escape to fold the record")
    finally:
        app.close()


def movies_page(binary, data):
    app = App(binary, ["--page", "movies"], data)
    try:
        wait_for(lambda: app.find_object("list item"), "the movies")
        check_names(app, "Movies, pane closed")
        movies = [n for n in app.objects() if role_of(n) == "list item"]
        check(movies and all(", " in n.name for n in movies), "Movies: a movie row is not named by its title and genre")
        entries_closed = len(names_of(app, "text")) + len(names_of(app, "entry"))
        # Journey: open the Edit pane with the keyboard.
        keys("ctrl+e")
        wait_for(lambda: len(names_of(app, "text")) + len(names_of(app, "entry")) > entries_closed, "the Edit pane's fields")
        check_names(app, "Movies, pane open")
        # Journey: add a movie and delete it again, by their mnemonics.
        count = len([n for n in app.objects() if role_of(n) == "list item"])
        keys("alt+a")
        wait_for(lambda: len([n for n in app.objects() if role_of(n) == "list item"]) == count + 1, "Alt+A to add a movie")
        added = wait_for(lambda: next((n for n in app.objects() if role_of(n) == "list item" and "selected" in states(n)), None),
                         "the new movie to be selected")
        check(added is not None and added.name.strip() != "", "Movies: the added movie's row has no name")
        keys("alt+d")
        wait_for(lambda: len([n for n in app.objects() if role_of(n) == "list item"]) == count, "Alt+D to delete it")
        check(any("selected" in states(n) for n in app.objects() if role_of(n) == "list item"),
              "Movies: after Delete no movie is selected")
        keys("Escape")
        wait_for(lambda: len(names_of(app, "text")) + len(names_of(app, "entry")) == entries_closed, "the Edit pane to fold away")
    finally:
        app.close()


def german_mnemonics(binary, data):
    """The names a screen reader speaks, in German, on each page and after the keys that show more:
    buttons with mnemonics named without the underscore, the page switcher, the search field and its
    check box, an unfolded row's buttons, the Edit pane's; and no English left among them."""
    named = lambda app: {node.name for node in app.objects() if node.name}
    journeys = (
        ("actions", [], ["Aktionen", "Filter", "Filme"]),
        ("actions", ["Return"], ["Teilen", "Entfernen"]),
        ("filters", [], ["Öffnen …", "Facetten"]),
        ("movies", [], ["Bearbeiten"]),
        ("movies", ["ctrl+e"], ["Hinzufügen", "Löschen"]),
    )
    english = {"Actions", "Movies", "Share", "Remove", "Open …", "Open…", "Search titles", "In every text column",
               "Facets", "Edit", "Add", "Delete", "Clear Filters"}
    for page, pressed, expected in journeys:
        app = App(binary, ["--page", page, "--catalog-size", "20000"], data, language="de")
        try:
            wait_for(lambda: app.find_object("list item"), f"the {page} page in German")
            if pressed:
                keys(*pressed)
            names = wait_for(lambda: (lambda found: found if set(expected) <= found else None)(named(app)),
                             f"{page} in German after {pressed}: the names {expected}")
            check(names is not None, f"{page} in German: missing {sorted(set(expected) - named(app))}")
            check_names(app, f"{page}, in German")
            left = sorted(named(app) & english)
            check(not left, f"{page} in German: still English: {left}")
        finally:
            app.close()


class ThrowawayPostgres:
    """A PostgreSQL server of its own (Debian's postgresql), listening only on a Unix socket in a
    temporary folder; as root, initdb and the server run as nobody, who cannot be root."""

    def __init__(self, password_for=None):
        """`password_for`: a role whose connections must give a password (scram-sha-256)."""
        import glob
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not found:
            raise SystemExit("no /usr/lib/postgresql/*/bin/initdb: install postgresql (build-aux/install-deps.sh)")
        self.binaries = os.path.dirname(found[-1])
        self.folder = tempfile.mkdtemp(prefix="foldout-atspi-pg-")
        self.as_server = ["runuser", "-u", "nobody", "--"] if os.getuid() == 0 else []
        if os.getuid() == 0:
            os.chown(self.folder, 65534, 65534)
        self.run(["initdb", "-D", self.folder + "/data", "-U", "foldout", "--auth=trust", "-E", "UTF8"])
        if password_for:
            hba = self.folder + "/data/pg_hba.conf"
            with open(hba) as rules:
                kept = rules.read()
            with open(hba, "w") as rules:
                rules.write(f"local all {password_for} scram-sha-256\n" + kept)
        options = f"-c listen_addresses='' -k {self.folder} -c fsync=off"
        self.run(["pg_ctl", "-D", self.folder + "/data", "-l", self.folder + "/log", "-o", options, "-w", "start"])

    def run(self, command):
        subprocess.run(self.as_server + [os.path.join(self.binaries, command[0])] + command[1:], check=True,
                       capture_output=True, timeout=120)

    def psql(self, script):
        subprocess.run([os.path.join(self.binaries, "psql"), "-h", self.folder, "-U", "foldout", "-d", "postgres",
                        "-v", "ON_ERROR_STOP=1", "-q"], input=script, text=True, check=True, capture_output=True,
                       timeout=120)

    def uri(self, table):
        return f"postgresql://foldout@/postgres?host={self.folder}&table={table}"

    def keywords(self):
        """The server as a libpq connection string of keywords, as psql's users write one."""
        return f"host={self.folder} user=foldout dbname='postgres'"

    def stop(self):
        try:
            self.run(["pg_ctl", "-D", self.folder + "/data", "-m", "immediate", "-w", "stop"])
        finally:
            subprocess.run(["rm", "-rf", self.folder])


def server_table(binary, data):
    """A PostgreSQL table filtered in its server, as a screen reader meets it: every object named,
    the facet flyout ticked by keyboard with the count heard anew, each option saying the measure
    the server worked out, a row unfolded to its record, the table view chosen by keyboard."""
    path = write_flights(data)
    server = ThrowawayPostgres()
    try:
        server.psql("CREATE TABLE flights (id serial PRIMARY KEY, origin text, carrier text, dep_delay integer, day date);\n"
                    f"\\copy flights (origin, carrier, dep_delay, day) FROM '{path}' WITH (FORMAT csv, HEADER)\n")
        with open(path) as source:
            rows = [line.strip().split(",") for line in source][1:]
        # Foldout asks the keyring for the address's password: the keyring D-Bus starts for it
        # keeps its files in this journey's folder, not in the home folder.
        subprocess.run(["dbus-update-activation-environment", f"HOME={data}", f"XDG_DATA_HOME={data}"], check=True,
                       capture_output=True, timeout=10)
        # Named as a connection string of keywords, which GApplication would take for a file's path.
        app = App(binary, ["--page", "filters", "--in-database", "--table", "flights", "--measure", "mean:dep_delay",
                           server.keywords()], data)
        try:
            count = lambda: next((n.name for n in walk(app.node) if role_of(n) == "label" and " of 400 rows" in (n.name or "")), None)
            wait_for(lambda: count() == "400 of 400 rows", "the matching count of the table in its server", seconds=20)
            wait_for(lambda: button_named(app, "origin"), "the origin flyout")
            check_names(app, "A table in its server")
            check(any(n.name.startswith("Search ") and role_of(n) in ("text", "entry") for n in walk(app.node)),
                  "Server table: no text field named for what it searches, as a file's page has")
            # Journey: tick JFK in the origin flyout by keyboard; the count is heard anew.
            keys("alt+2")
            app.tab_to(lambda n: n.name == "origin", "the origin facet button")
            keys("Return")
            jfk = wait_for(lambda: next((n for n in walk(app.node) if role_of(n) == "check box"
                                         and n.name.startswith("JFK, ") and "visible" in states(n)), None), "the JFK option")
            expected = sum(1 for row in rows if row[0] == "JFK")
            # The option says the mean the server worked out, and of how many values.
            said = wait_for(lambda: next((n.name for n in walk(app.node) if role_of(n) == "check box"
                                          and (n.name or "").startswith("JFK, mean of dep_delay ")), None),
                            "the JFK option to say its mean dep_delay")
            check(said is not None and said.endswith(f", {expected} values"),
                  f"Server table: the JFK option says {said!r}, not the mean of its {expected} values")
            if jfk is not None:
                # Space on an option when none is ticked chooses it alone and closes the flyout.
                app.tab_to(lambda n: role_of(n) == "check box" and n.name.startswith("JFK, "), "the JFK option",
                           key="Down")
                keys("space")
                wait_for(lambda: button_named(app, "origin: JFK") is not None, "the origin button to say JFK")
                wait_for(lambda: count() == f"{expected} of 400 rows", f"the count to say {expected} of 400 rows")
            # Journey: Ctrl+F, Enter puts the focus on the first row; Enter unfolds its record.
            keys("ctrl+f", "Return")
            row = wait_for(lambda: next((n for n in walk(app.node) if role_of(n) == "push button"
                                         and "focused" in states(n) and "expandable" in states(n)), None),
                           "the focus on the first row")
            keys("Return")
            wait_for(lambda: row is not None and "expanded" in states(row), "the row to say it is expanded")
            isolated = lambda text: text.replace("\u2068", "").replace("\u2069", "")
            # The record's fields, in the row unfolded (the filter chips above the rows say "origin: JFK" too).
            fields = wait_for(lambda: [isolated(n.name) for n in walk(row) if role_of(n) == "label"
                                       and (n.name or "").startswith("origin: ") and "visible" in states(n)] or None,
                              "the record's origin field")
            check(fields == ["origin: JFK"], f"Server table: the unfolded record says {fields}, not origin: JFK")
            check(button_named(app, "Copy carrier") is not None, "Server table: no button Copy carrier")
            check_names(app, "A table in its server, a record unfolded")
            keys("Escape")
            wait_for(lambda: "expanded" not in states(row), "Escape to fold the record")
            # Journey: the Facets menu gives up the id facet and makes it one again, by keyboard.
            check(button_named(app, "id") is not None, "Server table: no id flyout")
            keys("alt+2")
            app.tab_to(lambda n: n.name == "Facets", "the Facets button")
            keys("Return")
            box = wait_for(lambda: next((n for n in walk(app.node) if role_of(n) == "check box"
                                         and n.name == "id (number)" and "visible" in states(n)), None),
                           "the check box id (number)")
            if box is not None:
                check("checked" in states(box), "Server table: id (number) is not ticked")
                app.tab_to(lambda n: role_of(n) == "check box" and n.name == "id (number)", "the id check box")
                keys("space")
                wait_for(lambda: "checked" not in states(box), "id (number) to say it is not checked")
                wait_for(lambda: button_named(app, "id") is None, "the id flyout to go")
                keys("space")
                wait_for(lambda: "checked" in states(box), "id (number) to say it is checked")
                keys("Escape")
                wait_for(lambda: button_named(app, "id"), "the id flyout to come back", seconds=20)
                check_names(app, "A table in its server, a facet made again")
            # Journey: the Table view by keyboard; its tab says so and a Columns button comes.
            keys("ctrl+f")
            switch = wait_for(lambda: next((n for n in walk(app.node) if role_of(n) == "page tab"
                                            and n.name == "Table"), None), "the view switch's Table tab")
            if switch is not None:
                app.tab_to(lambda n: role_of(n) == "page tab" and n.name == "Table", "the Table tab")
                keys("space")
                wait_for(lambda: "selected" in states(switch), "the Table tab to say it is selected")
                wait_for(lambda: button_named(app, "Columns"), "the Columns button beside the table")
                check_names(app, "A table in its server, as a table")
        finally:
            app.close()
    finally:
        server.stop()


def password_prompt(binary, data):
    """A server that asks for a password no keyring holds, as a screen reader meets it: a window
    Password Needed names the user, the database and the server, every object named; the focus
    is in the password field, and Return with the password opens the table."""
    path = write_flights(data)
    server = ThrowawayPostgres(password_for="reader")
    try:
        server.psql("CREATE TABLE flights (origin text, carrier text, dep_delay integer, day date);\n"
                    f"\\copy flights FROM '{path}' WITH (FORMAT csv, HEADER)\n"
                    "CREATE ROLE reader LOGIN PASSWORD 'right'; GRANT SELECT ON flights TO reader;\n")
        subprocess.run(["dbus-update-activation-environment", f"HOME={data}", f"XDG_DATA_HOME={data}"], check=True,
                       capture_output=True, timeout=10)
        uri = f"postgresql://reader@/postgres?host={server.folder}&table=flights"
        app = App(binary, ["--page", "filters", "--in-database", uri], data)
        try:
            prompt = wait_for(lambda: next((n for n in app.node if n is not None and n.name == "Password Needed"), None),
                              "the window Password Needed", seconds=20)
            if prompt is not None:
                labels = [n.name for n in walk(prompt) if role_of(n) == "label"]
                check(any("reader" in text and "postgres" in text for text in labels),
                      f"Password Needed: no label names the user and the database: {labels}")
                check_names(type("Prompt", (), {"objects": lambda self: list(walk(prompt))})(), "Password Needed")
                # Xvfb has no window manager: the window a person would see focused is focused here.
                subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Password Needed$", "windowfocus",
                                "--sync"], capture_output=True, timeout=5)
                field = wait_for(lambda: next((n for n in walk(prompt) if "focused" in states(n)
                                               and role_of(n) in ("password text", "text", "entry")), None),
                                 "the focus in the password field")
                check(field is not None and field.name == "Password",
                      f"Password Needed: the focused field is named {field.name if field else None}, not Password")
                subprocess.run(["xdotool", "type", "--delay", "60", "right"], check=True, timeout=10)
                keys("Return")
            count = lambda: next((n.name for n in walk(app.node) if role_of(n) == "label" and " of 400 rows" in (n.name or "")), None)
            wait_for(lambda: count() == "400 of 400 rows", "the table opened with the password", seconds=20)
        finally:
            app.close()
    finally:
        server.stop()


def write_workbook(data):
    """A one-sheet workbook whose header is its third row, under a title and an empty row, as
    people write them (the XML an .xlsx holds, written here without a library)."""
    import zipfile
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    kinds = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
    rows = [["Price list, spring"], [], ["name", "price"], ["Tea", 3.5], ["Cake", 4], ["Scone", 2.5]]
    cell = lambda v: f'<c t="inlineStr"><is><t>{v}</t></is></c>' if isinstance(v, str) else f"<c><v>{v}</v></c>"
    path = os.path.join(data, "menu.xlsx")
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("xl/workbook.xml", f'<workbook xmlns="{main}" xmlns:r="{kinds}"><sheets>'
                   '<sheet name="Prices" sheetId="1" r:id="s0"/></sheets></workbook>')
        z.writestr("xl/_rels/workbook.xml.rels",
                   f'<Relationships><Relationship Id="s0" Type="{kinds}worksheet" Target="worksheets/0.xml"/></Relationships>')
        z.writestr("xl/worksheets/0.xml", f'<worksheet xmlns="{main}"><sheetData>'
                   + "".join("<row>" + "".join(cell(v) for v in row) + "</row>" for row in rows) + "</sheetData></worksheet>")
    return path


def sheet_header_row(binary, data):
    """Journey: the line that says which row a sheet's header was read from is a button that
    says it opens a popup; Return opens it with the keyboard in the row's spin button, named;
    another row typed and Return read the sheet again from it, which the line then says."""
    app = App(binary, ["--page", "filters", write_workbook(data)], data)
    try:
        said = "in menu.xlsx — Prices, header in row 3"
        source = wait_for(lambda: button_named(app, said), "the source line's button")
        check(source is not None and "expandable" in states(source), "Sheet: the header row's button does not say it opens a popup")
        check_names(app, "Sheet")
        app.tab_to(lambda n: n.name == said, "the header row's button")
        keys("Return")
        spin = wait_for(lambda: (lambda f: f if f is not None and f.name == "Header row" else None)(app.focused()),
                        "the focus in the Header row spin button")
        check(spin is not None and role_of(spin) in ("spin button", "text"), f"Sheet: the row is a {role_of(spin) if spin else None}")
        check_names(app, "Sheet, Header Row open")
        keys("ctrl+a")
        subprocess.run(["xdotool", "type", "--delay", "60", "4"], check=True, timeout=10)
        keys("Return")
        wait_for(lambda: button_named(app, "in menu.xlsx — Prices, header in row 4"), "the line to say row 4")
        count = wait_for(lambda: next((n.name for n in walk(app.node) if role_of(n) == "label" and " of 2 rows" in (n.name or "")), None),
                         "the sheet read from row 4: two rows below it")
        check(count == "2 of 2 rows", f"Sheet: read from row 4 the count says {count}")
    finally:
        app.close()


def run_suite(name, usage, journeys):
    """Runs each journey on the foldout given as the one argument, with a data folder of its own;
    exits 1 if any check failed."""
    if len(sys.argv) != 2:
        raise SystemExit(usage)
    binary = os.path.abspath(sys.argv[1])
    if subprocess.run(["xdotool", "version"], capture_output=True).returncode != 0:
        raise SystemExit("xdotool is missing (apt-get install xdotool)")
    with tempfile.TemporaryDirectory() as data:
        for journey in journeys:
            print(f"== {journey.__name__}", flush=True)
            journey(binary, data)
    if failures:
        print(f"{name}: {len(failures)} failed", flush=True)
        raise SystemExit(1)
    print(f"{name}: every check passed", flush=True)


if __name__ == "__main__":
    run_suite("screen_reader_view", __doc__,
              (actions_page, filters_page, filter_flyouts, result_record, sheet_header_row, server_table, password_prompt,
               movies_page, german_mnemonics))
