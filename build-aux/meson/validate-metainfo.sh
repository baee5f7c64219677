#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Meson test: the metainfo passes `appstreamcli validate --no-net` with no error and no warning.
# Pedantic hints and infos are shown but not counted (appstream 0.16 calls <developer>, which
# AppStream 1.0 introduced, an unknown tag: an info; <developer_name> is there for it).
#
#   validate-metainfo.sh APPSTREAMCLI METAINFO
set -eu
appstreamcli=$1 metainfo=$2
status=0
output=$("$appstreamcli" validate --no-net --pedantic --explain "$metainfo" 2>&1) || status=$?
printf '%s\n' "$output"
if [ "$status" -ne 0 ] || printf '%s\n' "$output" | grep -qE '^[EW]: '; then
    echo "FAIL: appstreamcli reports errors or warnings for $metainfo"
    exit 1
fi
echo "PASS: $metainfo has no errors and no warnings"
