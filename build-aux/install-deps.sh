#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what Foldout needs on Debian bookworm beyond the Swift toolchain, only if missing:
# GTK 4 headers, Xvfb (a display for the UI tests), a D-Bus session bus, fonts, and gettext
# (msgfmt compiles the translations, xgettext checks that po/ is complete), xdotool (the tests
# type with real key presses), the AT-SPI bus with its Python bindings (the accessibility suite), and
# the German and US English region definitions (the tests of region formats); libarchive, ISA-L
# (a gzip file decompressed fast, a stretch at a time) and SQLite (catalogs compressed or in a database) and the
# xz, bzip2 and zstd tools the format tests write with;
# GTK 4 for Python (gir1.2-gtk-4.0: Tests/dnd/drag_source.py, the other program a file is dragged from);
# a window manager with its remote control (openbox, wmctrl: a window maximized and remembered);
# libpq (a table of a PostgreSQL server) and the PostgreSQL server itself, which the tests start
# one of their own from (initdb into a temporary folder, a Unix socket only);
# and appstream, whose ITS rules tell xgettext which parts of the metainfo to translate (gettext
# 0.23, Debian 13's, reads it with rules of its own without them and extracts what says
# translate="no"); libxml2 and FreeXL (spreadsheets: .xlsx and .ods, and .xls), LibreOffice's Calc
# without a GUI (the tests read workbooks it writes) and python3-venv (the tests' openpyxl and odfpy,
# the bench's peers, from PyPI into a venv of their own); libsecret (a database's password kept in
# the desktop's keyring) and GNOME Keyring, whose daemon the UI tests start on their own session bus
# as the Secret Service they keep passwords in (Tests/FoldoutUITests/TestKeyring.swift).
# The same names serve Debian 13 (build-aux/gtk-next/ makes its root with them).
#
#   install-deps.sh          # installs what is missing
#   install-deps.sh --list   # prints the package names, one a line, and installs nothing
set -euo pipefail
packages=(libgtk-4-dev libarchive-dev libisal-dev libsqlite3-dev xz-utils bzip2 zstd libglib2.0-bin pkg-config gcc xvfb xauth dbus
    fonts-dejavu-core gettext xdotool at-spi2-core python3-pyatspi python3-gi gir1.2-gtk-4.0 locales
    openbox wmctrl appstream libpq-dev postgresql libxml2-dev libfreexl-dev libreoffice-calc-nogui python3-venv
    libsecret-1-dev gnome-keyring)
if [ "${1:-}" = --list ]; then
    printf '%s\n' "${packages[@]}"
    exit 0
fi
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
regions() {
    for region in de_DE en_US; do
        locale -a | grep -qx "$region.utf8" || $sudo localedef -i "$region" -c -f UTF-8 "$region.UTF-8"
    done
}
if [ ${#missing[@]} -eq 0 ]; then
    regions
    exit 0
fi
echo "Installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
regions
