# shellcheck shell=bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by local-check.sh: the throwaway fixtures made from this machine's files, never shipped:
# the runtime $runtime_id (and, with --builder, the SDK $sdk_id and a swift6 SDK extension),
# exported to the local OSTree repo $repo and installed from there (--user).

declare -A seen=()

# Prints where a host file lives in the runtime: files/ is /usr in the sandbox (/lib, /bin, /sbin, /lib64 link there).
runtime_path() { local path; path=$(realpath -m "$1"); path=${path#/usr}; echo "$files$path"; }

# Copies a host file's content into the runtime, under its own name, in its real folder: copy_file HOST_PATH.
copy_file() {
    local dest
    dest=$(dirname "$(runtime_path "$(realpath "$1")")")/$(basename "$1")
    [ -e "$dest" ] && return 0
    mkdir -p "$(dirname "$dest")"
    cp -L "$1" "$dest"
}

# Copies a host folder into the runtime with its links as they are: copy_tree HOST_DIR.
copy_tree() {
    [ -d "$1" ] || return 0
    local dest
    dest=$(runtime_path "$1")
    mkdir -p "$(dirname "$dest")"
    cp -a "$(realpath "$1")" "$dest"
}

# Copies every library the files load (ldd), and the files unless under $stage: copy_libraries ELF...
copy_libraries() {
    local queue=("$@") file line
    while [ ${#queue[@]} -gt 0 ]; do
        file=${queue[0]}
        queue=("${queue[@]:1}")
        [ -n "${seen[$file]:-}" ] && continue
        seen[$file]=1
        case $file in "$stage"/*) ;; *) copy_file "$file" ;; esac
        while read -r line; do
            case $line in
                *"=> not found"*) echo "warning: $file: $line" >&2 ;;
                *"=> /"*) line=${line#*=> }; queue+=("${line%% (*}") ;;
                /*) queue+=("${line%% (*}") ;;
            esac
        done < <(ldd "$file" 2>/dev/null || true)
    done
}

# Makes the runtime folder $runtime from this machine's files: foldout's libraries, loaders, data, metadata.
make_fixture_runtime() {
    local loaders_dir dconf_module elves loader dir
    say "Making the throwaway test runtime $runtime_id//$branch from this machine's files"
    runtime=$work/runtime
    files=$runtime/files
    mkdir -p "$files"

    loaders_dir=$(pkg-config --variable=gdk_pixbuf_moduledir gdk-pixbuf-2.0 2>/dev/null ||
        echo "/usr/lib/$multiarch/gdk-pixbuf-2.0/2.10.0/loaders")
    # dconf's GSettings backend, which the GNOME runtime carries too (Debian's GTK 4 depends on it);
    # GLib prefers its own key-file backend in a sandbox without access to dconf. No giomodule.cache:
    # the host's names modules the fixture leaves out, and GLib loads the module to learn what it is.
    dconf_module=$(pkg-config --variable=giomoduledir gio-2.0 2>/dev/null ||
        echo "/usr/lib/$multiarch/gio/modules")/libdconfsettings.so
    elves=("$stage/app/bin/$app_command" /usr/bin/dash /usr/sbin/ldconfig /usr/bin/env /usr/bin/cat /usr/bin/ls)
    for loader in "$loaders_dir"/*.so; do elves+=("$loader"); done
    if [ -f "$dconf_module" ]; then
        elves+=("$dconf_module")
        echo "with dconf's GIO module $dconf_module"
    else
        echo "without dconf's GIO module: $dconf_module is not installed (Debian: dconf-gsettings-backend)"
    fi
    copy_libraries "${elves[@]}"
    ln -sf dash "$files/bin/sh"
    ln -sf ../sbin/ldconfig "$files/bin/ldconfig"
    mkdir -p "$files/lib64"
    ln -sf "../lib/$multiarch/ld-linux-x86-64.so.2" "$files/lib64/ld-linux-x86-64.so.2"
    copy_file "$(dirname "$loaders_dir")/loaders.cache"
    # The machine's compiled locales (German and US English among them, install-deps.sh makes them)
    # stand in for the runtime's Locale extension: glibc 2.41 reads LANGUAGE only under a real
    # locale, not C or C.UTF-8.
    [ -f /usr/lib/locale/locale-archive ] && copy_file /usr/lib/locale/locale-archive
    for dir in /usr/lib/locale/C.utf8 /usr/share/fonts /usr/share/fontconfig /usr/share/icons/hicolor \
        /usr/share/icons/Adwaita /usr/share/mime /usr/share/X11/xkb /usr/share/X11/locale \
        /usr/share/glib-2.0/schemas /usr/share/gtk-4.0; do
        copy_tree "$dir"
    done
    mkdir -p "$files/etc"
    cp -a /etc/fonts "$files/etc/fonts"
    cp -a /etc/ld.so.conf /etc/ld.so.conf.d "$files/etc/"
    cat >"$runtime/metadata" <<EOF
[Runtime]
name=$runtime_id
runtime=$runtime_id/$arch/$branch
sdk=$sdk_id/$arch/$branch
EOF
    echo "runtime: $(find "$files" -type f | wc -l) files, $(du -sh "$files" | cut -f1)"
}

# Makes the OSTree repo $repo, exports the runtime to it and installs the runtime from it (--user).
install_fixture_runtime() {
    repo=$work/repo
    remote=foldout-local-check
    # An uncompressed repo: quick to commit into and to install from. The runtimes are installed from
    # it through a file:// remote; bundling them would spend minutes compressing.
    ostree init --repo="$repo" --mode=bare-user-only
    say "Exporting the runtime to the local OSTree repo $repo and installing it from there (--user)"
    flatpak build-export --runtime --files=files "$repo" "$runtime" "$branch" >/dev/null
    flatpak_user remote-add --no-gpg-verify "$remote" "file://$repo"
    flatpak_user install -y --noninteractive "$remote" "runtime/$runtime_id/$arch/$branch"
}

# Copies a folder as hard links where /usr and $work share a file system, else as a copy: link_or_copy FROM TO.
link_or_copy() { cp -al "$1" "$2" 2>/dev/null || cp -a "$1" "$2"; }

# Makes the SDK $sdk_id from /usr and the swift6 extension from the Swift toolchain on PATH, exports and installs them.
install_fixture_sdk() {
    local sdk=$work/sdk extension=$work/swift6 swift_usr dir
    say "Making the test SDK $sdk_id//$branch from /usr and the test swift6 extension from the Swift toolchain"
    swift_usr=$(dirname "$(dirname "$(realpath "$(command -v swift)")")")
    mkdir -p "$sdk/files" "$extension/files"
    # Hard links are safe: nothing writes to them, build-export only reads.
    for dir in /usr/*; do
        case ${dir#/usr/} in local|src|games) continue ;; esac
        link_or_copy "$dir" "$sdk/files/"
    done
    # Large and of no use to a build here: left out of the test SDK.
    rm -rf "$sdk/files/lib/jvm" "$sdk/files/lib/google-cloud-sdk" "$sdk/files/lib/postgresql" \
        "$sdk/files/share/doc" "$sdk/files/share/man" "$sdk/files/share/locale" "$sdk/files/share/package-lists"
    mkdir -p "$sdk/files/etc" "$sdk/files/lib/sdk"
    cp -a /etc/fonts /etc/ld.so.conf /etc/ld.so.conf.d "$sdk/files/etc/"
    cat >"$sdk/metadata" <<EOF
[Runtime]
name=$sdk_id
runtime=$runtime_id/$arch/$branch
sdk=$sdk_id/$arch/$branch

[Extension org.freedesktop.Sdk.Extension]
directory=lib/sdk
subdirectories=true
no-autodownload=true
version=$branch
EOF
    link_or_copy "$swift_usr/." "$extension/files/"
    cat >"$extension/metadata" <<EOF
[Runtime]
name=org.freedesktop.Sdk.Extension.swift6

[ExtensionOf]
ref=runtime/$sdk_id/$arch/$branch
EOF
    echo "SDK: $(du -sh "$sdk/files" | cut -f1); swift6 extension ($swift_usr): $(du -sh "$extension/files" | cut -f1)"
    flatpak build-export --runtime --files=files "$repo" "$sdk" "$branch" >/dev/null
    flatpak build-export --runtime --files=files "$repo" "$extension" "$branch" >/dev/null
    flatpak_user install -y --noninteractive "$remote" "runtime/$sdk_id/$arch/$branch" \
        "runtime/org.freedesktop.Sdk.Extension.swift6/$arch/$branch"
}
