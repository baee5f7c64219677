# shellcheck shell=bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by local-check.sh: the checks of the installed app, each recording PASS, FAIL or SKIP.
# They run with the throwaway HOME, so ~/.var/app/$app_id is the check's own.
# The messages quote with “ and ”, on purpose.
# shellcheck disable=SC1111

# Runs every check in order.
run_checks() {
    say "Checking the installed app"
    data_dir=$HOME/.var/app/$app_id/data
    check_permissions
    check_exports
    check_version
    check_german_help
    check_xdg_data_home

    say "Starting foldout in the sandbox under Xvfb: --page movies --screenshot"
    check_screenshot
    check_style_sheet
    check_touch_library
    check_compiled_schemas

    say "Starting foldout in the sandbox under Xvfb: --page filters, then closing its window with Ctrl+W"
    check_remembered_state
}

# Checks that the installed app's permissions ([Context] in its metadata, and the names it may talk to
# on the session bus, [Session Bus Policy]) are exactly the manifest's finish-args.
check_permissions() {
    local metadata compare
    metadata=$(flatpak_user info --show-metadata "$app_id")
    compare=$(cat <<'PYTHON'
import configparser, json, sys
expected = {}
talk = set()
for arg in json.load(open(sys.argv[1]))["finish-args"]:
    key, _, value = arg[2:].partition("=")
    if key == "talk-name":
        # A name on the session bus: build-finish keeps it in [Session Bus Policy] as NAME=talk.
        talk.add(value)
        continue
    field = {"share": "shared", "socket": "sockets", "device": "devices"}.get(key)
    if field is None:
        sys.exit(f"local-check: finish-arg {arg} is not one this check knows how to compare")
    expected.setdefault(field, set()).add(value)
    if arg == "--socket=fallback-x11":
        # flatpak build-finish stores x11 beside fallback-x11, for flatpak versions older than 0.11.3
        # that do not know fallback-x11; newer ones give X11 only when there is no Wayland.
        expected[field].add("x11")
metadata = configparser.ConfigParser(interpolation=None)
metadata.read_string(sys.stdin.read())
context = metadata["Context"] if metadata.has_section("Context") else {}
actual = {key: {v for v in value.split(";") if v} for key, value in context.items()}
policy = metadata["Session Bus Policy"] if metadata.has_section("Session Bus Policy") else {}
talks = {name for name, level in policy.items() if level == "talk"} if policy else set()
print("permissions:", {key: sorted(value) for key, value in actual.items()}, "talk:", sorted(talks))
same = actual == expected and talks == talk and len(policy) == len(talks)
sys.exit(0 if same else f"expected {expected}, talk {talk}")
PYTHON
)
    if python3 -c "$compare" "$manifest" <<<"$metadata"; then
        record PASS "the installed app's permissions are exactly the manifest's finish-args (${finish_args[*]})"
    else
        record FAIL "the installed app's permissions differ from the manifest's finish-args"
    fi
}

# Checks that the desktop file and both icons are exported to the installation's exports/share.
check_exports() {
    local exports=$XDG_DATA_HOME/flatpak/exports/share exported
    for exported in "applications/$app_id.desktop" "icons/hicolor/scalable/apps/$app_id.svg" \
        "icons/hicolor/symbolic/apps/$app_id-symbolic.svg"; do
        if [ -f "$exports/$exported" ]; then
            record PASS "exported $exported"
        else
            record FAIL "not exported: $exported"
        fi
    done
}

# Checks that foldout --version in the sandbox prints meson.build's version.
check_version() {
    local printed
    printed=$(flatpak_user run ${FOLDOUT_FLATPAK_VERBOSE:+-vv} --env=GSETTINGS_BACKEND=memory "$app_id" --version 2>"$work/version.log" || true)
    if [ "$printed" = "foldout $version" ]; then
        record PASS "flatpak run $app_id --version: $printed"
    else
        record FAIL "flatpak run $app_id --version: “$printed”, not “foldout $version”: $(head -c 600 "$work/version.log")"
        cat "$work/version.log"
    fi
}

