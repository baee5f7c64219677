#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs every test on a newer GTK than the machine's: build-aux/test.sh (the build, the layering
# and translation checks, every XCTest test under Xvfb, the three AT-SPI suites) inside a Debian
# root made by make-root.sh, with a build folder of its own (.build-trixie, .build-sid) beside the
# machine's .build.
#
#   build-aux/gtk-next/test.sh [SUITE]                 # trixie (GTK 4.18) by default
#   build-aux/gtk-next/test.sh trixie --flatpak        # then the Flatpak sandbox check on that GTK
#
# The first run on a machine makes the root (about two minutes and 1.5 GB under
# /var/cache/foldout/gtk-next); later runs reuse it. Needs root (debootstrap, chroot, mounts).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
suite=trixie
flatpak=no
for argument in "$@"; do
    case $argument in
        --flatpak) flatpak=yes ;;
        -*) echo "gtk-next/test.sh: unknown option “$argument”" >&2; exit 2 ;;
        *) suite=$argument ;;
    esac
done
root=$("$here/make-root.sh" "$suite")
version=$(chroot "$root" dpkg-query -W -f='${Version}' libgtk-4-1)
echo "gtk-next: the suite on Debian $suite, GTK $version"
"$here/run-in-root.sh" --root "$root" -- env FOLDOUT_SCRATCH_PATH=".build-$suite" build-aux/test.sh
if [ "$flatpak" = yes ]; then
    echo "gtk-next: the Flatpak sandbox check on a runtime made from Debian $suite (GTK $version)"
    "$here/run-in-root.sh" --root "$root" -- \
        env FOLDOUT_CHECK_BUILD_DIR="build/flatpak-local-check-$suite" build-aux/flatpak/local-check.sh
fi
