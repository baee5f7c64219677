#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A drag source for tests: a small GTK 4 window, titled "Foldout drag source", whose label drags
the file FILE (as text/uri-list, the way a file manager does). It moves itself to X Y on the
screen (xdotool, there being no window manager under Xvfb) and prints "ready X Y" with the centre
of the label there, then runs until its standard input closes.

Usage: drag_source.py FILE X Y        (python3-gi, GTK 4's introspection data)
"""
import subprocess
import sys
import threading

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Gdk, Gio, GLib, GObject, Gtk  # noqa: E402

TITLE = "Foldout drag source"


def main():
    path, x, y = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    application = Gtk.Application(application_id=None, flags=Gio.ApplicationFlags.NON_UNIQUE)

    def activate(app):
        window = Gtk.Window(application=app, title=TITLE)
        window.set_default_size(200, 120)
        label = Gtk.Label(label="drag me")
        label.set_vexpand(True)
        source = Gtk.DragSource()
        value = GObject.Value(Gio.File, Gio.File.new_for_path(path))
        source.connect("prepare", lambda *_: Gdk.ContentProvider.new_for_value(value))
        source.set_actions(Gdk.DragAction.COPY)
        label.add_controller(source)
        window.set_child(label)
        window.present()

        def placed():
            subprocess.run(["xdotool", "search", "--sync", "--name", TITLE, "windowmove", "--sync", str(x), str(y)],
                           check=True, timeout=10)
            print(f"ready {x + 100} {y + 60}", flush=True)
            return False

        GLib.timeout_add(300, placed)

    def wait_for_stdin():
        sys.stdin.read()
        GLib.idle_add(application.quit)

    application.connect("activate", activate)
    threading.Thread(target=wait_for_stdin, daemon=True).start()
    application.run([])


if __name__ == "__main__":
    main()
