#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
"""One copy of each state table: the table tests' rows.

A state machine's transitions are the rows of its `@Test(arguments:)` table
test (TouchOwnershipTests.rows, FollowMachineTests.rows, …). Each of those
suites has a `stateTable` test that prints its rows as a Markdown table into
$STATE_TABLES_DIR/NAME.md (Tests/StateTableSupport/StateTable.swift says why
the tests print it rather than this script reading Swift). The docs hold
that print between

    <!-- state-table: NAME -->
    …
    <!-- /state-table -->

This script runs those tests (`swift test --filter stateTable`, incremental:
seconds once the tests are built) and compares: by default it fails, with a
diff, where a doc's table is not what the rows print, where a doc names a
table no test prints, or where a printed table has no place in the docs;
--write puts the printed tables in the docs instead.

    scripts/state-tables.py                 # check (CI)
    scripts/state-tables.py --write         # the docs from the rows
    scripts/state-tables.py --print DIR     # only print the tables into DIR
    scripts/state-tables.py --tables DIR --docs DIR   # tables printed before, docs elsewhere (Tests/DocChecks)
"""
import argparse
import difflib
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPEN = re.compile(r"^<!-- state-table: ([a-z0-9-]+) -->$")
CLOSE = "<!-- /state-table -->"


def print_tables(into):
    """The stateTable tests, run with STATE_TABLES_DIR=into: NAME.md each."""
    env = dict(os.environ, STATE_TABLES_DIR=into)
    run = subprocess.run(["swift", "test", "--filter", "stateTable"], cwd=ROOT, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if run.returncode != 0:
        sys.stderr.write(run.stdout[-4000:])
        sys.exit("state-tables: the stateTable tests failed (swift test --filter stateTable)")


def read_tables(directory):
    tables = {}
    for name in sorted(os.listdir(directory)):
        if name.endswith(".md"):
            with open(os.path.join(directory, name), encoding="utf-8") as f:
                tables[name[:-3]] = f.read()
    return tables


def blocks(path):
    """The state-table blocks of a doc: (name, first line index, closing line index), and the problems."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    found, problems, open_at = [], [], None
    for i, line in enumerate(lines):
        m = OPEN.match(line)
        if m:
            if open_at is not None:
                problems.append(f"{path}:{i + 1}: state-table {m.group(1)} opens inside {open_at[0]} (line {open_at[1] + 1})")
            open_at = (m.group(1), i)
        elif line.startswith("<!-- state-table"):
            problems.append(f"{path}:{i + 1}: not a state-table marker (<!-- state-table: NAME --> with NAME in a-z0-9-): {line}")
        elif line == CLOSE:
            if open_at is None:
                problems.append(f"{path}:{i + 1}: {CLOSE} without its opening")
            else:
                found.append((open_at[0], open_at[1], i))
                open_at = None
    if open_at is not None:
        problems.append(f"{path}:{open_at[1] + 1}: state-table {open_at[0]} is never closed ({CLOSE})")
    return lines, found, problems


def main():
    ap = argparse.ArgumentParser(description="the docs' state tables against the table tests' rows")
    ap.add_argument("--write", action="store_true", help="put the printed tables in the docs")
    ap.add_argument("--print", metavar="DIR", dest="print_dir", help="only print the tables into DIR")
    ap.add_argument("--tables", metavar="DIR", help="tables printed before (default: run the stateTable tests)")
    ap.add_argument("--docs", metavar="DIR", default=os.path.join(ROOT, "docs"), help="the docs (default: docs/)")
    a = ap.parse_args()

    if a.print_dir:
        os.makedirs(a.print_dir, exist_ok=True)
        print_tables(os.path.abspath(a.print_dir))
        print(f"state-tables: {len(read_tables(a.print_dir))} tables printed into {a.print_dir}")
        return 0
    if a.tables:
        tables = read_tables(a.tables)
    else:
        with tempfile.TemporaryDirectory(prefix="gesture-bridge-state-tables.") as t:
            print_tables(t)
            tables = read_tables(t)
    if not tables:
        sys.exit("state-tables: no test printed a table")

    problems, placed, differ = [], {}, 0
    for doc in sorted(f for f in os.listdir(a.docs) if f.endswith(".md")):
        path = os.path.join(a.docs, doc)
        if not os.path.relpath(path, ROOT).startswith(".."):
            path = os.path.relpath(path, ROOT)
        lines, found, bad = blocks(path)
        problems += bad
        writes = []
        for name, first, close in found:
            if name in placed:
                problems.append(f"{path}:{first + 1}: state-table {name} again (first at {placed[name]})")
                continue
            placed[name] = f"{path}:{first + 1}"
            if name not in tables:
                problems.append(f"{path}:{first + 1}: state-table {name}: no table test prints it "
                                f"(printed: {', '.join(sorted(tables))})")
                continue
            have = "\n".join(lines[first + 1:close]) + "\n"
            if have == tables[name]:
                continue
            if a.write:
                writes.append((first, close, name))
            else:
                differ += 1
                diff = difflib.unified_diff(have.splitlines(), tables[name].splitlines(), lineterm="",
                                            fromfile=f"{path} ({name}, line {first + 2})", tofile=f"{name}: the test's rows")
                problems.append(f"{path}:{first + 1}: state-table {name} is not what its test's rows print "
                                f"(scripts/state-tables.py --write):\n" + "\n".join(diff))
        # From the last block up, so the line numbers of the earlier ones hold.
        for first, close, name in reversed(writes):
            lines[first + 1:close] = tables[name].rstrip("\n").split("\n")
            print(f"state-tables: {path}:{first + 1}: {name} written")
        if writes:
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(lines))
    for name in sorted(set(tables) - set(placed)):
        problems.append(f"state-tables: {name} (printed by its test) has no place in {a.docs}: "
                        f"put <!-- state-table: {name} --> and {CLOSE} where it goes, then --write")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    print(f"state-tables: {len(tables)} tables ({', '.join(f'{n} in {placed[n]}' for n in sorted(tables))}): "
          + ("written" if a.write else "as their tests' rows print them"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
