#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The toolchain bugs Foldout works around, each reproduced in a file here and checked with the
# Swift on PATH: the workaround must give the right answer optimized (else this fails), and the
# bug, once the toolchain no longer has it, is reported so that the workaround can go.
#
#   build-aux/toolchain-bugs/check.sh      # run by build-aux/lint.sh
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { swiftc -O "$1.swift" -o "$work/$1" 2>/dev/null && "$work/$1"; }
if [ "$(run mutex-boxed-copy)" != ",x" ]; then
    echo "toolchain-bugs: the boxed Mutex copy (RegionFormat's workaround) is wrong too" >&2
    exit 1
fi
if [ "$(run mutex-closure-boxed)" -gt 2 ]; then
    echo "toolchain-bugs: the boxed closure in a Mutex (Localization's workaround) slows down too" >&2
    exit 1
fi
if [ "$(run mutex-closure-thunks)" -le 2 ]; then
    echo "toolchain-bugs: this Swift reads a closure out of Mutex.withLock without a new thunk: Localization's box can go"
else
    echo "toolchain-bugs: this Swift still wraps a closure read out of Mutex.withLock in one more thunk each time (boxed in Localization)"
fi
if [ "$(run mutex-zeroed-copy)" = ",x" ]; then
    echo "toolchain-bugs: this Swift copies a struct out of Mutex.withLock whole: RegionFormat's box can go"
else
    echo "toolchain-bugs: this Swift still zeroes a four-String struct copied out of Mutex.withLock (boxed in RegionFormat)"
fi
