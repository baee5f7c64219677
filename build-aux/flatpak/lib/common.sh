# shellcheck shell=bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by local-check.sh: what the check needs (packages, the manifest's values, a scratch
# folder), its output (steps, PASS/FAIL/SKIP results, the summary) and the cleanup on exit.

declare -a results=()
failures=0

# Prints a step's title with the seconds since the start.
say() { printf '\n== %s (%ss)\n' "$*" "$(( $(date +%s) - started ))"; }

# Prints an error and exits 2.
die() { echo "local-check: $*" >&2; exit 2; }

# Runs flatpak on the --user installation (the throwaway one once use_throwaway_home has run).
flatpak_user() { flatpak --user "$@"; }

# Records and prints a result: record PASS|FAIL|SKIP "what".
record() {
    results+=("$1  $2")
    [ "$1" = FAIL ] && failures=$((failures + 1))
    echo "$1: $2"
}

# Prints every result and the summary line; exits 0 when nothing failed, 1 otherwise.
summary() {
    local elapsed passed skipped
    elapsed=$(( $(date +%s) - started ))
    echo
    echo "== Summary ($elapsed s in all)"
    printf '  %s\n' "${results[@]}"
    passed=$(printf '%s\n' "${results[@]}" | grep -c '^PASS' || true)
    skipped=$(printf '%s\n' "${results[@]}" | grep -c '^SKIP' || true)
    if [ "$failures" -eq 0 ]; then
        echo "local-check: PASS: $passed passed, 0 failed, $skipped skipped ($elapsed s)"
        exit 0
    fi
    echo "local-check: FAIL: $passed passed, $failures failed, $skipped skipped ($elapsed s)"
    exit 1
}

# Installs the Debian packages the check needs that are missing, then what install-deps.sh installs.
install_packages() {
    local packages missing package sudo
    # librsvg2-common: flatpak checks an exported SVG icon through gdk-pixbuf's SVG loader.
    packages=(flatpak ostree xvfb xauth dbus xdotool meson ninja-build desktop-file-utils appstream gettext
        libglib2.0-bin python3 librsvg2-common)
    # flatpak-builder strips with eu-strip and composes AppStream with appstream-compose inside the SDK.
    [ "$builder" = yes ] && packages+=(flatpak-builder elfutils appstream-util)
    missing=()
    for package in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        say "Installing ${missing[*]}"
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        DEBIAN_FRONTEND=noninteractive $sudo apt-get update -q
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
    fi
    "$source_root/build-aux/install-deps.sh"
    command -v swift >/dev/null || die "swift is not on PATH"
}

# Prints a top-level value of the manifest: manifest_value KEY.
manifest_value() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$manifest" "$1"; }

# Reads the app's id, command and finish-args from the manifest, and the version from meson.build.
read_manifest() {
    app_id=$(manifest_value id)
    app_command=$(manifest_value command)
    mapfile -t finish_args < <(python3 -c \
        'import json, sys; print("\n".join(json.load(open(sys.argv[1]))["finish-args"]))' "$manifest")
    version=$(meson introspect --projectinfo "$source_root/meson.build" |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
}

# Makes the scratch folder $work and has cleanup run on exit, also after an interrupt.
make_scratch_folder() {
    work=$(mktemp -d "${TMPDIR:-/tmp}/foldout-flatpak-check.XXXXXX")
    real_home=$HOME
    trap cleanup EXIT
    trap 'exit 130' INT TERM
}

# Uninstalls all the check installed and removes $work (unless KEEP=1); exits with the status it had.
# shellcheck disable=SC2317 # run by the EXIT trap
cleanup() {
    local status=$? left remote
    trap - EXIT INT TERM
    echo
    echo "== Cleaning up"
    if [ -d "$work/home" ]; then
        export HOME=$work/home XDG_DATA_HOME=$work/home/.local/share
        flatpak_user uninstall -y --noninteractive --all >/dev/null 2>&1 || true
        for remote in $(flatpak_user remotes --columns=name 2>/dev/null); do
            flatpak_user remote-delete --force "$remote" >/dev/null 2>&1 || true
        done
        left=$(flatpak_user list --columns=ref 2>/dev/null || true)
        if [ -z "$left" ]; then
            echo "uninstalled what this check installed; nothing left"
        else
            echo "still installed: $left"
        fi
    fi
    if [ "${KEEP:-0}" = 1 ]; then
        echo "kept $work (KEEP=1)"
    else
        # Folders only: the fixture SDK's files may be hard links to this machine's /usr.
        find "$work" -type d ! -perm -u+w -exec chmod u+w {} + 2>/dev/null || true
        rm -rf "$work"
        echo "removed $work"
    fi
    export HOME=$real_home
    exit "$status"
}
