# SPDX-License-Identifier: Apache-2.0 (LICENSE)
"""The settings app's words in the language a run of drive.py is in, from po/LANG.po.

drive.py names widgets in English, as the code's msgids say them ("Add
Gesture", "Action: keys", "Tap with 2 fingers on the touchscreen"). In a
translated run each name is turned into what the app must show: an exact msgid
becomes its msgstr; a composite is matched against the msgid patterns
("{field}: keys", "{gesture} with {count} fingers", …), its parts translated
the same way (plurals through the .po's Plural-Forms) and put into the
translated pattern. A name no msgid explains (a binding's own name, a config
key) stays as it is.

`English(po)` then says which names on a screen are English msgids left
untranslated (the sweep after each scenario)."""
import gettext
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# The check-po scripts' reader of .po entries (scripts/po_records.py).
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from po_records import records  # noqa: E402


def entries(path):
    """The .po's entries (msgctxt, msgid, msgid_plural, msgstr, msgstr[N]), the header left out."""
    return [e for e in records(path) if e.get("msgid")]


PLACEHOLDER = re.compile(r"\{([a-z]+)\}")


def fill(pattern, values):
    return PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), pattern)


class Pattern:
    def __init__(self, english, forms, plural, n=None):
        self.english = english
        self.n = n                  # the count its English form is for, when it has no {count}
        self.forms = forms          # msgstr, or msgstr[0..n]
        self.plural = plural        # a plural entry: pick the form by {count}
        literal = PLACEHOLDER.split(english)[0::2]
        self.weight = sum(len(p) for p in literal)
        rx = ""
        named = set()
        for i, part in enumerate(PLACEHOLDER.split(english)):
            if i % 2 == 0:
                rx += re.escape(part)
            elif part in named:
                # The same value again (the command's "{verb} … {verb}").
                rx += f"(?P={part})"
            else:
                named.add(part)
                rx += r"(?P<count>\d+)" if part == "count" else f"(?P<{part}>.+?)"
        self.regex = re.compile(rx, re.S)


class Language:
    def __init__(self, lang):
        self.lang = lang
        po = os.path.join(ROOT, "po", f"{lang}.po")
        with tempfile.TemporaryDirectory() as d:
            mo = os.path.join(d, "x.mo")
            subprocess.run(["msgfmt", "-o", mo, po], check=True)
            with open(mo, "rb") as f:
                self.catalog = gettext.GNUTranslations(f)
        self.exact = {}
        self.patterns = []
        self.entries = entries(po)
        for e in self.entries:
            if "msgid_plural" in e:
                forms = [e[k] for k in sorted(k for k in e if k.startswith("msgstr["))]
                for n, english in ((1, e["msgid"]), (2, e["msgid_plural"])):
                    if PLACEHOLDER.search(english):
                        self.patterns.append(Pattern(english, forms, True, n))
                    else:
                        self.exact.setdefault(english, forms[-1])
            elif PLACEHOLDER.search(e["msgid"]):
                self.patterns.append(Pattern(e["msgid"], [e["msgstr"]], False))
            elif "msgctxt" not in e or e["msgid"] not in self.exact:
                self.exact[e["msgid"]] = e["msgstr"]
        # Without a context first (the same word with one is a key's label, a gesture's name).
        for e in self.entries:
            if "msgctxt" not in e and "msgid_plural" not in e and not PLACEHOLDER.search(e["msgid"]):
                self.exact[e["msgid"]] = e["msgstr"]
        self.patterns.sort(key=lambda p: -p.weight)
        self.lowers = self.exact.get("lower-case-inside:yes", "").endswith(":yes")

    def __call__(self, english):
        """What the app shows for `english`; `english` itself when no msgid explains it."""
        t = self.translate(english)
        return english if t is None else t

    def translate(self, s, depth=0):
        if s in self.exact:
            return self.exact[s]
        if depth > 6:
            return None
        for p in self.patterns:
            m = p.regex.fullmatch(s)
            if not m:
                continue
            values = {k: self.part(v, depth) for k, v in m.groupdict().items()}
            if p.plural:
                n = int(m.group("count")) if "count" in m.groupdict() else p.n
                form = p.forms[self.catalog.plural(n)]
            else:
                form = p.forms[0]
            return fill(form, values)
        return None

    def part(self, v, depth):
        """A placeholder's value: translated when a msgid explains it; a part
        the English lower-cased ("…, then drag") as the language does."""
        t = self.translate(v, depth + 1)
        if t is not None:
            return t
        if v[:1].islower():
            t = self.translate(v[:1].upper() + v[1:], depth + 1)
            if t is not None:
                return t[:1].lower() + t[1:] if self.lowers and t[1:2].islower() else t
        return v

    def pattern(self, msgid, **values):
        """A msgid with placeholders, translated and filled."""
        for p in self.patterns:
            if p.english == msgid:
                return fill(p.forms[0], values)
        return fill(self.exact.get(msgid, msgid), values)

    def piece(self, english_piece):
        """For a search by part of a name: the translated literal piece of the
        shortest msgid one of whose literal pieces holds `english_piece`."""
        if english_piece in self.exact:
            return self.exact[english_piece]
        found = []
        for e in self.entries:
            ids = [e["msgid"]] + ([e["msgid_plural"]] if "msgid_plural" in e else [])
            for i in ids:
                pieces = PLACEHOLDER.split(i)[0::2]
                for n, piece in enumerate(pieces):
                    if english_piece in piece:
                        forms = [e[k] for k in sorted(k for k in e if k.startswith("msgstr"))]
                        found.append((len(i), n, forms[-1]))
        if not found:
            # Not part of one message's words: a whole composite name ("Tap with 2
            # fingers on the touchscreen"), or the config's own text ("zoom:").
            return self(english_piece)
        _, n, translated = min(found)
        if english_piece in translated:
            # A name the translation keeps as it is ("libinput-gestures" inside doctor's
            # "none running (touchegg, fusuma, libinput-gestures, lisgd)"): a value, not words.
            return english_piece
        pieces = [p for p in PLACEHOLDER.split(translated)[0::2]]
        return (pieces[n] if n < len(pieces) and pieces[n].strip() else max(pieces, key=len)).strip()

    def english_left(self, names):
        """The names that are, or hold, an English msgid this language translates differently."""
        whole = {e for e, t in self.exact.items() if t != e and re.search(r"[A-Za-z]{3}", e)}
        long_pieces = set()
        for e in self.entries:
            if e.get("msgstr", "x") == e["msgid"]:
                continue
            for piece in PLACEHOLDER.split(e["msgid"])[0::2]:
                if len(piece.strip()) >= 16 and piece.strip() not in self.translated_text:
                    long_pieces.add(piece.strip())
        left = []
        for n in names:
            if n in whole or any(p in n for p in long_pieces):
                left.append(n)
        return left

    @property
    def translated_text(self):
        if not hasattr(self, "_all"):
            self._all = "\n".join(v for e in self.entries for k, v in e.items() if k.startswith("msgstr"))
        return self._all


class English:
    """The identity, for the English run."""
    lang = None

    def __call__(self, english):
        return english

    def pattern(self, msgid, **values):
        return fill(msgid, values)

    def piece(self, english_piece):
        return english_piece

    def english_left(self, names):
        return []
