#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Does Foldout still build with Swift 6.0, the oldest compiler the Flatpak's SDK extension
# (org.freedesktop.Sdk.Extension.swift6) may carry? Package.swift declares swift-tools-version 6.0,
# so nothing newer may be used unless guarded by `#if compiler(>=6.1)` / `#if compiler(>=6.2)`
# with a fallback.
#
#   build-aux/check-swift-6.0.sh              # --scan, then --build when a Swift 6.0 root exists
#   build-aux/check-swift-6.0.sh --scan       # parts 1 and 2 only (seconds, no Swift 6.0 needed)
#   build-aux/check-swift-6.0.sh --build      # part 3 only; exit 77 (skipped) without the root
#   build-aux/check-swift-6.0.sh --setup      # make the Swift 6.0 root (root user, ~3 GB, minutes)
#
# The 6.3 (or other) toolchain for parts 1 and 2 is `swift` on PATH, or $SWIFT. meson test runs
# --scan as swift-6.0-scan and --build as swift-6.0-build (suite flatpak; skipped without the root).
#
# What it checks:
#  1. (--scan) build-aux/swift-6.0-scan.py reads every .swift file under Sources/, Tests/ and
#     Benchmarks/ (comments and string literals blanked) and fails on each use, outside an
#     `#if compiler(>=6.1)`/`(>=6.2)`/`(>=6.3)` branch, of what Swift 6.1 or later added:
#       - language (the version that brought each): 6.1: trailing commas where 6.0 refuses them
#         (before `)` or `>`, in a closure capture list, ending an if/guard/while condition list),
#         `nonisolated` on a type or an extension, withTaskGroup/withThrowingTaskGroup without
#         `of:`; 6.2: InlineArray sugar `[N of T]`, integer generic parameters `<let N: Int>`, raw
#         identifiers (`func `a b`()`), `@concurrent`, `nonisolated(nonsending)`, `isolated
#         deinit`, global-actor conformances `: @MainActor P`, `unsafe` expressions, `@safe` and
#         `@unsafe`, `weak let`, `@abi`, `~Escapable`, `@lifetime`/`@_lifetime`, Task.immediate,
#         task names (`Task(name:)`, `addTask(name:)`), key paths to methods (`\.name()`),
#         interpolations with `default:`; 6.3: `@c`, module selectors (`Module::name`).
#         `build-aux/swift-6.0-scan.py --self-test` checks each pattern on samples of both kinds;
#       - standard library: every top-level type, protocol, type alias, macro and global function
#         of the installed toolchain's Swift, _Concurrency, Synchronization, Observation and
#         _StringProcessing interfaces that Swift 6.0 lacks. With the Swift 6.0 root of part 3,
#         exactly the names its own interfaces lack (6.3.1 against 6.0.3: CChar8, InlineArray,
#         Span, RawSpan, MutableSpan, MutableRawSpan, OutputSpan, OutputRawSpan, UTF8Span,
#         SendableMetatype, Observations, extendLifetime); without it, those whose @available
#         names a macOS release after 15.0 (the one that shipped Swift 6.0's runtime) plus that
#         list, as Span and its kin are marked back-deployed yet unknown to a 6.0 compiler.
#  2. (--scan) Package.swift: its `// swift-tools-version:` is 6.0, and `swift package
#     dump-package` accepts it. That one is the compiler's own word: SwiftPM gives a manifest the
#     PackageDescription API of the tools version it declares, so an API added in 6.1 or later
#     is an error there even with a 6.3 toolchain.
#  3. (--build) the real thing: every target and test target compiled by Debian's Swift 6.0.3
#     (package swiftlang in Debian 13 "trixie"), in a trixie root made by --setup with
#     debootstrap (default /var/tmp/foldout-swift-6.0, or $FOLDOUT_SWIFT_6_0_ROOT) and run with
#     bubblewrap; the sources are copied in, the work tree is not written to. This catches
#     everything 1 misses (Foundation API, type-checker and concurrency-checker differences,
#     SwiftPM 6.0's handling of the targets) but needs the root: about 3 GB, made once.
#
# What it cannot see:
#  - Without the Swift 6.0 root (part 3 skipped), only what 1 and 2 list: a stdlib *member* added
#    after 6.0 (a method or property such as `Array.span` or `String.utf8Span`) is not in the
#    scan's list, and neither is Foundation API (swift-corelibs-foundation has no availability
#    marks on Linux), nor a type-checking or Sendable-checking rule that 6.0 applied differently.
#    The 6.3 compiler cannot help here: `-swift-version 6` / `-language-mode 6` pick a language
#    *mode*, not a compiler release, so every 6.1–6.3 feature stays on; `-min-swift-runtime-version
#    6.0` (with or without -enable-experimental-feature SwiftRuntimeAvailability) changes nothing
#    on Linux, where the stdlib's availability marks name Apple platforms only (tried with 6.3.1).
#  - A failing part 3 lists the errors of the compiler jobs that ran: targets that depend on a
#    failed one are not compiled, and a module's other files may stop with the first failing job,
#    so fix what it lists and run it again.
#  - The scan is a pattern match, not a parser: a construct spelled in an unusual way (across
#    lines, or built by a macro) can slip through; part 3 is the authority.
#  - Part 3 is Swift 6.0.3 on Debian's build of it against trixie's GTK 4.18, not the Flatpak SDK
#    extension's own 6.0.x build against the GNOME runtime's GTK; C-level differences between
#    those GTK versions are checked by the code's GTK_CHECK_VERSION gates, not here.
set -euo pipefail
cd "$(dirname "$0")/.."
source_root=$(pwd)
root=${FOLDOUT_SWIFT_6_0_ROOT:-/var/tmp/foldout-swift-6.0}
suite=trixie

