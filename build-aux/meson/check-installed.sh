#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Meson test: installs into a scratch DESTDIR, checks every file is where GNOME looks for it, and
# starts the installed executable, which must load its style sheet from the installed bundle
# (share/foldout/foldout.gresource, found relative to the executable, whatever the prefix) and
# speak German with LANGUAGE=de (share/locale, found the same way).
#
#   check-installed.sh MESON BUILD_ROOT PREFIX BINDIR DATADIR
set -eu
meson=$1 build_root=$2 prefix=$3 bindir=$4 datadir=$5
destdir=$(mktemp -d)
trap 'rm -rf "$destdir"' EXIT
"$meson" install -C "$build_root" --destdir "$destdir" --no-rebuild --quiet
root=$destdir$prefix
echo "Installed under DESTDIR:"
(cd "$destdir" && find . -type f -o -type l | sort)
status=0
for file in "$bindir/foldout" "$datadir/foldout/foldout.gresource" \
    "$datadir/applications/dev.foldout.Foldout.desktop" "$datadir/metainfo/dev.foldout.Foldout.metainfo.xml" \
    "$datadir/icons/hicolor/scalable/apps/dev.foldout.Foldout.svg" \
    "$datadir/icons/hicolor/symbolic/apps/dev.foldout.Foldout-symbolic.svg" \
    "$datadir/locale/de/LC_MESSAGES/foldout.mo"; do
    [ -f "$root/$file" ] || { echo "FAIL: $prefix/$file is not installed"; status=1; }
done
[ -x "$root/$bindir/foldout" ] || { echo "FAIL: $prefix/$bindir/foldout is not executable"; status=1; }
[ "$status" -eq 0 ] || exit 1
if [ "$bindir" != bin ] || [ "$datadir" != share ]; then
    echo "SKIP: foldout finds its bundle at ../share/foldout/ from its own folder; bindir=$bindir, datadir=$datadir do not match that"
    exit 77
fi
"$(dirname "$0")/check-style-at-start.sh" "$root/$bindir/foldout" "$root/$bindir/../share/foldout/foldout.gresource"
"$(dirname "$0")/check-german.sh" "$root/$bindir/foldout"
