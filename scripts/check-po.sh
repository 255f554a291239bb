#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
# Every language of po/LINGUAS complete and well-formed:
#  - `msgfmt --check --statistics`: no error, 0 untranslated, 0 fuzzy;
#  - each translation keeps its msgid's {placeholders} (Localization.swift
#    fills them by name: a lost or misspelt one would show as text);
#  - the .pot is what scripts/update-po.sh makes of the sources now.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/update-po.sh --check
fail=0
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
exit $fail
