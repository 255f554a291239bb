#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
# scripts/state-tables.py and scripts/check-layout.py fail where they should:
# each run on a copy (the docs and their printed tables; the README, Package.swift,
# Sources/ and Tests/ folders) broken in one way, and each must fail saying what
# it found. The unbroken copies pass.
#
#   Tests/DocChecks/run.sh      # every case (seconds once the tests are built; CI runs it after the checks)
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
scratch=$(mktemp -d /tmp/gesture-bridge-doc-checks.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
failed=0

# replace FILE OLD NEW: OLD must be in FILE exactly once.
replace() { "$repo/scripts/replace-once.py" "$1" "$2" "$3"; }

# expect NAME WANT COMMAND...: COMMAND fails, and says WANT (a grep -E pattern).
expect() {
  local name=$1 want=$2 out; shift 2
  if out=$("$@" 2>&1); then
    echo "Tests/DocChecks: $name: passed a broken copy"; failed=1; return
  fi
  if grep -qE -- "$want" <<<"$out"; then
    echo "Tests/DocChecks: $name: fails: $(grep -E -- "$want" <<<"$out" | head -1)"
  else
    echo "Tests/DocChecks: $name: failed, but without /$want/:"; sed 's/^/    /' <<<"$out"; failed=1
  fi
}

# --- scripts/state-tables.py: the tables printed once, from the real rows.
scripts/state-tables.py --print "$scratch/tables" >/dev/null
tables() { rm -rf "$scratch/docs" "$scratch/t"; cp -r "$repo/docs" "$scratch/docs"; cp -r "$scratch/tables" "$scratch/t"; }
check_tables() { scripts/state-tables.py --tables "$scratch/t" --docs "$scratch/docs"; }

tables
if ! out=$(check_tables 2>&1); then echo "Tests/DocChecks: the unbroken docs fail:"; echo "$out"; exit 1; fi
echo "Tests/DocChecks: the unbroken docs pass"

# 1. A doc's table edited by hand: one cell of FollowMachine's table.
tables
replace "$scratch/docs/engine.md" "| awaiting | moved | awaiting | — | awaiting, moved: held back |" \
  "| following | moved | awaiting | — | awaiting, moved: held back |"
expect "a cell of a doc's table changed" "engine.md:[0-9]+: state-table follow-machine is not what its test's rows print" check_tables
if out=$(check_tables 2>&1); then :; fi
grep -q "^-| following | moved | awaiting | — | awaiting, moved: held back |" <<<"$out" \
  || { echo "Tests/DocChecks: the diff does not show the changed line"; failed=1; }

# 2. A row added to a test (its printed table has one line more than the docs).
tables
printf '| idle | tick | idle | — | idle, a tick: nothing |\n' >>"$scratch/t/pointer-stroke-machine.md"
expect "a test's row the docs lack" "pointer-strokes.md:[0-9]+: state-table pointer-stroke-machine is not what" check_tables

# 3. A row taken out of a doc's table.
tables
python3 - "$scratch/docs/engine.md" <<'EOF'
import sys
p = sys.argv[1]
lines = open(p, encoding="utf-8").read().split("\n")
lines.remove(next(l for l in lines if l.startswith("| accepted | grabEnded | — | lift |")))
open(p, "w", encoding="utf-8").write("\n".join(lines))
EOF
expect "a row gone from a doc's table" "state-table touch-ownership is not what its test's rows print" check_tables

# 4. A table with no place in the docs (its markers removed).
tables
replace "$scratch/docs/pointer-strokes.md" "<!-- state-table: pointer-stroke-machine -->" ""
expect "a printed table without its place" "pointer-stroke-machine \(printed by its test\) has no place" check_tables

# 5. A doc naming a table no test prints.
tables
replace "$scratch/docs/pointer-strokes.md" "<!-- state-table: pointer-stroke-machine -->" "<!-- state-table: pointer-strokes -->"
expect "a table no test prints" "state-table pointer-strokes: no table test prints it" check_tables

# 6. A block never closed.
tables
python3 - "$scratch/docs/pointer-strokes.md" <<'EOF'
import sys
p = sys.argv[1]
text = open(p, encoding="utf-8").read()
open(p, "w", encoding="utf-8").write(text.replace("<!-- /state-table -->", "", 1))
EOF
expect "a block never closed" "state-table pointer-stroke-machine is never closed" check_tables

# 7. --write puts back what case 1 broke, and nothing else.
tables
replace "$scratch/docs/engine.md" "| awaiting | moved | awaiting | — | awaiting, moved: held back |" \
  "| following | moved | awaiting | — | awaiting, moved: held back |"
scripts/state-tables.py --write --tables "$scratch/t" --docs "$scratch/docs" >/dev/null
if ! diff -r "$repo/docs" "$scratch/docs" >/dev/null || ! check_tables >/dev/null 2>&1; then
  echo "Tests/DocChecks: --write did not give the docs back as they were"; failed=1
else
  echo "Tests/DocChecks: --write puts a broken table back as its rows print it"
fi

# --- scripts/check-layout.py: a copy of the README, Package.swift and the folders.
layout() {
  rm -rf "$scratch/repo"; mkdir -p "$scratch/repo"
  cp "$repo/README.md" "$repo/Package.swift" "$scratch/repo/"
  (cd "$repo" && find Sources Tests keymaps data po Benchmarks Fuzz scripts docs -type d -not -path '*/.*' \
     -not -name __pycache__) | (cd "$scratch/repo" && xargs mkdir -p)
}
check_layout() { scripts/check-layout.py --root "$scratch/repo"; }

layout
if ! out=$(check_layout 2>&1); then echo "Tests/DocChecks: the unbroken layout fails:"; echo "$out"; exit 1; fi
echo "Tests/DocChecks: the unbroken layout passes"

# 8. A new target the section does not name.
layout
mkdir -p "$scratch/repo/Sources/GestureRooms"
expect "a target missing from the section" "Sources/GestureRooms/ is in the tree but not in the Layout section" check_layout

# 9. A new room of a target (GestureX11 cut into rooms).
layout
mkdir -p "$scratch/repo/Sources/GestureX11/Windows"
expect "a room missing from the section" "Sources/GestureX11/Windows/ is in the tree but not" check_layout

# 10. A folder of tests the section does not name.
layout
mkdir -p "$scratch/repo/Tests/Layout"
expect "a folder of Tests/ missing" "Tests/Layout/ is in the tree but not" check_layout

# 11. The section names a folder that is gone (renamed).
layout
mv "$scratch/repo/Sources/GestureSettingsModel" "$scratch/repo/Sources/GestureSettings"
expect "a folder named that is not there" "README.md:[0-9]+: Sources/GestureSettingsModel/ is not in the tree" check_layout

# 12. A room named that is not there.
layout
rmdir "$scratch/repo/Sources/GestureTools/Teach"
expect "a room named that is not there" "Sources/GestureTools/Teach/ is not in the tree" check_layout

# 13. A target's path (Package.swift) whose line is gone.
layout
replace "$scratch/repo/README.md" "  Probe/                        gesture-e2e-probe, the guest's observer and input player (a target)
" ""
expect "a target's path missing" "Tests/E2E/Probe/ is in the tree but not" check_layout

# 14. An entry that says nothing.
layout
replace "$scratch/repo/README.md" "Tests/Po/                       scripts/check-po.sh shown to fail on broken copies" "Tests/Po/"
expect "an entry without its description" "Tests/Po/ says nothing of what lives there" check_layout

if [ "$failed" -ne 0 ]; then echo "Tests/DocChecks: FAILED"; exit 1; fi
echo "Tests/DocChecks: every broken copy fails, the unbroken ones pass"
