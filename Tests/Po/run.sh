#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
# scripts/check-po.sh fails where it should: each of its checks run on a copy
# of the repository (Sources/, po/, scripts/, data/settings/) broken in one
# way, and each must fail saying what it found. The unbroken copy passes.
#
#   Tests/Po/run.sh          # every case (a few seconds; CI runs it after check-po.sh)
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
scratch=$(mktemp -d /tmp/gesture-bridge-po-test.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
failed=0

fresh() {
  rm -rf "$scratch/copy"; mkdir -p "$scratch/copy/data"
  cp -r "$repo/Sources" "$repo/po" "$repo/scripts" "$scratch/copy/"
  cp -r "$repo/data/settings" "$scratch/copy/data/"
}

# replace FILE OLD NEW: OLD must be in FILE exactly once.
replace() { "$repo/scripts/replace-once.py" "$scratch/copy/$1" "$2" "$3"; }

# expect NAME WANT: check-po.sh on the copy fails, and says WANT (a grep -E pattern).
expect() {
  local out
  if out=$("$scratch/copy/scripts/check-po.sh" 2>&1); then
    echo "Tests/Po: $1: check-po.sh passed a broken copy"; failed=1; return
  fi
  if grep -qE -- "$2" <<<"$out"; then
    echo "Tests/Po: $1: fails: $(grep -E -- "$2" <<<"$out" | head -1)"
  else
    echo "Tests/Po: $1: failed, but without /$2/:"; sed 's/^/    /' <<<"$out" | grep -v ' translated messages\.$'; failed=1
  fi
}

fresh
if ! out=$("$scratch/copy/scripts/check-po.sh" 2>&1); then
  echo "Tests/Po: the unbroken copy fails:"; echo "$out"; exit 1
fi
echo "Tests/Po: the unbroken copy passes"

# 1. A msgid marked in a module xgettext is not given (update-po.sh --check
#    cannot see it: the .pot is what xgettext makes of the files it reads).
fresh
printf 'func monitorWords() -> String { L("No gesture-bridge to watch on this display") }\n' \
  > "$scratch/copy/Sources/GestureClient/MonitorWords.swift"
expect "a msgid in a file update-po.sh does not read" \
  "GestureClient/MonitorWords.swift:1: L\('No gesture-bridge to watch on this display'\) is not in po/gesture-bridge.pot"

# 2. A Swift escape the C reader reads otherwise: the app asks for "Press the
#    Keys…", the .pot (update-po.sh run, as a developer would) holds something else.
fresh
replace Sources/gesture-bridge-settings/ActionPicker.swift 'L("Press the Keys…")' 'L("Press the Keys\u{2026}")'
(cd "$scratch/copy" && scripts/update-po.sh >/dev/null 2>&1)
expect "a \\u{…} escape" "ActionPicker.swift:[0-9]+: L\('Press the Keys…'\) is not in po/gesture-bridge.pot"

# 3. An interpolated literal (xgettext takes "\(n)" as text; gettext never finds it).
fresh
printf 'func saved(_ n: Int) -> String { L("Saved \\(n) files") }\n' >> "$scratch/copy/Sources/gesture-bridge-settings/Chord.swift"
(cd "$scratch/copy" && scripts/update-po.sh >/dev/null 2>&1)
expect "an interpolated msgid" "Chord.swift:[0-9]+: L\('Saved .*'\): an interpolated literal is not a msgid"

# 4. A settings description on two lines: update-po.sh's sed reads one line an entry.
fresh
replace Sources/GestureCore/4-Language/SettingTable.swift \
  '"slop": "How far a finger may move before a tap or a press fails.",' \
  $'"slop":\n            "How far a finger may move before a tap or a press fails.",'
(cd "$scratch/copy" && scripts/update-po.sh >/dev/null 2>&1)
expect "a description update-po.sh misses" "the description 'How far a finger may move before a tap or a press fails\.' is not in po/gesture-bridge.pot"

# 5. A call whose values miss its msgid's placeholder ({display} would show as written).
fresh
replace Sources/gesture-bridge-settings/StatusBanner.swift '["display": display]' '["screen": display]'
expect "a placeholder the call does not fill" "StatusBanner.swift:[0-9]+: L\('gesture-bridge is not running on \{display\}.*no value for \{display\}"

# 6. A translation that loses a placeholder (as before).
fresh
replace po/de.po 'msgstr "{gesture} gelöscht."' 'msgstr "Geste gelöscht."'
expect "a lost {placeholder}" "po/de.po: 'Deleted \{gesture\}\.': msgstr has \[\], the msgid \['gesture'\]"

# 7. A stray brace (fill() leaves it on screen).
fresh
replace po/fr.po 'msgstr "{gesture} supprimé."' 'msgstr "{gesture}} supprimé."'
expect "a stray brace" "po/fr.po: 'Deleted \{gesture\}\.': msgstr '\{gesture\}\} supprimé\.' has a brace"

# 8. A printf directive the msgid does not have (msgfmt checks only c-format messages; none is).
fresh
replace po/it.po 'msgstr "Disfa"' 'msgstr "Disfa %s"'
expect "a printf mismatch" "po/it.po: 'Undo': msgstr has the printf directives \['%s'\], the msgid \[\]"

# 9. Undo and Cancel one word again, in one dialog (French, as it was).
fresh
replace po/fr.po 'msgstr "Défaire"' 'msgstr "Annuler"'
expect "Undo and Cancel sharing a word" "po/fr.po: 'Cancel' and 'Undo' are both 'annuler' in the gesture form"

# 10. A new dialog with actions that no screen of check-po-distinct.py holds.
fresh
printf 'import CGtk\n@MainActor func confirm() { _ = UI.button(L("Cancel")) {}; _ = UI.button(L("Delete")) {} }\n' \
  > "$scratch/copy/Sources/gesture-bridge-settings/ConfirmDialog.swift"
expect "actions on no screen" "ConfirmDialog.swift has actions \(Cancel, Delete\) but no screen"

# 11. A diagnostic's Words (the command's messages, GestureCore) whose values miss a placeholder.
fresh
replace Sources/GestureConfig/ConfigBindings.swift '["key": key, "hint": Suggest.words(key, Self.stepKeys)]' '["name": key, "hint": Suggest.words(key, Self.stepKeys)]'
expect "a Words placeholder the call does not fill" "ConfigBindings.swift:[0-9]+: Words\\(.unknown key '\\{key\\}' in on-step.*no value for \\{key\\}"

# 12. A stale .pot (as before).
fresh
replace Sources/gesture-bridge-settings/TryItPage.swift 'L("Fit to my hands")' 'L("Fit it to my hands")'
expect "a .pot out of date" "po/gesture-bridge.pot is out of date"

exit $failed
