#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes (or reuses) a Debian root of a newer release than the machine's, with the packages
# Foldout's build and tests need, so that the suite runs against that release's GTK and GLib.
#
#   make-root.sh [SUITE]    # SUITE: trixie (GTK 4.18, GLib 2.84; the default) or sid; prints the root
#
# CI runs trixie. sid (on 2026-11-26: GTK 4.24.1, GLib 2.90.1, newer than GNOME 50's 4.22 and 2.88)
# builds Foldout and runs its suite the same way (build-aux/gtk-next/test.sh sid), but not yet
# green: the appearance portal tests, F10's menu and the Details combo differ on GTK 4.24 (the
# note on the issue "The GTK users run" lists them), and a third suite would take CI past forty
# minutes on two cores.
#
# The root is kept between runs in $FOLDOUT_GTK_NEXT_CACHE (default /var/cache/foldout/gtk-next),
# one folder per suite, and made again from scratch when what it is made of changes: the suite,
# the mirror, the package list (build-aux/install-deps.sh --list and the toolchain's own below) or
# this script. The Swift toolchain is not installed into it: run-in-root.sh mounts the machine's.
# Needs root, debootstrap and Debian's packages (apt-get installs debootstrap if it is missing).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
suite=${1:-trixie}
cache=${FOLDOUT_GTK_NEXT_CACHE:-/var/cache/foldout/gtk-next}
root=$cache/$suite
# The mirror the machine's own apt uses, so the root comes from where bookworm's packages do.
mirror=${FOLDOUT_DEBIAN_MIRROR:-$( (grep -hoE '^URIs: *https?://[^ ]*/debian/?$' /etc/apt/sources.list.d/*.sources 2>/dev/null ||
    grep -hoE '^deb +https?://[^ ]*/debian/? ' /etc/apt/sources.list 2>/dev/null || true) |
    head -n1 | grep -oE 'https?://[^ ]*' || echo http://deb.debian.org/debian)}
# What the Swift toolchain links to (swift-build: libcurl, libxml2, libncurses, SQLite), its
# linker and C library headers, and CA certificates and pip (the benchmark's peers come from
# PyPI; run-in-root.sh copies the machine's certificates and pip settings in).
toolchain=(binutils libc6-dev g++ libcurl4t64 libxml2 libncurses6 libsqlite3-0 tzdata
    ca-certificates python3-pip python3-venv)
mapfile -t packages < <("$here/../install-deps.sh" --list)
packages+=("${toolchain[@]}")
stamp=$(printf '%s\n' "$suite" "$mirror" "${packages[@]}" | cat - "$0" | sha256sum | cut -c1-16)

if [ -f "$root/.foldout-root" ] && [ "$(cat "$root/.foldout-root")" = "$stamp" ]; then
    echo "$root"
    exit 0
fi
command -v debootstrap > /dev/null || {
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap >&2 ||
        { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap >&2; }
}
echo "make-root: making the $suite root in $root from $mirror (a few minutes)" >&2
mkdir -p "$cache"
rm -rf "$root" "$root.new"
debootstrap --variant=minbase "$suite" "$root.new" "$mirror" >&2 ||
    { echo "make-root: debootstrap failed; see $root.new/debootstrap/debootstrap.log" >&2; exit 1; }
cp /etc/resolv.conf "$root.new/etc/resolv.conf"
# apt inside the root: no recommends, no interactive questions; and a mirror's copy of sid whose
# Release file has outlived its Valid-Until (a mirror kept as a snapshot) is still read.
cat > "$root.new/etc/apt/apt.conf.d/90foldout" << 'EOF'
APT::Install-Recommends "false";
APT::Get::Assume-Yes "true";
Acquire::Check-Valid-Until "false";
EOF
"$here/run-in-root.sh" --root "$root.new" --no-source -- bash -c \
    'export DEBIAN_FRONTEND=noninteractive; apt-get update -q && apt-get install -q "$@" && apt-get clean' \
    apt "${packages[@]}" >&2
# The region definitions the tests format with; install-deps.sh would make them at every run.
"$here/run-in-root.sh" --root "$root.new" --no-source -- bash -c \
    'for r in de_DE en_US; do localedef -i $r -c -f UTF-8 $r.UTF-8; done' >&2
echo "$stamp" > "$root.new/.foldout-root"
mv "$root.new" "$root"
echo "$root"
