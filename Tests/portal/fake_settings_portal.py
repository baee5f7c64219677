#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A stand-in for xdg-desktop-portal's Settings interface, for tests: it owns
org.freedesktop.portal.Desktop on the session bus and answers ReadOne, Read and ReadAll for the
namespace org.freedesktop.appearance. Each line on standard input, "KEY VALUE" (for example
"color-scheme 1" or "contrast 1"), changes a value and emits SettingChanged, as the desktop does when
the user flips the switch. It prints "ready" once it owns the name.

Usage: fake_settings_portal.py [--old] [color-scheme [contrast]]     (python3-gi)
--old: a portal of version 1, before ReadOne, which answers Read only.
"""
import sys
import threading

from gi.repository import Gio, GLib

INTERFACE = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="ReadAll"><arg type="as" name="namespaces" direction="in"/><arg type="a{sa{sv}}" name="value" direction="out"/></method>
    <method name="Read"><arg type="s" name="namespace" direction="in"/><arg type="s" name="key" direction="in"/><arg type="v" name="value" direction="out"/></method>
    <method name="ReadOne"><arg type="s" name="namespace" direction="in"/><arg type="s" name="key" direction="in"/><arg type="v" name="value" direction="out"/></method>
    <signal name="SettingChanged"><arg type="s" name="namespace"/><arg type="s" name="key"/><arg type="v" name="value"/></signal>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""
NAMESPACE = "org.freedesktop.appearance"
PATH = "/org/freedesktop/portal/desktop"
OLD = "--old" in sys.argv[1:]
arguments = [argument for argument in sys.argv[1:] if argument != "--old"]
values = {"color-scheme": int(arguments[0]) if len(arguments) > 0 else 0,
          "contrast": int(arguments[1]) if len(arguments) > 1 else 0}
loop = GLib.MainLoop()
connection = None


def method_call(bus, sender, path, interface, method, parameters, invocation):
    if method == "ReadAll":
        invocation.return_value(GLib.Variant("(a{sa{sv}})", ({NAMESPACE: {k: GLib.Variant("u", v) for k, v in values.items()}},)))
        return
    if method == "ReadOne" and OLD:
        invocation.return_dbus_error("org.freedesktop.DBus.Error.UnknownMethod", "No such method “ReadOne”")
        return
    namespace, key = parameters.unpack()
    if namespace != NAMESPACE or key not in values:
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "Requested setting not found")
    elif method == "ReadOne":
        invocation.return_value(GLib.Variant("(v)", (GLib.Variant("u", values[key]),)))
    else:  # Read, deprecated: the value boxed twice
        invocation.return_value(GLib.Variant("(v)", (GLib.Variant("v", GLib.Variant("u", values[key])),)))


def get_property(bus, sender, path, interface, name):
    return GLib.Variant("u", 1 if OLD else 2)


def change(key, value):
    values[key] = value
    connection.emit_signal(None, PATH, "org.freedesktop.portal.Settings", "SettingChanged",
                           GLib.Variant("(ssv)", (NAMESPACE, key, GLib.Variant("u", value))))
    connection.flush_sync(None)
    print("changed", key, value, flush=True)
    return False


def read_commands():
    for line in sys.stdin:
        parts = line.split()
        if len(parts) == 2 and parts[0] in values:
            GLib.idle_add(change, parts[0], int(parts[1]))
    GLib.idle_add(loop.quit)


def main():
    global connection
    connection = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    node = Gio.DBusNodeInfo.new_for_xml(INTERFACE)
    connection.register_object(PATH, node.interfaces[0], method_call, get_property, None)
    reply = connection.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                                 GLib.Variant("(su)", ("org.freedesktop.portal.Desktop", 4)), GLib.VariantType("(u)"),
                                 Gio.DBusCallFlags.NONE, -1, None)
    if reply.unpack()[0] != 1:
        raise SystemExit("fake_settings_portal: another process owns org.freedesktop.portal.Desktop")
    print("ready", flush=True)
    threading.Thread(target=read_commands, daemon=True).start()
    loop.run()


if __name__ == "__main__":
    main()
