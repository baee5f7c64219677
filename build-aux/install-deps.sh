#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what Foldout needs on Debian bookworm beyond the Swift toolchain, only if missing:
# GTK 4 headers, Xvfb (a display for the UI tests), a D-Bus session bus, fonts, and gettext
# (msgfmt compiles the translations, xgettext checks that po/ is complete), xdotool (the tests
# type with real key presses), and the AT-SPI bus with its Python bindings (the accessibility suite).
set -euo pipefail
packages=(libgtk-4-dev libglib2.0-bin pkg-config gcc xvfb xauth dbus fonts-dejavu-core gettext xdotool at-spi2-core python3-pyatspi python3-gi)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
