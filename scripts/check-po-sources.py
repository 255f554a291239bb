#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
"""Every msgid the sources mark is in the .pot, as the app will look it up.

scripts/update-po.sh makes the .pot with xgettext's C reader, from the files
it is given; `update-po.sh --check` proves the .pot is what xgettext reads
there, not that xgettext read what the app asks gettext for. This reads
every Swift file under Sources/ (every module, every folder) with Swift's
own rules (comments, escapes such as \\u{2026}, interpolation, multi-line
and raw literals) and fails on:

  - a marked msgid the .pot lacks: a call of L, Ln, Lc, LN, LcN, Msgid or Words
    with literal arguments in a file xgettext is not given, or a literal
    the C reader reads otherwise (a Swift escape such as \\u{2026});
  - a marked call xgettext cannot extract: an interpolated literal
    ("\\(x)"), a literal joined with `+`, a multi-line or raw literal;
  - a settings description (SettingTable.swift's `descriptions`, shown
    through L) the .pot lacks (update-po.sh reads that table with sed,
    one line an entry);
  - a call whose values do not fill its msgid's {placeholders}:
    L("… {display} …", ["displays": …]) would show "{display}" on screen
    (only where the values are written in the call).

A call whose argument is not a literal (L(info.description)) translates
what was marked elsewhere and is not checked here.

  scripts/check-po-sources.py [ROOT]     # ROOT/Sources against ROOT/po/gesture-bridge.pot
"""
import os
import re
import sys

from po_records import records

# keyword -> argument positions (0-based) of (context, singular, plural) by argument count.
KEYWORDS = {
    "L": {1: (None, 0, None), 2: (None, 0, None)},
    "Ln": {3: (None, 0, 1), 4: (None, 0, 1)},
    "Lc": {2: (0, 1, None), 3: (0, 1, None)},
    "LN": {1: (None, 0, None)},
    "LcN": {2: (0, 1, None)},
    "Msgid": {1: (None, 0, None), 2: (0, 1, None)},
    # GestureCore's Words("pattern", [values]): the command's messages named below it.
    "Words": {1: (None, 0, None), 2: (None, 0, None)},
}
SWIFT_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'"}


class Str:
    def __init__(self, value, line, interpolated=False, multiline=False, raw=False):
        self.value, self.line = value, line
        self.interpolated, self.multiline, self.raw = interpolated, multiline, raw

    def __repr__(self):
        return repr(self.value)


def tokens(text):
    """(kind, value, line): kind 'id', 'str' (value a Str) or 'p' (punctuation)."""
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    line += text[i] == "\n"
                    i += 1
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            s, i, line = literal(text, i, line)
            yield ("str", s, s.line)
        elif c.isalpha() or c == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            yield ("id", text[i:j], line)
            i = j
        else:
            yield ("p", c, line)
            i += 1


def literal(text, i, line):
    """The Swift string literal at text[i]: its value, and where it ends."""
    start_line = line
    hashes = 0
    while text[i] == "#":
        hashes, i = hashes + 1, i + 1
    multiline = text.startswith('"""', i)
    quote = '"""' if multiline else '"'
    close = quote + "#" * hashes
    escape = "\\" + "#" * hashes
    i += len(quote)
    out, interpolated = [], False
    while True:
        if i >= len(text):
            raise SyntaxError(f"line {start_line}: unterminated string literal")
        if text.startswith(close, i):
            i += len(close)
            break
        if text.startswith(escape, i):
            i += len(escape)
            e = text[i]
            if e == "(":
                interpolated, depth, i = True, 1, i + 1
                out.append("\\(…)")
                while depth:
                    if text[i] == '"':
                        _, i, line = literal(text, i, line)
                        continue
                    depth += {"(": 1, ")": -1}.get(text[i], 0)
                    line += text[i] == "\n"
                    i += 1
            elif e == "u":
                m = re.match(r"u\{([0-9a-fA-F]+)\}", text[i:])
                out.append(chr(int(m.group(1), 16)))
                i += m.end()
            elif e == "\n" and multiline:
                line, i = line + 1, i + 1
            else:
                out.append(SWIFT_ESCAPES.get(e, e))
                i += 1
            continue
        line += text[i] == "\n"
        out.append(text[i])
        i += 1
    value = "".join(out)
    if multiline:  # the lines' common indentation, the first and last line breaks, go
        body = value.split("\n")[1:]
        indent = len(body[-1]) if body and not body[-1].strip() else 0
        value = "\n".join(l[indent:] for l in body[:-1])
    return Str(value, start_line, interpolated, multiline, hashes > 0), i, line


def calls(toks):
    """Each call of a keyword: (name, line, [argument token lists])."""
    for k, (kind, value, line) in enumerate(toks):
        if kind != "id" or value not in KEYWORDS or k + 1 >= len(toks) or toks[k + 1][1] != "(":
            continue
        if k and (toks[k - 1][1] in (".", "func") or (toks[k - 1][0] == "id" and toks[k - 1][1] in ("struct", "enum"))):
            continue
        args, cur, depth, j = [], [], 0, k + 2
        while j < len(toks):
            t = toks[j]
            if t[0] == "p" and t[1] in "([{":
                depth += 1
            elif t[0] == "p" and t[1] in ")]}":
                if depth == 0:
                    break
                depth -= 1
            if t[0] == "p" and t[1] == "," and depth == 0:
                args.append(cur)
                cur = []
            else:
                cur.append(t)
            j += 1
        if cur:
            args.append(cur)
        yield value, line, args


