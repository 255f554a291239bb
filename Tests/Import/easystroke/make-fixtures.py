#!/usr/bin/env python3
"""Writes the synthetic easystroke fixtures of this folder: Boost text
archives laid out as Boost.Serialization writes them (class info the first
time a class is seen, object ids of tracked classes, class ids of pointers,
polymorphic class names), with the fields easystroke's serialize functions
write (actiondb.cc, gesture.cc, prefdb.cc), in the class versions each file
names. They cover what the real files of real/ do not: old class versions
(Point 0 with its time, Stroke 3, SendKey 0 with its xtest flag,
ActionListDiff 0, StrokeInfo 0), every action class, strokes drawn with an
extra button or with modifiers held, a timeout stroke, a shape then a click,
nested groups, deletions, and preferences with exceptions.
  Tests/Import/easystroke/make-fixtures.py   (rewrites the files)"""
import os

class Writer:
    def __init__(self, library, versions):
        self.out = ["22 serialization::archive %d" % library]
        self.library = library
        self.versions = versions      # class -> version written
        self.tracked = {"Unique": 1, "StrokeSet": 1, "Stroke": 1, "ButtonInfo": 1, "SendKey": 1, "Command": 1,
                        "SendText": 1, "Scroll": 1, "Ignore": 1, "Button": 1, "Misc": 1}
        self.classes = []             # class ids in order of first appearance
        self.objects = 0

    def put(self, *tokens):
        self.out.append(" ".join(str(t) for t in tokens))

    def string(self, s):
        b = s.encode()
        self.put("%d %s" % (len(b), s) if b else "0")

    def object(self, name):
        """An object's preamble; its class's version."""
        v = self.versions.get(name, 0)
        t = self.tracked.get(name, 0)
        if name not in self.classes:
            self.classes.append(name)
            self.put(t, v)
        if t:
            self.put(self.objects)
            self.objects += 1
        return v

    def collection(self, name, count):
        self.object(name)
        self.put(count)
        if self.library > 3:
            self.put(0)

    def pointer(self, name, polymorphic=False, ref=None):
        """A pointer to a new object of class `name` (or to object `ref`); its version."""
        if name is None:
            self.put(-1)
            return None
        v = self.versions.get(name, 0)
        t = self.tracked.get(name, 0)
        if name in self.classes:
            self.put(self.classes.index(name))
        else:
            self.classes.append(name)
            self.put(len(self.classes) - 1)
            if polymorphic:
                self.string(name)
            self.put(t, v)
        if ref is not None:
            self.put(ref)
            return None
        if t:
            self.put(self.objects)
            self.objects += 1
        return v

def unique(w, ids, key):
    """A gesture's `Unique *`: new the first time, a reference after."""
    if key in ids:
        w.pointer("Unique", ref=ids[key])
    else:
        ids[key] = w.objects
        w.pointer("Unique")

def stroke(w, s):
    v = w.pointer("Stroke")
    w.collection("vector<Point>", len(s["points"]))
    for i, (x, y) in enumerate(s["points"]):
        pv = w.object("Point")
        w.put(repr(x), repr(y))
        if pv == 0:
            w.put(repr(i / max(1, len(s["points"]) - 1)))
    if v >= 1: w.put(s.get("button", 0))
    if v >= 2: w.put(s.get("trigger", 0))
    if v >= 3: w.put(int(s.get("timeout", False)))
    if v >= 5: w.put(s.get("modifiers", 1 << 15))

def action(w, a):
    if a is None:
        w.pointer(None)
        return
    kind = a[0]
    v = w.pointer(kind, polymorphic=True)
    if kind in ("SendKey", "Scroll", "Ignore", "Button"):
        w.object("ModAction"); w.object("Action"); w.put(a[1])
        if kind == "SendKey":
            w.put(a[2], a[3])
            if v < 1: w.put(0)
        if kind == "Button": w.put(a[2])
    else:
        w.object("Action")
        if kind == "Misc": w.put(a[1])
        else: w.string(a[1])

def action_list(w, node, ids):
    v = w.object("ActionListDiff")
    w.collection("set<Unique*>", len(node.get("deleted", [])))
    for key in node.get("deleted", []): unique(w, ids, key)
    added = node.get("added", [])
    w.collection("map<Unique*,StrokeInfo>", len(added))
    for g in added:
        w.object("pair<Unique*,StrokeInfo>")
        unique(w, ids, g["id"])
        iv = w.object("StrokeInfo")
        w.object("StrokeSet")
        w.collection("set<RStroke>", len(g.get("strokes", [])))
        for s in g.get("strokes", []):
            w.object("shared_ptr<Stroke>")
            stroke(w, s)
        w.object("shared_ptr<Action>")
        action(w, g.get("action"))
        if iv >= 1: w.string(g.get("name", ""))
    w.string(node["name"])
    w.collection("list<ActionListDiff>", len(node.get("children", [])))
    for c in node.get("children", []): action_list(w, c, ids)
    w.put(int(node.get("app", False)))
    if v >= 1:
        order = [g["id"] for g in added]
        w.collection("list<Unique*>", len(order))
        for key in order: unique(w, ids, key)

def actions_file(library, versions, root):
    w = Writer(library, versions)
    w.object("ActionDB")
    action_list(w, root, {})
    return "\n".join(w.out) + "\n"

