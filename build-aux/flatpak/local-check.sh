#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Local sandbox check of the Flatpak, for machines that cannot download GNOME runtimes.
#
#   build-aux/flatpak/local-check.sh             # PASS or FAIL per check, a summary; exit 0 on PASS
#   build-aux/flatpak/local-check.sh --builder   # the app built by flatpak-builder from the manifest
#   KEEP=1 build-aux/flatpak/local-check.sh      # keep the scratch folder (repo, bundle, screenshot)
#
# What it does, with Debian's flatpak and ostree:
#  1. builds Foldout with meson (--prefix=/app; build folder build/flatpak-local-check, reused);
#  2. makes a throwaway test runtime, dev.foldout.LocalCheck.Platform//local, from this machine's
#     own files: the libraries foldout and GTK's loaders link to (found with ldd), the dynamic
#     loader, sh and ldconfig, fonts and their configuration, icon themes, MIME data, XKB data and
#     GLib schemas. It is a fixture for this check only and is never shipped: the real build uses
#     org.gnome.Platform (dev.foldout.Foldout.json). It is exported to a local OSTree repo and
#     installed from there;
#  3. puts meson's /app into an app folder (flatpak build-init) and applies the manifest's
#     finish-args, read from dev.foldout.Foldout.json, with flatpak build-finish.
#     With --builder, flatpak-builder builds the app instead, from the manifest itself with only the
#     runtime and SDK names replaced by fixtures: a test SDK made from this machine's /usr and a
#     test org.freedesktop.Sdk.Extension.swift6 made from the Swift toolchain on PATH. That runs
#     the manifest's meson module, build-options and finish-args offline, in flatpak-builder's
#     sandbox. It needs about 5 GB in /tmp and takes a few minutes more;
#  4. exports the app to the repo, makes a .flatpak bundle and installs it with flatpak install --user;
#  5. checks, in the sandbox: the permissions are exactly the manifest's; foldout starts under Xvfb
#     and writes a screenshot of the Movies page into its own data folder; it loads its style sheet
#     from /app/share/foldout/foldout.gresource; XDG_DATA_HOME is ~/.var/app/dev.foldout.Foldout/data;
#     and, when foldout has --touch-library (load and save the library), that the library file is
#     written there;
#  6. uninstalls everything and deletes its scratch folder, also when it fails or is interrupted.
#
# Flatpak runs with HOME pointing into the scratch folder, so the --user installation it installs
# into, and ~/.var/app, are throwaway ones: the real user's Flatpak installation is never touched.
# The sandbox gets GSK_RENDERER=cairo (flatpak run --env, not a finish-arg) because the fixture
# runtime carries no Mesa; the real GNOME runtime does.
set -euo pipefail

builder=no
for arg in "$@"; do
    case $arg in
        --builder) builder=yes ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "local-check: unknown argument “$arg” (try --help)" >&2; exit 2 ;;
    esac
done

started=$(date +%s)
source_root=$(cd "$(dirname "$0")/../.." && pwd)
manifest=$source_root/dev.foldout.Foldout.json
runtime_id=dev.foldout.LocalCheck.Platform
sdk_id=dev.foldout.LocalCheck.Sdk
branch=local
arch=$(uname -m)
multiarch=$(gcc -dumpmachine 2>/dev/null || echo "$arch-linux-gnu")
build_dir=${FOLDOUT_CHECK_BUILD_DIR:-$source_root/build/flatpak-local-check}

say() { printf '\n== %s (%ss)\n' "$*" "$(( $(date +%s) - started ))"; }
die() { echo "local-check: $*" >&2; exit 2; }

# -- what the check needs ------------------------------------------------------------------------
packages=(flatpak ostree xvfb xauth dbus meson ninja-build desktop-file-utils appstream gettext libglib2.0-bin python3)
# flatpak-builder strips with eu-strip and composes AppStream with appstream-compose inside the SDK.
[ "$builder" = yes ] && packages+=(flatpak-builder elfutils appstream-util)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    say "Installing ${missing[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
"$source_root/build-aux/install-deps.sh"
command -v swift >/dev/null || die "swift is not on PATH"