def pot_entries(path):
    """{(msgctxt or None, msgid): msgid_plural or None} of a .po/.pot."""
    return {(e.get("msgctxt"), e["msgid"]): e.get("msgid_plural") for e in records(path) if e.get("msgid")}


def placeholders(s):
    return set(re.findall(r"\{([a-z]+)\}", s))


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    pot = pot_entries(os.path.join(root, "po", "gesture-bridge.pot"))
    problems = []
    wanted = 0
    for folder, _, files in sorted(os.walk(os.path.join(root, "Sources"))):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, root)
            try:
                toks = list(tokens(open(path, encoding="utf-8").read()))
            except SyntaxError as e:
                problems.append(f"{rel}: {e}")
                continue
            for keyword, line, args in calls(toks):
                spec = KEYWORDS[keyword].get(len(args))
                if spec is None or (keyword in ("Msgid", "Words") and any(t[1] == ":" for t in args[0][:2])):
                    continue  # a declaration, or another overload
                ctx_at, id_at, plural_at = spec
                parts = {}
                for role, at in (("context", ctx_at), ("msgid", id_at), ("plural", plural_at)):
                    if at is None:
                        continue
                    arg = args[at]
                    strs = [t[1] for t in arg if t[0] == "str"]
                    if not strs:
                        parts = None  # not a literal: translated where it was marked
                        break
                    s = strs[0]
                    if len(arg) != 1:
                        problems.append(f"{rel}:{line}: {keyword}(…): the {role} is not one literal "
                                        "(xgettext reads no Swift `+` or expression): write it as one")
                    elif s.interpolated:
                        problems.append(f"{rel}:{line}: {keyword}({s.value!r}): an interpolated literal is not a msgid: "
                                        "use a {name} placeholder and fill it")
                    elif s.multiline or s.raw:
                        problems.append(f"{rel}:{line}: {keyword}(…): a multi-line or raw literal, which xgettext's "
                                        "C reader cannot read: use one \"…\" literal")
                    parts[role] = s.value
                if not parts:
                    continue
                wanted += 1
                key = (parts.get("context"), parts["msgid"])
                if key not in pot:
                    where = f" (context {key[0]!r})" if key[0] else ""
                    problems.append(f"{rel}:{line}: {keyword}({parts['msgid']!r}){where} is not in po/gesture-bridge.pot "
                                    "(scripts/update-po.sh reads the file? a Swift escape the C reader reads otherwise?)")
                elif "plural" in parts and pot[key] != parts["plural"]:
                    problems.append(f"{rel}:{line}: {keyword}: the plural {parts['plural']!r} is not the .pot's {pot[key]!r}")
                # The values written in the call fill the msgid's placeholders (Ln fills {count}).
                values_at = {"L": 1, "Lc": 2, "Ln": 3, "Words": 1}.get(keyword)
                if values_at is not None and values_at < len(args) and args[values_at][:1] == [("p", "[", args[values_at][0][2])]:
                    arg = args[values_at]
                    keys = {arg[i][1].value for i in range(len(arg) - 1)
                            if arg[i][0] == "str" and arg[i + 1][1] == ":" and (i == 1 or arg[i - 1][1] in ",[")}
                    want = placeholders(parts["msgid"]) | placeholders(parts.get("plural", ""))
                    if keyword == "Ln":
                        keys |= {"count"}
                    if want - keys:
                        problems.append(f"{rel}:{line}: {keyword}({parts['msgid']!r}): no value for "
                                        f"{', '.join('{' + k + '}' for k in sorted(want - keys))} (it would show as written)")
            if name == "SettingTable.swift":
                wanted += descriptions(toks, rel, pot, problems)
    for p in problems:
        print("check-po: " + p)
    if not wanted:
        print("check-po: no marked msgid found under Sources/: the reader is broken")
        return 1
    if not problems:
        print(f"check-po: sources: {wanted} marked msgids under Sources/, each in the .pot")
    return 1 if problems else 0


def descriptions(toks, rel, pot, problems):
    """SettingTable.swift's `descriptions` values: each in the .pot."""
    k = next((i for i, t in enumerate(toks) if t[1] == "descriptions" and toks[i - 2][1] == "static"), None)
    if k is None:
        problems.append(f"{rel}: no `static let descriptions` table (scripts/update-po.sh reads it)")
        return 0
    j = next(i for i in range(k, len(toks)) if toks[i][1] == "[" and toks[i - 1][1] == "=")
    count, depth = 0, 0
    for i in range(j, len(toks)):
        depth += {"[": 1, "]": -1}.get(toks[i][1], 0) if toks[i][0] == "p" else 0
        if depth == 0:
            break
        if toks[i][0] == "str" and toks[i - 1][1] == ":":
            s, count = toks[i][1], count + 1
            if s.interpolated or toks[i + 1][1] not in (",", "]"):
                problems.append(f"{rel}:{s.line}: the description {s.value!r} is not one plain literal")
            elif (None, s.value) not in pot:
                problems.append(f"{rel}:{s.line}: the description {s.value!r} is not in po/gesture-bridge.pot "
                                "(scripts/update-po.sh reads the table one line an entry)")
    return count


if __name__ == "__main__":
    sys.exit(main())