def prefs_file(library, version, button, state, exceptions):
    w = Writer(library, {"PrefDB": version, "ButtonInfo": 4, "shared_ptr<ButtonInfo>": 1})
    w.object("PrefDB")
    if version < 11:
        w.collection("set<string>", len(exceptions))
        for name, _ in exceptions: w.string(name)
    else:
        w.collection("map<string,RButtonInfo>", len(exceptions))
        for name, b in exceptions:
            w.object("pair<string,RButtonInfo>"); w.string(name); w.object("shared_ptr<ButtonInfo>")
            if b is None: w.pointer(None)
            else:
                w.pointer("ButtonInfo"); w.put(b[0], b[1], 0, 0)
    if version < 14: w.put("0.5")
    w.object("ButtonInfo"); w.put(button, state, 0, 0)
    # What follows the button (trace, timeouts, colours…) is not read.
    w.put(0, 0, 16)
    return "\n".join(w.out) + "\n"

# Shapes in easystroke's unit square (longer side 1, centred on 0.5).
L = [(0.2, 0.0), (0.2, 0.5), (0.2, 1.0), (0.5, 1.0), (0.8, 1.0)]
V = [(0.0, 0.0), (0.25, 0.5), (0.5, 1.0), (0.75, 0.5), (1.0, 0.0)]
Z = [(0.0, 0.1), (1.0, 0.1), (0.0, 0.9), (1.0, 0.9)]
N = [(0.1, 1.0), (0.1, 0.0), (0.9, 1.0), (0.9, 0.0)]
U = [(0.0, 0.0), (0.0, 0.9), (0.5, 1.0), (1.0, 0.9), (1.0, 0.0)]
CTRL, SHIFT, ALT, SUPER = 4, 1, 8, 1 << 26

NEW = {"ActionDB": 3, "ActionListDiff": 1, "StrokeInfo": 1, "Stroke": 5, "Point": 1, "SendKey": 1,
       "shared_ptr<Stroke>": 1, "shared_ptr<Action>": 1}
new_root = {
    "name": "Default",
    "added": [
        {"id": "back", "name": "back", "strokes": [{"points": L}], "action": ("SendKey", ALT, 0xff51, 0)},
        {"id": "term", "name": "terminal", "strokes": [{"points": V}, {"points": [(x, y * 0.9) for x, y in V]}],
         "action": ("Command", "xdotool key ctrl+alt+t")},
        {"id": "run", "name": "run \"it\"", "strokes": [{"points": Z, "trigger": 8}], "action": ("Command", "notify-send 'a b' | cat")},
        {"id": "mod", "name": "ctrl zed", "strokes": [{"points": N, "modifiers": CTRL | 2}], "action": ("SendKey", CTRL | SHIFT, 0x7a, 0)},
        {"id": "held", "name": "held", "strokes": [{"points": U, "timeout": True}], "action": ("Button", SHIFT, 2)},
        {"id": "text", "name": "type", "strokes": [{"points": [(1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]}], "action": ("SendText", "hi there!")},
        {"id": "scroll", "name": "scroll", "strokes": [{"points": [(0.0, 1.0), (0.5, 0.0), (1.0, 1.0)]}], "action": ("Scroll", 0)},
        {"id": "click", "name": "middle", "strokes": [{"points": [], "button": 9, "trigger": 9}], "action": ("Misc", 0)},
        {"id": "then", "name": "then click", "strokes": [{"points": L[::-1], "button": 1}], "action": ("Ignore", CTRL)},
        {"id": "hide", "name": "hide", "strokes": [{"points": V[::-1]}], "action": ("Misc", 2)},
    ],
    "children": [
        {"name": "Browsers", "deleted": ["mod"], "added": [
            {"id": "back", "action": ("SendKey", CTRL, 0xff55, 0)},
            {"id": "tab", "name": "new tab", "strokes": [{"points": U[::-1]}], "action": ("SendKey", CTRL, 0x74, 0)},
        ], "children": [
            {"name": "Navigator", "app": True, "added": [{"id": "term", "strokes": [{"points": Z[::-1]}]}]},
            {"name": "chromium*", "app": True, "deleted": ["back"]},
        ]},
        {"name": "empty group", "added": [{"id": "g", "name": "lonely", "strokes": [{"points": N[::-1]}], "action": ("Command", "true")}]},
        {"name": "gimp", "app": True},
    ],
}
OLD = {"ActionDB": 2, "ActionListDiff": 0, "StrokeInfo": 0, "Stroke": 3, "Point": 0, "SendKey": 0}
old_root = {
    "name": "Default",
    "added": [
        {"id": "a", "strokes": [{"points": L}], "action": ("SendKey", CTRL, 0x77, 25)},
        {"id": "b", "strokes": [{"points": V, "button": 0, "trigger": 2}], "action": ("Command", "xterm")},
    ],
    "children": [{"name": "xterm", "app": True, "deleted": ["a"]}],
}

here = os.path.dirname(os.path.abspath(__file__))
files = {
    "synthetic/actions-0.5.6": actions_file(17, NEW, new_root),
    "synthetic/preferences-0.5.5": prefs_file(17, 18, 3, 0, [("Blender", None), ("inkscape", (8, 0)), ("", None)]),
    "old/actions-0.5.6": actions_file(5, OLD, old_root),
    "old/preferences-0.5.5": prefs_file(5, 10, 1, 1 << 15, [("xterm", None)]),
}
for name, text in files.items():
    os.makedirs(os.path.join(here, os.path.dirname(name)), exist_ok=True)
    with open(os.path.join(here, name), "w") as f:
        f.write(text)
