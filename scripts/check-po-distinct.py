#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
"""Two actions of one screen never share a word, in any language.

A button's label is how a person tells its action from the others beside
it: French said "Annuler" for both Undo (Draw a shape's, the toasts') and
Cancel (the form's header), so the form had two "Annuler" buttons doing
opposite things. GNOME's own French and Italian catalogs say so too
(Nautilus: "Undo" and "Cancel" are both "Annuler", both "Annulla"); this
app cannot, since Draw a shape puts Undo in the form beside Cancel.

The actions are read from the sources: each literal label given to
UI.button, gtk_button_new_with_label, gtk_button_set_label,
adw_toast_set_button_label, a banner's `fix:` or a dialog's `action:`, and
the accessible name given to a `…Button` (what a screen reader says).
SCREENS says which files make one screen (a dialog is Dialog.swift's header,
Cancel and Delete, with its own files). Fails when, in a language of
po/LINGUAS, two different msgids of one screen's actions have the same
msgstr (compared without case, mnemonic underscores or trailing dots), or
when a file with actions belongs to no screen (add it to SCREENS).

  scripts/check-po-distinct.py [ROOT]
"""
import os
import re
import sys

from po_records import records

APP = "Sources/gesture-bridge-settings"
SCREENS = {
    "the gesture form (with its action picker and Draw a shape)":
        ["Dialog.swift", "BindingFormDialog.swift", "ActionPicker.swift", "DrawShape.swift", "Choice.swift"],
    "the expression editor": ["Dialog.swift", "ExpressionDialog.swift"],
    "the application picker": ["Dialog.swift", "AppPickerDialog.swift"],
    "the import preview": ["Dialog.swift", "ImportDialog.swift"],
    "the import's tool and file": ["Dialog.swift", "ImportSourceDialog.swift"],
    "the main window (its header, banners, toasts and pages)":
        ["MainWindow.swift", "StatusBanner.swift", "GesturesPage.swift", "SettingsPage.swift", "DevicesPage.swift",
         "EntryRow.swift", "TryItPage.swift", "PrimaryMenu.swift"],
}
LIT = r'"((?:[^"\\\n]|\\.)*)"'
MSG = rf'(?:L\({LIT}|Lc\({LIT}\s*,\s*{LIT})'
ACTION = re.compile(r"(?:UI\.button\(|gtk_button_new_with_label\(|gtk_button_set_label\([^\n;]*?,\s*"
                    rf"|adw_toast_set_button_label\([^\n;]*?,\s*|cx_gtk_set_accessible_label\(g\(\w*[Bb]utton\),\s*"
                    rf"|\bfix:\s*|\baction:\s*){MSG}")


def unescape(s):
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)


def actions(path):
    """{(context, msgid)} of the action labels in a Swift file."""
    text = re.sub(r"//[^\n]*", "", open(path, encoding="utf-8").read())
    out = set()
    for m in ACTION.finditer(text):
        if m.group(1) is not None:
            out.add((None, unescape(m.group(1))))
        else:
            out.add((unescape(m.group(2)), unescape(m.group(3))))
    return out


def catalog(path):
    """{(context, msgid): [msgstr, …]} of a .po."""
    return {(e.get("msgctxt"), e["msgid"]): [v for k, v in e.items() if k.startswith("msgstr")]
            for e in records(path) if e.get("msgid")}


def word(s):
    return s.replace("_", "").rstrip(".…").strip().casefold()


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    app = os.path.join(root, APP)
    bad = 0
    found = {name: actions(os.path.join(app, name)) for name in sorted(os.listdir(app)) if name.endswith(".swift")}
    placed = {f for files in SCREENS.values() for f in files}
    for name, acts in found.items():
        if acts and name not in placed:
            print(f"check-po: {APP}/{name} has actions ({', '.join(sorted(a[1] for a in acts))}) but no screen in "
                  "scripts/check-po-distinct.py's SCREENS: say which screen shows them")
            bad += 1
    screens = {screen: set().union(*(found.get(f, set()) for f in files)) for screen, files in SCREENS.items()}
    if sum(len(a) for a in screens.values()) < 10:
        print("check-po: fewer than 10 actions found in the screens: the reader is broken")
        return 1
    langs = [l.strip() for l in open(os.path.join(root, "po", "LINGUAS"), encoding="utf-8")
             if l.strip() and not l.startswith("#")]
    for lang in langs:
        cat = catalog(os.path.join(root, "po", f"{lang}.po"))
        for screen, acts in screens.items():
            said = {}
            for key in sorted(acts, key=lambda k: (k[0] or "", k[1])):
                for s in cat.get(key, []):
                    if s:
                        said.setdefault(word(s), set()).add(key[1])
            for s, ids in sorted(said.items()):
                if len(ids) > 1:
                    print(f"check-po: po/{lang}.po: {' and '.join(repr(i) for i in sorted(ids))} are both {s!r} "
                          f"in {screen}: two actions need two words")
                    bad += 1
    if not bad:
        print(f"check-po: distinct: {len(langs)} languages, {len(screens)} screens, "
              f"{sum(len(a) for a in screens.values())} actions, no two sharing a word")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
