#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Meson test: `LANGUAGE=de foldout --help` is German, so foldout found its message catalog
# (meson's po/ beside it in the build folder, or ../share/locale from an installed executable),
# also where the locale is plain C.
#
#   check-german.sh FOLDOUT
set -eu
foldout=$(realpath "$1")
output=$(env -u LC_ALL -u LC_MESSAGES LANG=C LANGUAGE=de G_MESSAGES_DEBUG=Foldout "$foldout" --help 2>&1)
printf '%s\n' "$output" | grep 'translations from' || true
if printf '%s\n' "$output" | grep -q 'SEITE zuerst anzeigen'; then
    echo "PASS: $foldout --help is German"
else
    printf '%s\n' "$output"
    echo "FAIL: $foldout --help is not German with LANGUAGE=de"
    exit 1
fi