manifest_value() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$manifest" "$1"; }
app_id=$(manifest_value id)
app_command=$(manifest_value command)
mapfile -t finish_args < <(python3 -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))["finish-args"]))' "$manifest")
version=$(meson introspect --projectinfo "$source_root/meson.build" | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')

# -- 1. build Foldout with meson, prefix /app (with the real HOME: SwiftPM's own state stays put) -
work=$(mktemp -d /tmp/foldout-flatpak-check.XXXXXX)
real_home=$HOME
flatpak_user() { flatpak --user "$@"; }

declare -a results=()
failures=0
record() { # record PASS|FAIL|SKIP "what"
    results+=("$1  $2")
    [ "$1" = FAIL ] && failures=$((failures + 1))
    echo "$1: $2"
}

summary() {
    local elapsed passed skipped
    elapsed=$(( $(date +%s) - started ))
    echo
    echo "== Summary ($elapsed s in all)"
    printf '  %s\n' "${results[@]}"
    passed=$(printf '%s\n' "${results[@]}" | grep -c '^PASS' || true)
    skipped=$(printf '%s\n' "${results[@]}" | grep -c '^SKIP' || true)
    if [ "$failures" -eq 0 ]; then
        echo "local-check: PASS: $passed passed, 0 failed, $skipped skipped ($elapsed s)"
        exit 0
    fi
    echo "local-check: FAIL: $passed passed, $failures failed, $skipped skipped ($elapsed s)"
    exit 1
}

cleanup() {
    local status=$?
    trap - EXIT INT TERM
    echo
    echo "== Cleaning up"
    if [ -d "$work/home" ]; then
        export HOME=$work/home XDG_DATA_HOME=$work/home/.local/share
        flatpak_user uninstall -y --noninteractive --all >/dev/null 2>&1 || true
        for remote in $(flatpak_user remotes --columns=name 2>/dev/null); do
            flatpak_user remote-delete --force "$remote" >/dev/null 2>&1 || true
        done
        left=$(flatpak_user list --columns=ref 2>/dev/null || true)
        if [ -z "$left" ]; then echo "uninstalled what this check installed; nothing left"; else echo "still installed: $left"; fi
    fi
    if [ "${KEEP:-0}" = 1 ]; then
        echo "kept $work (KEEP=1)"
    else
        # Folders only: the fixture SDK's files may be hard links to this machine's /usr.
        find "$work" -type d ! -perm -u+w -exec chmod u+w {} + 2>/dev/null || true
        rm -rf "$work"
        echo "removed $work"
    fi
    export HOME=$real_home
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say "Building Foldout with meson (--prefix=/app) in $build_dir"
if [ -f "$build_dir/build.ninja" ]; then
    meson setup --reconfigure "$build_dir" "$source_root" --prefix=/app --buildtype=release >/dev/null
else
    meson setup "$build_dir" "$source_root" --prefix=/app --buildtype=release >/dev/null
fi
meson compile -C "$build_dir"
stage=$work/stage
meson install -C "$build_dir" --destdir "$stage" --no-rebuild --quiet

export HOME=$work/home XDG_DATA_HOME=$work/home/.local/share XDG_CONFIG_HOME=$work/home/.config XDG_CACHE_HOME=$work/home/.cache
unset FLATPAK_USER_DIR
mkdir -p "$HOME" "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME"

# -- 2. the fixture runtime ----------------------------------------------------------------------
say "Making the throwaway test runtime $runtime_id//$branch from this machine's files"
runtime=$work/runtime
files=$runtime/files
mkdir -p "$files"

# Where a host file lives in the runtime: the runtime's files/ is /usr in the sandbox, and /lib,
# /bin, /sbin, /lib64 there are links into /usr, as on this (merged /usr) machine.
runtime_path() { local path; path=$(realpath -m "$1"); path=${path#/usr}; echo "$files$path"; }

copy_file() { # copy_file HOST_PATH: the file's content, under its own name, in its real folder
    local dest
    dest=$(dirname "$(runtime_path "$(realpath "$1")")")/$(basename "$1")
    [ -e "$dest" ] && return 0
    mkdir -p "$(dirname "$dest")"
    cp -L "$1" "$dest"
}

copy_tree() { # copy_tree HOST_DIR: a folder with its links as they are
    [ -d "$1" ] || return 0
    local dest
    dest=$(runtime_path "$1")
    mkdir -p "$(dirname "$dest")"
    cp -a "$(realpath "$1")" "$dest"
}

declare -A seen=()
copy_libraries() { # copy_libraries ELF...: every library the files load (ldd), and the files unless under $stage
    local queue=("$@") file line
    while [ ${#queue[@]} -gt 0 ]; do
        file=${queue[0]}
        queue=("${queue[@]:1}")
        [ -n "${seen[$file]:-}" ] && continue
        seen[$file]=1
        case $file in "$stage"/*) ;; *) copy_file "$file" ;; esac
        while read -r line; do
            case $line in
                *"=> not found"*) echo "warning: $file: $line" >&2 ;;
                *"=> /"*) line=${line#*=> }; queue+=("${line%% (*}") ;;
                /*) queue+=("${line%% (*}") ;;
            esac
        done < <(ldd "$file" 2>/dev/null || true)
    done
}

loaders_dir=$(pkg-config --variable=gdk_pixbuf_moduledir gdk-pixbuf-2.0 2>/dev/null || echo "/usr/lib/$multiarch/gdk-pixbuf-2.0/2.10.0/loaders")
elves=("$stage/app/bin/$app_command" /usr/bin/dash /usr/sbin/ldconfig /usr/bin/env /usr/bin/cat /usr/bin/ls)
for loader in "$loaders_dir"/*.so; do elves+=("$loader"); done
copy_libraries "${elves[@]}"
ln -sf dash "$files/bin/sh"
ln -sf ../sbin/ldconfig "$files/bin/ldconfig"
mkdir -p "$files/lib64"
ln -sf "../lib/$multiarch/ld-linux-x86-64.so.2" "$files/lib64/ld-linux-x86-64.so.2"
copy_file "$(dirname "$loaders_dir")/loaders.cache"
for dir in /usr/lib/locale/C.utf8 /usr/share/fonts /usr/share/fontconfig /usr/share/icons/hicolor /usr/share/icons/Adwaita \
    /usr/share/mime /usr/share/X11/xkb /usr/share/X11/locale /usr/share/glib-2.0/schemas /usr/share/gtk-4.0; do
    copy_tree "$dir"
done
mkdir -p "$files/etc"
cp -a /etc/fonts "$files/etc/fonts"
cp -a /etc/ld.so.conf /etc/ld.so.conf.d "$files/etc/"
cat >"$runtime/metadata" <<EOF
[Runtime]
name=$runtime_id
runtime=$runtime_id/$arch/$branch
sdk=$sdk_id/$arch/$branch
EOF
echo "runtime: $(find "$files" -type f | wc -l) files, $(du -sh "$files" | cut -f1)"

repo=$work/repo
remote=foldout-local-check
# An uncompressed repo: quick to commit into and to install from. The runtimes are installed from
# it through a file:// remote; bundling them would spend minutes compressing.
ostree init --repo="$repo" --mode=bare-user-only
say "Exporting the runtime to the local OSTree repo $repo and installing it from there (--user)"
flatpak build-export --runtime --files=files "$repo" "$runtime" "$branch" >/dev/null
flatpak_user remote-add --no-gpg-verify "$remote" "file://$repo"
flatpak_user install -y --noninteractive "$remote" "runtime/$runtime_id/$arch/$branch"

# -- 3. the app folder ---------------------------------------------------------------------------
appdir=$work/app
if [ "$builder" = no ]; then
    say "Putting the app together: build-init, meson's /app, build-finish ${finish_args[*]}"
    flatpak build-init "$appdir" "$app_id" "$runtime_id" "$runtime_id" "$branch"
    cp -a "$stage/app/." "$appdir/files/"
    flatpak build-finish "$appdir" --command="$app_command" "${finish_args[@]}"
else
    say "Making the test SDK $sdk_id//$branch from /usr and the test swift6 extension from the Swift toolchain"
    sdk=$work/sdk extension=$work/swift6
    swift_usr=$(dirname "$(dirname "$(realpath "$(command -v swift)")")")
    mkdir -p "$sdk/files" "$extension/files"
    # Hard links where /usr and the scratch folder share a file system (nothing writes to them:
    # build-export only reads), copies otherwise.
    link_or_copy() { cp -al "$1" "$2" 2>/dev/null || cp -a "$1" "$2"; }
    for dir in /usr/*; do
        case ${dir#/usr/} in local|src|games) continue ;; esac
        link_or_copy "$dir" "$sdk/files/"
    done
    # Large and of no use to a build here: left out of the test SDK.
    rm -rf "$sdk/files/lib/jvm" "$sdk/files/lib/google-cloud-sdk" "$sdk/files/lib/postgresql" \
        "$sdk/files/share/doc" "$sdk/files/share/man" "$sdk/files/share/locale" "$sdk/files/share/package-lists"
    mkdir -p "$sdk/files/etc" "$sdk/files/lib/sdk"
    cp -a /etc/fonts /etc/ld.so.conf /etc/ld.so.conf.d "$sdk/files/etc/"
    cat >"$sdk/metadata" <<EOF
[Runtime]
name=$sdk_id
runtime=$runtime_id/$arch/$branch
sdk=$sdk_id/$arch/$branch

[Extension org.freedesktop.Sdk.Extension]
directory=lib/sdk
subdirectories=true
no-autodownload=true
version=$branch
EOF
    link_or_copy "$swift_usr/." "$extension/files/"
    cat >"$extension/metadata" <<EOF
[Runtime]
name=org.freedesktop.Sdk.Extension.swift6

[ExtensionOf]
ref=runtime/$sdk_id/$arch/$branch
EOF
    echo "SDK: $(du -sh "$sdk/files" | cut -f1); swift6 extension ($swift_usr): $(du -sh "$extension/files" | cut -f1)"
    flatpak build-export --runtime --files=files "$repo" "$sdk" "$branch" >/dev/null
    flatpak build-export --runtime --files=files "$repo" "$extension" "$branch" >/dev/null
    flatpak_user install -y --noninteractive "$remote" "runtime/$sdk_id/$arch/$branch" "runtime/org.freedesktop.Sdk.Extension.swift6/$arch/$branch"

    say "Building the app with flatpak-builder from the manifest (runtime and SDK names replaced)"
    derived=$work/$app_id.json
    python3 - "$manifest" "$derived" "$runtime_id" "$sdk_id" "$branch" "$source_root" <<'PYTHON'
import json, pathlib, sys
source, target, runtime, sdk, branch, root = sys.argv[1:]
manifest = json.load(open(source))
manifest.update({"runtime": runtime, "sdk": sdk, "runtime-version": branch})
for module in manifest["modules"]:
    for entry in module.get("sources", []):
        if entry.get("type") == "dir" and entry.get("path") == ".":
            entry["path"] = root
            # SwiftPM scratch folders of any name would be copied in too: skip the ones there are.
            extra = sorted(p.name for p in pathlib.Path(root).glob(".build[-_]*"))
            entry["skip"] = entry.get("skip", []) + extra
json.dump(manifest, open(target, "w"), indent=4)
print(f"{target}: runtime {runtime}, sdk {sdk}, runtime-version {branch}; the rest as in {source}")
PYTHON
    if flatpak-builder --user --disable-rofiles-fuse --force-clean --state-dir="$work/builder-state" "$appdir" "$derived" >"$work/builder.log" 2>&1; then
        tail -n 12 "$work/builder.log"
        record PASS "flatpak-builder built $app_id from the manifest offline (meson module, swift6 extension on PATH, finish-args)"
    else
        tail -n 40 "$work/builder.log"
        record FAIL "flatpak-builder could not build the manifest (log above)"
        summary
    fi
fi

# -- 4. export, bundle, install the app ----------------------------------------------------------
say "Exporting the app to $repo, bundling it, installing the bundle (--user)"
flatpak build-export "$repo" "$appdir" >/dev/null
flatpak build-bundle "$repo" "$work/foldout.flatpak" "$app_id"
ostree --repo="$repo" refs | sed 's/^/repo ref: /'
ls -l "$work/foldout.flatpak"
flatpak_user install -y --noninteractive --bundle "$work/foldout.flatpak"
flatpak_user list --columns=ref,origin

# -- 5. checks -----------------------------------------------------------------------------------
say "Checking the installed app"
data_dir=$HOME/.var/app/$app_id/data
metadata=$(flatpak_user info --show-metadata "$app_id")
check_permissions=$(cat <<'PYTHON'
import configparser, json, sys
expected = {}
for arg in json.load(open(sys.argv[1]))["finish-args"]:
    key, _, value = arg[2:].partition("=")
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
print("permissions:", {key: sorted(value) for key, value in actual.items()})
sys.exit(0 if actual == expected else f"expected {expected}")
PYTHON
)
if python3 -c "$check_permissions" "$manifest" <<<"$metadata"; then
    record PASS "the installed app's permissions are exactly the manifest's finish-args (${finish_args[*]})"
else
    record FAIL "the installed app's permissions differ from the manifest's finish-args"
fi

exports=$XDG_DATA_HOME/flatpak/exports/share
for exported in "applications/$app_id.desktop" "icons/hicolor/scalable/apps/$app_id.svg" "icons/hicolor/symbolic/apps/$app_id-symbolic.svg"; do
    if [ -f "$exports/$exported" ]; then record PASS "exported $exported"; else record FAIL "not exported: $exported"; fi
done

printed=$(flatpak_user run --env=GSETTINGS_BACKEND=memory "$app_id" --version 2>"$work/version.log" || true)
if [ "$printed" = "foldout $version" ]; then
    record PASS "flatpak run $app_id --version: $printed"
else
    record FAIL "flatpak run $app_id --version: “$printed”, not “foldout $version”"
    cat "$work/version.log"
fi

help=$(flatpak_user run --env=GSETTINGS_BACKEND=memory --env=LANGUAGE=de "$app_id" --help 2>"$work/help.log" || true)
if printf '%s\n' "$help" | grep -q 'SEITE zuerst anzeigen'; then
    record PASS "LANGUAGE=de flatpak run $app_id --help is German (catalog from /app/share/locale)"
else
    record FAIL "LANGUAGE=de flatpak run $app_id --help is not German"
    printf '%s\n' "$help"; cat "$work/help.log"
fi

xdg=$(flatpak_user run --command=sh "$app_id" -c 'echo "$XDG_DATA_HOME"' 2>"$work/sh.log" || true)
if [ "$xdg" = "$data_dir" ]; then
    record PASS "XDG_DATA_HOME in the sandbox is $xdg (the library goes to \$XDG_DATA_HOME/foldout/)"
else
    record FAIL "XDG_DATA_HOME in the sandbox is “$xdg”, not $data_dir"
    cat "$work/sh.log"
fi

say "Starting foldout in the sandbox under Xvfb: --page movies --screenshot"
shot=$data_dir/local-check-movies.png
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
    [ "${KEEP:-0}" = 1 ] && cp "$shot" "$work/movies.png"
else
    record FAIL "no screenshot from the sandbox"
    cat "$work/screenshot.log"
fi
if grep -qF "registered resource bundle /app/share/foldout/foldout.gresource" "$work/screenshot.log" &&
    grep -qF "style sheet loaded from resource /dev/foldout/Foldout/style.css" "$work/screenshot.log"; then
    record PASS "the style sheet was loaded from /app/share/foldout/foldout.gresource"
else
    record FAIL "the style sheet was not loaded from /app/share/foldout/foldout.gresource"
    grep Foldout "$work/screenshot.log" || true
fi

# Nothing else saves the library without user input: --touch-library loads it, saves it and exits
# 0. Listed in --help-all, it must work; not listed, it is tried once in case it is hidden, and the
# check is skipped when GApplication calls it unknown.
library=$data_dir/foldout/library.json
rm -rf "$data_dir/foldout"
listed=no
flatpak_user run --env=GSETTINGS_BACKEND=memory "$app_id" --help-all 2>/dev/null | grep -q -- '--touch-library' && listed=yes
touch_status=0
flatpak_user run --env=GSETTINGS_BACKEND=memory "$app_id" --touch-library >"$work/touch.log" 2>&1 || touch_status=$?
if [ "$touch_status" -eq 0 ] && [ -s "$library" ]; then
    record PASS "foldout --touch-library in the sandbox wrote $library"
elif [ "$listed" = no ] && grep -q "Unknown option --touch-library" "$work/touch.log"; then
    record SKIP "library file under ~/.var/app/$app_id: foldout has no --touch-library (not in --help-all), and nothing else saves the library without user input"
else
    record FAIL "foldout --touch-library (exit $touch_status) did not write $library"
    cat "$work/touch.log"
fi

summary
