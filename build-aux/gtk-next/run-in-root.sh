#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a command inside a root made by make-root.sh, with this source tree at /src (the working
# folder), the machine's Swift toolchain at the same path as outside, and its own /tmp.
#
#   run-in-root.sh --root ROOT [--no-source] -- COMMAND [ARGUMENT…]
#
# Everything is mounted in a mount namespace of its own (unshare), whose root mount the root
# becomes, so nothing stays mounted when the command ends, however it ends. The environment is a clean one: PATH with the toolchain,
# HOME=/root, LANG=C.UTF-8, and CI and FOLDOUT_* passed through. pip inside the root reaches PyPI
# as the machine's does: its CA certificates and pip settings are copied in first.
set -euo pipefail
root=
source=yes
while [ $# -gt 0 ]; do
    case $1 in
        --root) root=$2; shift 2 ;;
        --no-source) source=no; shift ;;
        --) shift; break ;;
        *) echo "run-in-root: unknown argument “$1”" >&2; exit 2 ;;
    esac
done
[ -n "$root" ] && [ -d "$root" ] && [ $# -gt 0 ] || { echo "usage: run-in-root.sh --root ROOT [--no-source] -- COMMAND…" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "run-in-root: needs root (chroot and mounts)" >&2; exit 1; }
source_root=$(cd "$(dirname "$0")/../.." && pwd)
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift || echo /opt/swift/usr/bin/swift)")")")")

cp /etc/resolv.conf "$root/etc/resolv.conf"
[ -f /etc/pip.conf ] && cp /etc/pip.conf "$root/etc/pip.conf"
if [ -d /usr/local/share/ca-certificates ] && [ -n "$(ls -A /usr/local/share/ca-certificates)" ]; then
    mkdir -p "$root/usr/local/share/ca-certificates"
    cp -r /usr/local/share/ca-certificates/. "$root/usr/local/share/ca-certificates/"
    chroot "$root" sh -c 'command -v update-ca-certificates > /dev/null && update-ca-certificates > /dev/null 2>&1 || true'
fi

environment=(PATH="$toolchain/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" HOME=/root
    LANG=C.UTF-8 TERM="${TERM:-dumb}")
while IFS='=' read -r name _; do
    case $name in CI|FOLDOUT_*) environment+=("$name=${!name}") ;; esac
done < <(env)

# The mounts, in the namespace's own script; $1 root, $2 toolchain, $3 source or "", then the command.
# shellcheck disable=SC2016 # expanded by the inner shell
inside='
set -e
root=$1 toolchain=$2 source=$3; shift 3
mount --make-rprivate /
# The root a mount point of its own: bubblewrap (the Flatpak check) remounts / inside it.
mount --bind "$root" "$root"
mount -t proc proc "$root/proc"
mount --rbind /sys "$root/sys"
mount --rbind /dev "$root/dev"
mount -t tmpfs -o mode=1777 tmpfs "$root/tmp"
mkdir -p "$root$toolchain" "$root/src"
mount --bind "$toolchain" "$root$toolchain"
[ -z "$source" ] || mount --bind "$source" "$root/src"
# The root becomes the namespace'"'"'s root mount (pivot_root), not just the process'"'"'s (chroot):
# bubblewrap, which the Flatpak check runs, finds its bind sources through the root mount.
mkdir -p "$root/.old-root"
cd "$root"
pivot_root . .old-root
umount -l /.old-root
exec /usr/bin/env -i "$@"
'
mounted_source=""
[ "$source" = no ] || mounted_source=$source_root
exec unshare --mount --fork -- bash -c "$inside" inside "$root" "$toolchain" "$mounted_source" \
    "${environment[@]}" bash -c 'cd /src 2>/dev/null || cd /; exec "$@"' run "$@"