# Checks that foldout --help in the sandbox is German with LANGUAGE=de (the catalog in /app/share/locale).
check_german_help() {
    local help
    help=$(flatpak_user run --env=GSETTINGS_BACKEND=memory --env=LANGUAGE=de "$app_id" --help 2>"$work/help.log" ||
        true)
    if printf '%s\n' "$help" | grep -q 'SEITE zuerst anzeigen'; then
        record PASS "LANGUAGE=de flatpak run $app_id --help is German (catalog from /app/share/locale)"
    else
        record FAIL "LANGUAGE=de flatpak run $app_id --help is not German"
        printf '%s\n' "$help"; cat "$work/help.log"
    fi
}

# Checks that XDG_DATA_HOME in the sandbox is the app's own ~/.var/app/$app_id/data.
check_xdg_data_home() {
    local xdg
    # shellcheck disable=SC2016 # expanded by the sandbox's sh
    xdg=$(flatpak_user run --command=sh "$app_id" -c 'echo "$XDG_DATA_HOME"' 2>"$work/sh.log" || true)
    if [ "$xdg" = "$data_dir" ]; then
        record PASS "XDG_DATA_HOME in the sandbox is $xdg (the library goes to \$XDG_DATA_HOME/foldout/)"
    else
        record FAIL "XDG_DATA_HOME in the sandbox is “$xdg”, not $data_dir"
        cat "$work/sh.log"
    fi
}

# Checks that foldout starts under Xvfb and writes a PNG screenshot of the Movies page into its data folder.
check_screenshot() {
    local shot=$data_dir/local-check-movies.png check_png
    mkdir -p "$data_dir"
    rm -f "$shot"
    check_png=$(cat <<'PYTHON'
import struct, sys
data = open(sys.argv[1], "rb").read(24)
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
assert width >= 300 and height >= 200, f"only {width}x{height}"
print(f"{sys.argv[1]}: {width}x{height} PNG")
PYTHON
)
    if dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24" \
            flatpak --user run --env=GSK_RENDERER=cairo --env=GSETTINGS_BACKEND=memory --env=G_MESSAGES_DEBUG=Foldout \
            "$app_id" --page movies --screenshot "$shot" >"$work/screenshot.log" 2>&1 &&
        python3 -c "$check_png" "$shot"; then
        record PASS "the window appeared: the Movies page, screenshot written in the sandbox to $shot"
        if [ "${KEEP:-0}" = 1 ]; then cp "$shot" "$work/movies.png"; fi
    else
        record FAIL "no screenshot from the sandbox"
        cat "$work/screenshot.log"
    fi
}

# Checks, in the screenshot run's log, that the style sheet came from /app/share/foldout/foldout.gresource.
check_style_sheet() {
    if grep -qF "registered resource bundle /app/share/foldout/foldout.gresource" "$work/screenshot.log" &&
        grep -qF "style sheet loaded from resource /dev/foldout/Foldout/style.css" "$work/screenshot.log"; then
        record PASS "the style sheet was loaded from /app/share/foldout/foldout.gresource"
    else
        record FAIL "the style sheet was not loaded from /app/share/foldout/foldout.gresource"
        grep Foldout "$work/screenshot.log" || true
    fi
}

# Checks that foldout --touch-library writes the library under ~/.var/app/$app_id (SKIP without the option).
check_touch_library() {
    # Nothing else saves the library without user input: --touch-library loads it, saves it and exits
    # 0. Listed in --help-all, it must work; not listed, it is tried once in case it is hidden, and the
    # check is skipped when GApplication calls it unknown.
    local library=$data_dir/foldout/library.json listed=no touch_status=0 why
    rm -rf "$data_dir/foldout"
    flatpak_user run --env=GSETTINGS_BACKEND=memory "$app_id" --help-all 2>/dev/null | grep -q -- '--touch-library' &&
        listed=yes
    flatpak_user run --env=GSETTINGS_BACKEND=memory "$app_id" --touch-library >"$work/touch.log" 2>&1 || touch_status=$?
    if [ "$touch_status" -eq 0 ] && [ -s "$library" ]; then
        record PASS "foldout --touch-library in the sandbox wrote $library"
    elif [ "$listed" = no ] && grep -q "Unknown option --touch-library" "$work/touch.log"; then
        why="foldout has no --touch-library (not in --help-all), and nothing else saves the library without user input"
        record SKIP "library file under ~/.var/app/$app_id: $why"
    else
        record FAIL "foldout --touch-library (exit $touch_status) did not write $library"
        cat "$work/touch.log"
    fi
}

