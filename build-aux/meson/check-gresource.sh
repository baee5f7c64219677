#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Meson test: the compiled bundle holds /dev/foldout/Foldout/style.css, byte for byte Resources/style.css.
#
#   check-gresource.sh BUNDLE STYLE_CSS
set -eu
bundle=$1 css=$2
gresource list "$bundle"
extracted=$(mktemp)
trap 'rm -f "$extracted"' EXIT
gresource extract "$bundle" /dev/foldout/Foldout/style.css >"$extracted"
cmp "$extracted" "$css"
echo "PASS: $bundle holds $css"
