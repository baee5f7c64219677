#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the message template of every file in po/POTFILES to OUTPUT.pot, as meson's
# foldout-pot target does (keep the keywords in step with po/meson.build). Swift is read as C,
# which is what xgettext does by itself for an unknown extension; its warning about that is dropped.
#
#   extract-messages.sh OUTPUT.pot
set -euo pipefail
cd "$(dirname "$0")/.."
xgettext --from-code=UTF-8 --keyword=tr --keyword=trn:1,2 --keyword=trLater --add-comments=TRANSLATORS: \
    --files-from=po/POTFILES --directory=. --output="$1" 2> >(grep -v "extension 'swift' is unknown" >&2)