# Checks that the installed app has /app/share/glib-2.0/schemas/gschemas.compiled, with the schema $app_id in it.
check_compiled_schemas() {
    local location schemas
    location=$(flatpak_user info --show-location "$app_id")
    schemas=$location/files/share/glib-2.0/schemas
    if [ -f "$schemas/gschemas.compiled" ] &&
        gsettings --schemadir "$schemas" list-keys "$app_id" >/dev/null 2>"$work/schemas.log"; then
        record PASS "/app/share/glib-2.0/schemas/gschemas.compiled is installed and holds the schema $app_id"
    else
        record FAIL "/app/share/glib-2.0/schemas/gschemas.compiled is missing or lacks the schema $app_id"
        ls -l "$schemas" || true
        cat "$work/schemas.log"
    fi
}

# Starts foldout --page filters, closes its window with Ctrl+W and waits for it to end; runs under xvfb-run.
# Passed to xvfb-run's bash as its text (declare -f): export -f does not get through xvfb-run's sh.
close_with_ctrl_w() {
    local app_id=$1 pid window waited status=0
    flatpak --user run --env=GSK_RENDERER=cairo --env=G_MESSAGES_DEBUG=all \
        "$app_id" --page filters --catalog-size 2000 &
    pid=$!
    window=$(timeout 60 xdotool search --sync --onlyvisible --name 'Foldout$' 2>/dev/null | head -n 1 || true)
    if [ -z "$window" ]; then
        echo "local-check: no visible window named Foldout within 60 s"
        kill "$pid" 2>/dev/null || true
        wait "$pid" || true
        return 1
    fi
    # Ctrl+W again after 10 s and 20 s, should the first press come before the window took keys.
    for waited in $(seq 0 59); do
        kill -0 "$pid" 2>/dev/null || break
        if [ $((waited % 20)) -eq 0 ]; then
            echo "local-check: window $window is there; focusing it and pressing Ctrl+W"
            xdotool windowfocus --sync "$window" key ctrl+w || true
        fi
        sleep 0.5
    done
    if kill -0 "$pid" 2>/dev/null; then
        echo "local-check: foldout still ran 30 s after Ctrl+W: stopping it"
        kill "$pid" 2>/dev/null || true
    fi
    wait "$pid" || status=$?
    echo "local-check: foldout ended with status $status"
    return "$status"
}

# Checks that foldout, closed with Ctrl+W, remembers its page through GSettings' key-file backend in the sandbox.
check_remembered_state() {
    # Not --env=GSETTINGS_BACKEND: GLib picks the backend itself, as in the GNOME runtime.
    local keyfile=$HOME/.var/app/$app_id/config/glib-2.0/settings/keyfile log=$work/remembered.log status=0
    local backend check_keyfile what
    check_keyfile=$(cat <<'PYTHON'
import configparser, sys
keyfile = configparser.ConfigParser(interpolation=None)
keyfile.read(sys.argv[1])
page = keyfile.get("dev/foldout/Foldout", "page", fallback=None)
sys.exit(0 if page == "'filters'" else f"{sys.argv[1]}: page is {page!r} under [dev/foldout/Foldout], not 'filters'")
PYTHON
)
    rm -f "$keyfile"
    # shellcheck disable=SC2016 # "$1" is for xvfb-run's bash
    dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24" \
        bash -c "$(declare -f close_with_ctrl_w)"'; close_with_ctrl_w "$1"' close_with_ctrl_w "$app_id" \
        >"$log" 2>&1 || status=$?
    # GLib says which backend it chose: "Found default implementation keyfile (GKeyfileSettingsBackend) for …".
    backend=$(sed -n 's/.*Found default implementation \([^ ]*\) ([^)]*) for .gsettings-backend.*/\1/p' "$log" |
        tail -n 1)
    what="page='filters' in $keyfile (GSettings backend: ${backend:-not logged})"
    if [ -f "$keyfile" ] && python3 -c "$check_keyfile" "$keyfile"; then
        record PASS "foldout --page filters, closed with Ctrl+W, remembered $what"
    else
        record FAIL "foldout --page filters, closed with Ctrl+W (exit $status), did not remember $what"
        if [ -f "$keyfile" ]; then cat "$keyfile"; else echo "no $keyfile"; fi
        cat "$log"
    fi
}
