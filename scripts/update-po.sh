#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
# po/gesture-bridge.pot from the settings app's sources, then each
# po/LANG.po of po/LINGUAS merged with it (new msgids arrive untranslated,
# scripts/check-po.sh then fails until they are translated).
#
# xgettext has no Swift reader; its C reader reads Swift's "…" literals
# (the app uses no raw or interpolated msgids). The keywords are
# Localization.swift's: L(msgid), Ln(singular, plural, n), Lc(context, msgid),
# LN(msgid) and LcN(context, msgid) (marked only). The gesture kinds' words
# are GestureCore's table (GestureSpec.swift's Msgid(msgid), Msgid(context,
# msgid)), shown through L()/Lc(). The settings' descriptions
# are GestureCore's table (SettingTable.swift's SettingField.descriptions), shown through L().
# The command's words: L/Ln/Lc in Sources/gesture-bridge (status, check, …),
# and the messages the modules under it name as GestureCore's Words("…", [values])
# (the config loader's diagnostics, the daemon's state as status reads it back),
# from every module (keyword Words, anywhere under Sources/).
# The desktop entry and the metainfo are read with gettext's own rules.
#
#   scripts/update-po.sh          # rewrite the .pot and merge every .po
#   scripts/update-po.sh --check  # exit 1 when the .pot is not up to date
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The descriptions as C calls, so xgettext sees them as msgids.
sed -n '/static let descriptions/,/^    \]/p' Sources/GestureCore/4-Language/SettingTable.swift \
  | sed -n 's/^ *"[a-z-]*": \(".*"\),$/L(\1);/p' > "$tmp/settings-descriptions.c"
[ -s "$tmp/settings-descriptions.c" ] || { echo "update-po.sh: no descriptions found in SettingTable.swift" >&2; exit 1; }

common=(--from-code=UTF-8 --add-comments=TRANSLATORS: --sort-by-file --package-name=gesture-bridge
        --msgid-bugs-address=https://github.com/gesture-bridge/gesture-bridge/issues)
# The app's CSS is a Swift multi-line string, which the C reader calls unterminated: harmless.
xgettext "${common[@]}" -L C --keyword= --keyword=L --keyword=Ln:1,2 --keyword=Lc:1c,2 --keyword=LN \
  --keyword=LcN:1c,2 -o "$tmp/code.pot" Sources/GestureSettingsModel/*.swift Sources/gesture-bridge-settings/*.swift \
  2> >(grep -v "unterminated string literal" >&2)
xgettext "${common[@]}" -L C --keyword= --keyword=L --keyword=Ln:1,2 --keyword=Lc:1c,2 --keyword=LN \
  --keyword=LcN:1c,2 -o "$tmp/command.pot" Sources/gesture-bridge/*.swift \
  2> >(grep -v "unterminated string literal\|unterminated character constant" >&2)
xgettext "${common[@]}" -L C --keyword= --keyword=Words -o "$tmp/words.pot" $(find Sources -name '*.swift' | LC_ALL=C sort) \
  2> >(grep -v "unterminated string literal\|unterminated character constant" >&2)
xgettext "${common[@]}" -L C --keyword=L --no-location -o "$tmp/settings.pot" "$tmp/settings-descriptions.c"
xgettext "${common[@]}" -L C --keyword= --keyword=Msgid:1,1t --keyword=Msgid:1c,2,2t -o "$tmp/kinds.pot" \
  Sources/GestureCore/4-Language/GestureSpec.swift
xgettext "${common[@]}" -o "$tmp/data.pot" data/settings/io.github.gesture_bridge.Settings.desktop \
  data/settings/io.github.gesture_bridge.Settings.metainfo.xml
msgcat --use-first "$tmp/code.pot" "$tmp/kinds.pot" "$tmp/settings.pot" "$tmp/command.pot" "$tmp/words.pot" "$tmp/data.pot" \
  | sed -e 's/^"Content-Type: text\/plain; charset=CHARSET\\n"/"Content-Type: text\/plain; charset=UTF-8\\n"/' \
        -e '/^"POT-Creation-Date: /d' > "$tmp/gesture-bridge.pot"

if [ "${1:-}" = --check ]; then
  if ! diff -q <(grep -v '^#:' "$tmp/gesture-bridge.pot") <(grep -v '^#:' po/gesture-bridge.pot) >/dev/null; then
    echo "update-po.sh: po/gesture-bridge.pot is out of date: run scripts/update-po.sh" >&2
    exit 1
  fi
  exit 0
fi
cp "$tmp/gesture-bridge.pot" po/gesture-bridge.pot
for lang in $(grep -v '^#' po/LINGUAS); do
  [ -f "po/$lang.po" ] || continue
  msgmerge --quiet --update --backup=none --no-fuzzy-matching --sort-by-file "po/$lang.po" po/gesture-bridge.pot
done
echo "po/gesture-bridge.pot: $(grep -c '^msgid ' po/gesture-bridge.pot) msgids (with the header)"