mode=all
case "${1:-}" in
    "") ;;
    --scan) mode=scan ;;
    --build) mode=build ;;
    --setup) mode=setup ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "check-swift-6.0: unknown argument “$1” (try --help)" >&2; exit 2 ;;
esac

# Debian's /usr/bin/swift is an absolute link (to /usr/libexec/swift/bin/swift): look at the target.
swift_in_root() { [ -x "$root/usr/libexec/swift/bin/swift" ] && [ -x "$root/usr/bin/pkg-config" ]; }

setup() {
    [ "$(id -u)" -eq 0 ] || { echo "check-swift-6.0: --setup needs root (debootstrap, chroot)" >&2; exit 2; }
    if swift_in_root; then echo "check-swift-6.0: $root already has Swift: $(swift_version)"; return; fi
    local need=() package
    for package in debootstrap bubblewrap; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || need+=("$package")
    done
    if [ ${#need[@]} -gt 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need[@]}"
    fi
    # The Debian mirror this machine's apt already uses (its main archive, not the security one).
    local mirror
    mirror=$(apt-cache policy | awk '/^ +[0-9]+ [a-z]+:\/\// {url=$2; next} /release .*o=Debian,.*l=Debian,/ && url {print url; exit}')
    [ -n "$mirror" ] || { echo "check-swift-6.0: no Debian archive in this machine's apt sources" >&2; exit 2; }
    echo "check-swift-6.0: making a Debian $suite root in $root from $mirror (a few minutes)"
    mkdir -p "$root"
    debootstrap --variant=minbase "$suite" "$root" "$mirror"
    mount -t proc proc "$root/proc"
    trap 'umount "$root/proc" 2>/dev/null || true' EXIT
    chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends swiftlang libgtk-4-dev pkg-config
    chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin apt-get clean
    umount "$root/proc"
    trap - EXIT
    echo "check-swift-6.0: $root: $(swift_version)"
}

in_root() { # in_root COMMAND...: run in the Swift 6.0 root, with /src and /scratch
    bwrap --bind "$root" / --proc /proc --dev /dev --tmpfs /tmp --unshare-all --die-with-parent \
        --setenv PATH /usr/bin:/bin --setenv HOME /tmp --setenv LANG C.UTF-8 --chdir / "$@"
}

swift_version() { in_root swift --version 2>&1 | head -n 1; }

scan() {
    local status=0
    echo "== 1. post-6.0 language features and standard library names in Sources/, Tests/, Benchmarks/"
    local swift_bin
    swift_bin=$(command -v "${SWIFT:-swift}" || true)
    local scan_args=()
    [ -n "$swift_bin" ] && scan_args+=(--toolchain "$(dirname "$(dirname "$(realpath "$swift_bin")")")")
    [ -n "$swift_bin" ] && swift_in_root && scan_args+=(--baseline "$root/usr/libexec/swift/lib/swift/linux")
    python3 build-aux/swift-6.0-scan.py --self-test || status=1
    python3 build-aux/swift-6.0-scan.py "${scan_args[@]}" Sources Tests Benchmarks Plugins || status=1

    echo "== 2. Package.swift against the PackageDescription API of swift-tools-version 6.0"
    local declared
    declared=$(head -n 1 Package.swift)
    if [[ $declared =~ ^//\ ?swift-tools-version:\ ?6\.0(\.0)?$ ]]; then
        echo "PASS: Package.swift declares $declared"
    else
        echo "FAIL: Package.swift's first line is “$declared”, not swift-tools-version 6.0"; status=1
    fi
    if [ -z "$swift_bin" ]; then
        echo "SKIP: swift is not on PATH (nor in \$SWIFT), so swift package dump-package was not run"
    else
        local scratch output
        scratch=$(mktemp -d)
        if output=$("$swift_bin" package --package-path "$source_root" --scratch-path "$scratch" \
                --cache-path "$scratch/cache" --config-path "$scratch/config" --security-path "$scratch/security" \
                dump-package 2>&1 >/dev/null); then
            echo "PASS: $("$swift_bin" --version 2>/dev/null | head -n 1 | sed 's/ (.*//') reads Package.swift with the 6.0 PackageDescription API"
        else
            printf '%s\n' "$output"
            echo "FAIL: swift package dump-package refuses Package.swift (an API newer than its tools version?)"; status=1
        fi
        rm -rf "$scratch"
    fi
    return "$status"
}

diagnostics() { # diagnostics error|warning: the build log's distinct ones, named by work-tree path
    grep -E "^/var/tmp/foldout-src/[^ ]+:[0-9]+:[0-9]+: $1:" "$root/var/tmp/foldout-build.log" |
        sed 's|^/var/tmp/foldout-src/||' | sort -u -t: -k1,1 -k2,2n -k3,3n -k4 || true
}

build() {
    echo "== 3. every target built by Swift 6.0 (Debian $suite's swiftlang in $root)"
    if ! swift_in_root; then
        echo "SKIP: no Swift 6.0 root at $root (make it with: sudo build-aux/check-swift-6.0.sh --setup)"
        return 77
    fi
    command -v bwrap >/dev/null || { echo "SKIP: bubblewrap (bwrap) is not installed"; return 77; }
    local version
    version=$(swift_version)
    case $version in
        *"Swift version 6.0"*) ;;
        *) echo "FAIL: $root has “$version”, not Swift 6.0"; return 1 ;;
    esac
    echo "compiler: $version"
    # A copy of what SwiftPM reads, so the build neither writes into nor races with the work tree.
    local work=$root/var/tmp/foldout-src
    rm -rf "$work"
    mkdir -p "$work" "$root/var/tmp/foldout-scratch"
    # Clang's module cache misses headers added to a C target's include/ folder: start it afresh.
    rm -rf "$root"/var/tmp/foldout-scratch/*/debug/ModuleCache
    cp -a Package.swift Sources Tests Benchmarks Plugins Resources "$work/"
    rm -rf "$work/Benchmarks/bin"
    local log=$root/var/tmp/foldout-build.log
    local started=$SECONDS
    if in_root swift build --package-path /var/tmp/foldout-src --scratch-path /var/tmp/foldout-scratch \
            --build-tests -j "$(nproc)" >"$log" 2>&1; then
        echo "PASS: Swift 6.0 built every target and test target ($(( SECONDS - started ))s," \
            "$(diagnostics warning | wc -l) distinct warnings; log $log)"
    else
        diagnostics error
        echo "FAIL: Swift 6.0 could not build the package: $(diagnostics error | wc -l) distinct errors above" \
            "(a target that depends on a failed one is not compiled at all; full log: $log)"
        return 1
    fi
}

case $mode in
    setup) setup ;;
    scan) scan ;;
    build) build ;;
    all)
        status=0
        scan || status=1
        build_status=0
        build || build_status=$?
        [ "$build_status" -eq 77 ] || [ "$build_status" -eq 0 ] || status=1
        exit "$status"
        ;;
esac
