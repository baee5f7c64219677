#!/bin/sh
# Meson test: the metainfo passes `appstreamcli validate --no-net` with no error and no warning
# (appstreamcli itself fails only on errors and warnings; pedantic hints are shown, not counted).
#
#   validate-metainfo.sh APPSTREAMCLI METAINFO
set -eu
appstreamcli=$1 metainfo=$2
"$appstreamcli" validate --no-net --pedantic --explain "$metainfo" | tee /dev/stderr | {
    if grep -E '^[EW]: ' >/dev/null; then echo "FAIL: errors or warnings above" >&2; exit 1; fi; }
"$appstreamcli" validate --no-net "$metainfo"
