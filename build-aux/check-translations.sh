#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails when a translatable string could be missed: a Swift source that calls tr, trn or trLater
# on a string literal but is not in po/POTFILES (or a listed file that is gone), or a message
# xgettext extracts that a language in po/LINGUAS does not translate. The placeholders of each
# translation are checked by LocalizationTests. Needs gettext (xgettext, msgcmp, msgfmt).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
listed=$(grep -v '^#' po/POTFILES | grep -v '^$' | sort)
# The files with a marked message, as xgettext itself finds them (a call wrapped over lines too):
# it reads every Swift source of the modules that show text (the tools' and benchmark's are
# English by design), and the files its messages come from are the marked ones.
every=$(mktemp --suffix=.pot)
find Sources/FoldoutCore Sources/CatalogFormats Sources/FoldoutUI Sources/foldout -name '*.swift' \
    ! -path Sources/FoldoutCore/Localization.swift | sort > "$every.list"
xgettext --from-code=UTF-8 --keyword=tr --keyword=trn:1,2 --keyword=trLater --files-from="$every.list" \
    --directory=. --output="$every" 2> >(grep -v "extension 'swift' is unknown" >&2)
marked=$( (grep '^#: ' "$every" || true) | tr ' ' '\n' | grep -E '^Sources/.*\.swift:[0-9]+$' | sed 's/:[0-9]*$//' | sort -u)
rm -f "$every" "$every.list"
for file in $(comm -13 <(echo "$listed") <(echo "$marked")); do
    echo "check-translations: $file marks strings for translation but is not in po/POTFILES" >&2; status=1
done
for file in $listed; do
    [ -f "$file" ] || { echo "check-translations: po/POTFILES lists $file, which does not exist" >&2; status=1; }
done
pot=$(mktemp --suffix=.pot)
trap 'rm -f "$pot"' EXIT
build-aux/extract-messages.sh "$pot"
grep -v '^#' po/LINGUAS | while read -r lang; do
    [ -n "$lang" ] || continue
    msgcmp "po/$lang.po" "$pot" || { echo "check-translations: po/$lang.po lacks the messages above" >&2; exit 1; }
    stats=$(msgfmt --check --statistics -o /dev/null "po/$lang.po" 2>&1)
    case $stats in
        *fuzzy*|*untranslated*) echo "check-translations: po/$lang.po: $stats" >&2; exit 1 ;;
    esac
    echo "check-translations: po/$lang.po: $stats"
done || status=1
exit "$status"
