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
marked=$(grep -rlE '\b(tr|trn|trLater)\("' Sources --include='*.swift' | grep -v 'Sources/FoldoutCore/Localization.swift' | sort)
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
