"""The entries of a .po or .pot file, for the check-po scripts: one dict per
entry (msgctxt, msgid, msgid_plural, msgstr, msgstr[N]: unquoted and joined
across continuation lines), comments skipped, the header included."""
import re

_KEYWORD = re.compile(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d\])?) (".*")$')


def unquote(s):
    """A quoted .po string's text: the quotes off, \\n, \\t and \\X undone."""
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s[1:-1])


def records(path):
    cur, key = {}, None
    for raw in open(path, encoding="utf-8"):
        raw = raw.rstrip("\n")
        if not raw.strip():
            if cur:
                yield cur
            cur, key = {}, None
        elif raw.startswith("#"):
            continue
        elif m := _KEYWORD.match(raw):
            key = m.group(1)
            cur[key] = unquote(m.group(2))
        elif raw.startswith('"') and key:
            cur[key] += unquote(raw)
    if cur:
        yield cur
