# shellcheck shell=bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by local-check.sh: builds Foldout (meson into $stage, or flatpak-builder from the
# manifest with --builder), puts it into the app folder $appdir, and exports, bundles and installs it.

# Builds Foldout with meson, prefix /app, and installs it into $stage (with the real HOME: SwiftPM's state stays put).
build_with_meson() {
    say "Building Foldout with meson (--prefix=/app) in $build_dir"
    if [ -f "$build_dir/build.ninja" ]; then
        meson setup --reconfigure "$build_dir" "$source_root" --prefix=/app --buildtype=release >/dev/null
    else
        meson setup "$build_dir" "$source_root" --prefix=/app --buildtype=release >/dev/null
    fi
    meson compile -C "$build_dir"
    stage=$work/stage
    meson install -C "$build_dir" --destdir "$stage" --no-rebuild --quiet
    compile_staged_schemas
}

# Compiles the GSettings schemas in $stage/app, which meson's post-install skips under --destdir.
compile_staged_schemas() {
    local schemas=$stage/app/share/glib-2.0/schemas
    [ -d "$schemas" ] || return 0
    # gnome.post_install's glib-compile-schemas, as an install without --destdir (flatpak-builder's) runs it.
    glib-compile-schemas "$schemas"
    echo "compiled the GSettings schemas in $schemas (meson's post-install skips that under --destdir)"
}

# Points HOME and the XDG folders into $work, so that flatpak --user and ~/.var/app are throwaway ones.
use_throwaway_home() {
    export HOME=$work/home XDG_DATA_HOME=$work/home/.local/share XDG_CONFIG_HOME=$work/home/.config \
        XDG_CACHE_HOME=$work/home/.cache
    unset FLATPAK_USER_DIR
    mkdir -p "$HOME" "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME"
}

# Makes the app folder $appdir from meson's /app (build-init) and applies the manifest's finish-args.
put_app_folder_together() {
    appdir=$work/app
    say "Putting the app together: build-init, meson's /app, build-finish ${finish_args[*]}"
    flatpak build-init "$appdir" "$app_id" "$runtime_id" "$runtime_id" "$branch"
    cp -a "$stage/app/." "$appdir/files/"
    flatpak build-finish "$appdir" --command="$app_command" "${finish_args[@]}"
}

# Builds the app folder $appdir with flatpak-builder from the manifest, the runtime and SDK renamed to the fixtures'.
build_app_with_flatpak_builder() {
    local derived=$work/$app_id.json how="meson module, swift6 extension on PATH, finish-args"
    appdir=$work/app
    say "Building the app with flatpak-builder from the manifest (runtime and SDK names replaced)"
    python3 - "$manifest" "$derived" "$runtime_id" "$sdk_id" "$branch" "$source_root" <<'PYTHON'
import json, pathlib, sys
source, target, runtime, sdk, branch, root = sys.argv[1:]
manifest = json.load(open(source))
manifest.update({"runtime": runtime, "sdk": sdk, "runtime-version": branch})
# libpq's module downloads PostgreSQL's tarball; the test SDK, this machine's /usr, has libpq-dev.
manifest["modules"] = [module for module in manifest["modules"] if module.get("name") != "libpq"]
for module in manifest["modules"]:
    for entry in module.get("sources", []):
        if entry.get("type") == "dir" and entry.get("path") == ".":
            entry["path"] = root
            # SwiftPM scratch folders of any name would be copied in too: skip the ones there are.
            extra = sorted(p.name for p in pathlib.Path(root).glob(".build[-_]*"))
            entry["skip"] = entry.get("skip", []) + extra
json.dump(manifest, open(target, "w"), indent=4)
print(f"{target}: runtime {runtime}, sdk {sdk}, runtime-version {branch}; the rest as in {source}")
PYTHON
    if flatpak-builder --user --disable-rofiles-fuse --force-clean --state-dir="$work/builder-state" \
        "$appdir" "$derived" >"$work/builder.log" 2>&1; then
        tail -n 12 "$work/builder.log"
        record PASS "flatpak-builder built $app_id from the manifest offline ($how)"
    else
        tail -n 40 "$work/builder.log"
        record FAIL "flatpak-builder could not build the manifest (log above)"
        summary
    fi
}

# Exports the app folder to $repo, bundles it into foldout.flatpak and installs the bundle (--user).
install_app() {
    say "Exporting the app to $repo, bundling it, installing the bundle (--user)"
    flatpak build-export "$repo" "$appdir" >/dev/null
    flatpak build-bundle "$repo" "$work/foldout.flatpak" "$app_id"
    ostree --repo="$repo" refs | sed 's/^/repo ref: /'
    ls -l "$work/foldout.flatpak"
    flatpak_user install -y --noninteractive --bundle "$work/foldout.flatpak"
    flatpak_user list --columns=ref,origin
}
