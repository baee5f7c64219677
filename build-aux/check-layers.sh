#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The layering rule, checked by the compiler: only Sources/Gtk (and the C targets) touch GTK's C API.
# `swiftc -emit-imported-modules` lists what each target's sources import, as the compiler reads them
# (conditional compilation evaluated, every spelling of `import` understood), and a target that
# imports a module outside its allowed list fails the check. SwiftPM's own
# `--explicit-target-dependency-import-check error` (which build-aux/test.sh also uses) catches an
# import of a package target that is not declared, but allows any module a dependency brings, such
# as CGtk through Gtk; this closes that gap.
#
#   build-aux/check-layers.sh      # exit 1, naming the target and the module, on a violation
set -euo pipefail
cd "$(dirname "$0")/.."
declare -A allowed=(
    [FoldoutCore]="Swift Glibc Synchronization"
    [CatalogFormats]="Swift Glibc Synchronization Dispatch FoldoutCore CArchive CIsal CSQLite CGLib CPQ CXML2 CFreeXL"
    [FoldoutUI]="Swift Glibc Synchronization FoldoutCore CatalogFormats Gtk"
    [foldout]="Swift Glibc FoldoutUI"
    [foldout-bench]="Swift Glibc Dispatch Synchronization FoldoutCore CatalogFormats FoldoutUI Gtk PostgresTesting"
)
status=0
for target in "${!allowed[@]}"; do
    mapfile -t sources < <(find "Sources/$target" -name '*.swift' | sort)
    imported=$(swiftc -emit-imported-modules -module-name "${target//-/_}" "${sources[@]}")
    for module in $imported; do
        if [[ " ${allowed[$target]} " != *" $module "* ]]; then
            echo "check-layers: $target imports $module (allowed: ${allowed[$target]})" >&2
            status=1
        fi
    done
done
[ "$status" -eq 0 ] && echo "check-layers: FoldoutCore, CatalogFormats, FoldoutUI, foldout and foldout-bench import no C module of GTK"
exit "$status"
