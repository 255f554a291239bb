#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
# The settings app's translations, built from po/ into DEST:
#   DEST/locale/LANG/LC_MESSAGES/gesture-bridge.mo   one per po/LINGUAS language
#   DEST/io.github.gesture_bridge.Settings.desktop   with Name[LANG]=, Comment[LANG]=, …
#   DEST/io.github.gesture_bridge.Settings.metainfo.xml   with xml:lang= paragraphs
# scripts/install.sh and scripts/deb-settings.sh install these; the sources in
# data/settings/ stay English (the templates msgfmt --desktop/--xml read).
#   scripts/build-translations.sh DEST
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${1:?usage: scripts/build-translations.sh DEST}
command -v msgfmt >/dev/null || { echo "build-translations: msgfmt is missing (apt-get install gettext)" >&2; exit 2; }
app=io.github.gesture_bridge.Settings
mkdir -p "$dest"
for lang in $(grep -v '^#' po/LINGUAS); do
  mkdir -p "$dest/locale/$lang/LC_MESSAGES"
  msgfmt --check -o "$dest/locale/$lang/LC_MESSAGES/gesture-bridge.mo" "po/$lang.po"
done
msgfmt --desktop --template "data/settings/$app.desktop" -d po -o "$dest/$app.desktop"
msgfmt --xml --template "data/settings/$app.metainfo.xml" -d po -o "$dest/$app.metainfo.xml"
