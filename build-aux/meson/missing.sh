#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Meson test standing in for a validator meson did not find: it fails and says what to install,
# so that a missing tool is noticed instead of its test being left out.
#
#   missing.sh PROGRAM DEBIAN_PACKAGE
echo "FAIL: $1 not found (Debian: apt-get install $2); this test cannot run without it"
exit 1
