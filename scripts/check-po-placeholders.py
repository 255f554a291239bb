#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
"""Each msgstr of each .po keeps its msgid's format:
  - its {placeholders}, no more, no fewer (Localization.swift's fill()
    fills them by name; a plural form may leave out {count}: "один палец"
    needs no number);
  - no brace that is not a placeholder's, unless the msgid has as many
    ("{gesture" or "{gesture}}" would show as written);
  - the same printf directives (%s, %d, %1$s, %%), as `msgfmt --check-format`
    checks them for a c-format message: the app formats none, and xgettext
    flags none of its msgids c-format, so msgfmt checks none; a %s a
    translation added would show as written, one it dropped would lose a
    value if a message ever went through printf.
Used by scripts/check-po.sh; prints each mismatch with its file and msgid."""
import re
import sys

from po_records import records


entries = records


def names(s):
    return set(re.findall(r"\{([a-z]+)\}", s))


# printf's conversions (no ' ' flag: "15 % de" is French, not "% d").
PRINTF = re.compile(r"%(?:\d+\$)?[-+#0']*(?:\*|\d+)?(?:\.(?:\*|\d+))?(?:hh|h|ll|l|L|q|j|z|t)?[diouxXeEfFgGaAcspn%]")


def printf(s):
    """The directives in order; positional ones (%1$s) sorted, a translation may reorder them."""
    found = PRINTF.findall(s)
    return sorted(found) if any("$" in d for d in found) else found


def braces(s):
    rest = re.sub(r"\{[a-z]+\}", "", s)
    return rest.count("{"), rest.count("}")


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
            if braces(v) != braces(msgid):
                print(f"{path}: {msgid!r}: {k} {v!r} has a brace that is no placeholder's")
                bad += 1
            source = e.get("msgid_plural", msgid) if k not in ("msgstr", "msgstr[0]") else msgid
            if printf(v) != printf(source):
                print(f"{path}: {msgid!r}: {k} has the printf directives {printf(v)}, the msgid {printf(source)}")
                bad += 1
sys.exit(1 if bad else 0)
