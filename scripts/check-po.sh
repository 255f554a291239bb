#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
# Every language of po/LINGUAS complete and well-formed:
#  - `msgfmt --check --statistics`: no error, 0 untranslated, 0 fuzzy;
#  - each translation keeps its msgid's format: its {placeholders}
#    (Localization.swift fills them by name: a lost or misspelt one would
#    show as text), no stray brace, the same printf directives
#    (scripts/check-po-placeholders.py; msgfmt --check checks printf
#    formats only in messages flagged c-format, and none is);
#  - the .pot is what scripts/update-po.sh makes of the sources now;
#  - every msgid the sources mark (L, Ln, Lc, LN, LcN, Msgid, in any file
#    under Sources/, read as Swift) is in the .pot, and each call's values
#    fill its placeholders (scripts/check-po-sources.py);
#  - two actions of one screen never share a translation (Undo and Cancel:
#    scripts/check-po-distinct.py).
# Tests/Po/run.sh shows each of these fail on a broken copy.
set -euo pipefail
cd "$(dirname "$0")/.."
fail=0
# Each check says what it finds; all of them run.
scripts/update-po.sh --check || fail=1
for lang in $(grep -v '^#' po/LINGUAS); do
  po=po/$lang.po
  [ -f "$po" ] || { echo "check-po: $po is missing (po/LINGUAS lists $lang)"; fail=1; continue; }
  if ! stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$po" 2>&1); then
    echo "check-po: $po: $stats"; fail=1; continue
  fi
  case "$stats" in
    *untranslated*|*fuzzy*) echo "check-po: $po incomplete: $stats"; fail=1 ;;
    *) echo "check-po: $lang: $stats" ;;
  esac
done
/usr/bin/env python3 scripts/check-po-placeholders.py po/*.po || fail=1
/usr/bin/env python3 scripts/check-po-sources.py . || fail=1
/usr/bin/env python3 scripts/check-po-distinct.py . || fail=1
exit $fail
