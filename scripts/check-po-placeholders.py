#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
"""Each msgstr of each .po keeps its msgid's {placeholders}, no more, no fewer.
(A plural form may leave out {count}: "один палец" needs no number.)
Used by scripts/check-po.sh; prints each mismatch with its file and msgid."""
import re
import sys


def entries(path):
    cur, key = {}, None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip():
            if cur:
                yield cur
            cur, key = {}, None
        elif line.startswith("#"):
            continue
        elif m := re.match(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d\])?) (".*")$', line):
            key = m.group(1)
            cur[key] = unquote(m.group(2))
        elif line.startswith('"') and key:
            cur[key] += unquote(line)
    if cur:
        yield cur


def unquote(s):
    return s[1:-1].replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


def names(s):
    return set(re.findall(r"\{([a-z]+)\}", s))


bad = 0
for path in sys.argv[1:]:
    for e in entries(path):
        msgid = e.get("msgid")
        if not msgid:
            continue
        want = names(msgid) | names(e.get("msgid_plural", ""))
        for k, v in e.items():
            if not k.startswith("msgstr") or not v:
                continue
            got = names(v)
            if got != want and not ("msgid_plural" in e and got == want - {"count"}):
                print(f"{path}: {msgid!r}: {k} has {sorted(got)}, the msgid {sorted(want)}")
                bad += 1
sys.exit(1 if bad else 0)
