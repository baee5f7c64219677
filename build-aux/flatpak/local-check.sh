#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Local sandbox check of the Flatpak, for machines that cannot download GNOME runtimes.
#
#   build-aux/flatpak/local-check.sh             # PASS or FAIL per check, a summary; exit 0 on PASS
#   build-aux/flatpak/local-check.sh --builder   # the app built by flatpak-builder from the manifest
#   KEEP=1 build-aux/flatpak/local-check.sh      # keep the scratch folder (repo, bundle, screenshot)
#
# What it does, with Debian's flatpak and ostree (main, at the bottom, calls the steps in order;
# lib/app.sh builds and installs the app, lib/fixture-runtime.sh makes the fixtures, lib/checks.sh
# checks, lib/common.sh has the results, the summary and the cleanup):
#  1. builds Foldout with meson (--prefix=/app; build folder build/flatpak-local-check, reused),
#     installs it into the scratch folder with --destdir and compiles its GSettings schemas there,
#     as meson's post-install does for an install without --destdir (flatpak-builder's);
#  2. makes a throwaway test runtime, dev.foldout.LocalCheck.Platform//local, from this machine's
#     own files: the libraries foldout and GTK's loaders link to (found with ldd), the dynamic
#     loader, sh and ldconfig, dconf's GIO module (GSettings' dconf backend, as in the GNOME
#     runtime), fonts and their configuration, icon themes, MIME data, XKB data and GLib schemas.
#     It is a fixture for this check only and is never shipped: the real build uses
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
#     when foldout has --touch-library (load and save the library), that the library file is
#     written there; /app/share/glib-2.0/schemas/gschemas.compiled is installed; and foldout
#     remembers its state through GSettings: started with --page filters and closed with Ctrl+W
#     (xdotool), it writes page='filters' to ~/.var/app/dev.foldout.Foldout/config/glib-2.0/
#     settings/keyfile, the backend GLib picks in a sandbox without access to dconf;
#  6. uninstalls everything and deletes its scratch folder, also when it fails or is interrupted.
#
# Flatpak runs with HOME pointing into the scratch folder, so the --user installation it installs
# into, and ~/.var/app, are throwaway ones: the real user's Flatpak installation is never touched.
# The sandbox gets GSK_RENDERER=cairo (flatpak run --env, not a finish-arg) because the fixture
# runtime carries no Mesa; the real GNOME runtime does.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=build-aux/flatpak/lib/common.sh
source "$here/lib/common.sh"
# shellcheck source=build-aux/flatpak/lib/app.sh
source "$here/lib/app.sh"
# shellcheck source=build-aux/flatpak/lib/fixture-runtime.sh
source "$here/lib/fixture-runtime.sh"
# shellcheck source=build-aux/flatpak/lib/checks.sh
source "$here/lib/checks.sh"

# Reads the options (--builder, -h/--help) into $builder.
# shellcheck disable=SC1111 # the message quotes with “ and ”, on purpose
parse_arguments() {
    local arg
    builder=no
    for arg in "$@"; do
        case $arg in
            --builder) builder=yes ;;
            -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
            *) echo "local-check: unknown argument “$arg” (try --help)" >&2; exit 2 ;;
        esac
    done
}

source_root=$(cd "$here/../.." && pwd)
manifest=$source_root/dev.foldout.Foldout.json
runtime_id=dev.foldout.LocalCheck.Platform
sdk_id=dev.foldout.LocalCheck.Sdk
branch=local
arch=$(uname -m)
multiarch=$(gcc -dumpmachine 2>/dev/null || echo "$arch-linux-gnu")
build_dir=${FOLDOUT_CHECK_BUILD_DIR:-$source_root/build/flatpak-local-check}

# The check, step by step; the numbers are the header's.
main() {
    parse_arguments "$@"
    started=$(date +%s)
    install_packages
    read_manifest
    make_scratch_folder                 # 6. from here on, cleanup runs on exit
    build_with_meson                    # 1.
    use_throwaway_home
    make_fixture_runtime                # 2.
    install_fixture_runtime
    if [ "$builder" = no ]; then
        put_app_folder_together         # 3.
    else
        install_fixture_sdk
        build_app_with_flatpak_builder
    fi
    install_app                         # 4.
    run_checks                          # 5.
    summary
}

main "$@"
