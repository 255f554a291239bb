#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
"""A command's output read against one language's catalog: no English sentence.

Reads the output on stdin and fails (exit 1, each line said) when a line

  - holds English the catalog translates: a piece of a msgid (the text
    between its {placeholders}, two words or more) that the language's
    msgstr does not also hold (code, keys and examples a translation keeps
    are not English sentences), or
  - is none of: a msgstr of the language (its {placeholders} standing for
    any text, nested messages included), a value (no letters: numbers,
    punctuation, carets), or what the user's file says (the line a
    diagnostic quotes, two spaces in, under a `file:line:column: ` line).

The tests (CommandWordsTests) run `gesture-bridge status`, `check` … under
LANG=de_DE.UTF-8 and fr_FR.UTF-8 and pipe their output here.

  scripts/check-po-output.py po/de.po < output.txt
"""
import re
import sys

from po_records import records


def entries(path):
    """[(msgid, msgid_plural, [msgstr, …])] of a .po, translated entries only."""
    out = []
    for e in records(path):
        strs = [v for k, v in sorted(e.items()) if k.startswith("msgstr") and v]
        if e.get("msgid") and strs:
            out.append((e["msgid"], e.get("msgid_plural"), strs))
    return out


def pieces(pattern):
    return [p for p in re.split(r"\{[a-z]+\}", pattern)]


def as_regex(pattern):
    return "".join(".*?" if re.fullmatch(r"\{[a-z]+\}", p) else re.escape(p)
                   for p in re.split(r"(\{[a-z]+\})", pattern))


def main():
    catalog = entries(sys.argv[1])
    english = []   # pieces of msgids the language says otherwise
    for msgid, plural, strs in catalog:
        if msgid.startswith("lower-case-inside"):
            continue
        for source in filter(None, (msgid, plural)):
            for piece in pieces(source):
                piece = piece.strip(" ;:,.()'\"")
                # Two English words or more (a key such as touchegg-protocol is a value, not words).
                words = [w for w in piece.split() if re.fullmatch(r"[A-Za-z]{2,}[,.;:?!]?", w)]
                if len(words) >= 2 and not any(piece in s for s in strs):
                    english.append((piece, msgid))
    # The language's sentences, longest first; one with no word of its own ("{items} or {last}") says nothing,
    # one that begins with a bracketed tag does (doctor's "[ok] {topic}: {text}").
    said = sorted({s for _, _, strs in catalog for s in strs
                   if re.search(r"\w{3,}|^\[\w+\] ", re.sub(r"\{[a-z]+\}", "", s))},
                  key=len, reverse=True)
    regexes = [re.compile(as_regex(s)) for s in said]
    failures = []
    lines = sys.stdin.read().split("\n")
    quoted = set()
    for i, line in enumerate(lines):
        if re.match(r"^(.+):(\d+):(\d+): ", line) and i + 1 < len(lines) and lines[i + 1].startswith("  "):
            quoted.add(i + 1)   # the diagnostic's line of the file, then its caret line
    for i, line in enumerate(lines):
        text = line.strip()
        if not text or i in quoted or not re.search(r"[^\W\d_]", text):
            continue
        found = [(p, m) for p, m in english if p in line]
        if found:
            failures.append(f"line {i + 1}: English {found[0][0]!r} (of {found[0][1]!r}): {line}")
            continue
        rest = re.sub(r"^(.+?):(\d+):(\d+): ", "", text)   # a diagnostic's location is a value
        if not any(r.fullmatch(rest) or r.fullmatch(text) for r in regexes):
            failures.append(f"line {i + 1}: no message of {sys.argv[1]} says it: {line}")
    for f in failures:
        print("check-po-output: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
