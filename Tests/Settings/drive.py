#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
"""The settings app driven as a person would (issue 42, point 8).

Run by Tests/Settings/run.sh inside `dbus-run-session`, with Debian's
/usr/bin/python3 (pyatspi). It starts its own Xvfb and AT-SPI bus, then the
real gesture-bridge-settings on copies of Tests/Settings/fixtures/full.toml,
finds its widgets through the accessibility tree by role and name, presses
and types as a person does (AT-SPI actions; keys through XTest with
xdotool), and after each change compares the file on disk with its golden
(Tests/Settings/goldens/app-*.toml) and loads it with `gesture-bridge check`.

UPDATE_GOLDENS=1 writes the goldens instead of comparing (review the diff).
"""
import argparse
import contextlib
import ctypes
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import traceback

import pyatspi

import translation

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIXTURE = os.path.join(HERE, "fixtures", "full.toml")
# The window's title (SettingsApp.name).
APP_NAME = "Gesture Bridge"
GOLDENS = os.path.join(HERE, "goldens")
UPDATE = os.environ.get("UPDATE_GOLDENS") == "1"
# Xvfb's screen (screenshots.py makes it the window's size).
SCREEN = "1280x800x24"

failures = []

# SETTINGS_TEST_LANGUAGE=de (run.sh): the app runs in that language (po/de.po,
# built into SETTINGS_TEST_LOCALEDIR); every name below is looked up as it
# translates (Tests/Settings/translation.py), and after each scenario no
# English msgid may be left on any of its windows.
LANGUAGE = os.environ.get("SETTINGS_TEST_LANGUAGE") or None
T = translation.Language(LANGUAGE) if LANGUAGE else translation.English()


def log(*args):
    print("drive:", *args, flush=True)


class Failure(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Failure(what)


def wait_for(predicate, what, timeout=10.0, interval=0.1):
    """Polls `predicate` until it returns something true; fails after `timeout`."""
    end = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < end:
        try:
            value = predicate()
            if value:
                return value
        except Exception as e:  # the tree changes under us while a page rebuilds
            last_error = e
        time.sleep(interval)
    raise Failure(f"timed out waiting for {what}" + (f" ({last_error})" if last_error else ""))


# MARK: The session: Xvfb, the AT-SPI bus

class Session:
    def __init__(self, args):
        self.args = args
        self.procs = []
        try:
            # Xvfb may say a display it then loses to another starting at once: try again.
            for attempt in range(5):
                if self.start_x():
                    break
                log("Xvfb on", self.display, "did not answer; again")
            else:
                raise Failure("no Xvfb answered")
            self.setup()
        except BaseException:
            self.close()
            raise

    def start_x(self):
        """An Xvfb on a display of its own. Not -displayfd: it takes the lowest
        display without a lock file, and on a machine where something clears
        /tmp/.X*-lock two servers then share :0. A random high number, checked
        to answer (and to stay ours) instead."""
        import random
        self.display = f":{random.randint(200, 899)}"
        if os.path.exists(f"/tmp/.X11-unix/X{self.display[1:]}"):
            return False
        # -noreset: the server resets when its last client leaves (xdpyinfo
        # below, or the first app closing), refusing connections meanwhile:
        # the first app then could not open the display, 1 run in 3.
        xvfb = subprocess.Popen(["Xvfb", self.display, "-noreset", "-nolisten", "tcp", "-screen", "0", SCREEN],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.procs.append(xvfb)
        end = time.monotonic() + 15
        while time.monotonic() < end and xvfb.poll() is None:
            try:
                if subprocess.run(["xdpyinfo", "-display", self.display], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, timeout=5).returncode == 0:
                    time.sleep(0.3)
                    # The server that answered is ours: its lock file holds our pid
                    # (another run's server on the same number answers too).
                    try:
                        ours = int(open(f"/tmp/.X{self.display[1:]}-lock").read().strip()) == xvfb.pid
                    except (OSError, ValueError):
                        ours = False
                    if xvfb.poll() is None and ours:
                        return True
                    if not ours:
                        break
            except subprocess.TimeoutExpired:
                pass
            time.sleep(0.1)
        xvfb.kill()
        self.procs.remove(xvfb)
        return False

    def setup(self):
        os.environ["DISPLAY"] = self.display
        os.environ["GTK_A11Y"] = "atspi"
        os.environ["NO_AT_BRIDGE"] = "0"
        os.environ.pop("WAYLAND_DISPLAY", None)
        os.environ["XDG_SESSION_TYPE"] = "x11"
        if LANGUAGE:
            os.environ["LANGUAGE"] = LANGUAGE
            os.environ["LC_ALL"] = os.environ["SETTINGS_TEST_LOCALE"]
            os.environ["GESTURE_BRIDGE_LOCALEDIR"] = os.environ["SETTINGS_TEST_LOCALEDIR"]
        # A runtime directory of our own: the daemon's state file and monitor socket.
        self.runtime = os.path.join(self.args.scratch, "runtime")
        os.makedirs(self.runtime, mode=0o700, exist_ok=True)
        os.environ["XDG_RUNTIME_DIR"] = self.runtime
        # No other tool's config is found unless a scenario puts one here.
        self.home = os.path.join(self.args.scratch, "home")
        os.makedirs(self.home, exist_ok=True)
        os.environ["HOME"] = self.home
        os.environ["XDG_CONFIG_HOME"] = os.path.join(self.home, ".config")
        bus = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.procs.append(bus)
        time.sleep(0.5)
        log("X on", self.display)

    def start(self, argv, **kw):
        p = subprocess.Popen(argv, **kw)
        self.procs.append(p)
        return p

    def close(self):
        for p in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(3)
                except subprocess.TimeoutExpired:
                    p.kill()


# MARK: The application, through its accessibility tree

class App:
    def __init__(self, session, config, prefix=None):
        self.session = session
        self.config = config
        argv = [os.path.join(session.args.bin, "gesture-bridge-settings"), "--config", config]
        self.log = os.path.join(session.args.scratch, "app.log")
        self.log_start = os.path.getsize(self.log) if os.path.exists(self.log) else 0
        self.proc = session.start((prefix or []) + argv, stderr=open(self.log, "a"))
        try:
            self.node = wait_for(self._find_app, "the app on the accessibility bus", timeout=20)
        except Failure:
            desktop = pyatspi.Registry.getDesktop(0)
            names = [(a.name, a.get_process_id()) for a in (desktop.getChildAtIndex(i) for i in range(desktop.childCount)) if a]
            with open(self.log, errors="replace") as f:
                f.seek(self.log_start)
                said = f.read().strip()
            raise Failure(f"gesture-bridge-settings (pid {self.proc.pid}, exit {self.proc.poll()}) is not on the accessibility bus: {names}; "
                          f"it said: {said!r}")
        self.window = wait_for(lambda: self.frame(APP_NAME), "its window")

    def _find_app(self):
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            a = desktop.getChildAtIndex(i)
            if a is not None and a.name == "gesture-bridge-settings":
                # Ours, not an earlier run's (each is closed before the next starts).
                try:
                    if a.get_process_id() != self.proc.pid:
                        continue
                except Exception:
                    pass
                return a
        return None

    def frame(self, title):
        title = T(title)
        for i in range(self.node.childCount):
            f = self.node.getChildAtIndex(i)
            if f is not None and f.name == title:
                return f
        return None

    def sweep(self):
        """In a translated run: no name on any of the app's windows is an
        English msgid (or holds a long piece of one) its language translates."""
        names = set()
        try:
            for i in range(self.node.childCount):
                for n in walk(self.node.getChildAtIndex(i)):
                    names.add(n.name or "")
                    try:
                        if n.getRoleName() == "label":
                            names.add(text_of(n))
                    except Exception:
                        pass
        except Exception:
            return  # the app is gone (a scenario that quits it)
        left = T.english_left(names)
        expect(not left, f"English left on screen in {LANGUAGE}: {sorted(left)[:8]}")
        self.swept = len(names)

    def close(self):
        if LANGUAGE and self.proc.poll() is None:
            self.sweep()
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        # GTK says what the app got wrong (a call on a widget that is gone): none of it.
        with open(self.log, errors="replace") as f:
            f.seek(self.log_start)
            said = [l for l in f.read().splitlines() if "CRITICAL" in l or "Gtk-WARNING" in l]
        expect(not said, "GTK complained:\n  " + "\n  ".join(said[:5]))


def walk(node, prune_hidden=True):
    """Every descendant, depth first, skipping hidden subtrees (GTK sets no 'visible' on them)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if n is None:
            continue
        yield n
        try:
            kids = [n.getChildAtIndex(i) for i in range(n.childCount)]
        except Exception:
            continue
        for k in reversed(kids):
            if k is None:
                continue
            try:
                if prune_hidden and not k.getState().contains(pyatspi.STATE_VISIBLE):
                    continue
            except Exception:
                continue  # a widget gone since its parent listed it (a list rebuilt)
            stack.append(k)


def find_all(root, role=None, name=None, contains=None):
    """`name` and `contains` are English: the run's language's words are looked for."""
    name = None if name is None else T(name)
    contains = None if contains is None else T.piece(contains)
    out = []
    for n in walk(root):
        if role and n.getRoleName() != role:
            continue
        if name is not None and n.name != name:
            continue
        if contains is not None and contains not in (n.name or ""):
            continue
        out.append(n)
    return out


def find(root, role=None, name=None, contains=None, timeout=10.0):
    return wait_for(lambda: (find_all(root, role, name, contains) or [None])[0],
                    f"{role or 'a widget'} {name or contains!r}", timeout=timeout)


def act(node, action):
    a = node.queryAction()
    for i in range(a.nActions):
        if a.getName(i) == action:
            a.doAction(i)
            return
    raise Failure(f"{node.getRoleName()} {node.name!r} has no action {action}")


def click(node):
    """AT-SPI's click is GtkButton's activate, which emits `clicked` only after
    its 250 ms ACTIVATE_TIMEOUT: waited out, so that a key sent next through
    XTest cannot overtake it. (It did: the search scenario's Ctrl+F, sent
    0.15 s after clicking the Settings tab, came first in 3 of 9 runs; the
    tab's switch then hid the search entry, the click aimed at it by its
    AT-SPI extents hit 0×0 at the window's edge, and Escape reached no entry.)"""
    expect(node.getState().contains(pyatspi.STATE_SENSITIVE), f"{node.name!r} is not sensitive")
    act(node, "click")
    time.sleep(0.3)


def checked(node):
    """A switch or check box is checked; a toggle button pressed."""
    s = node.getState()
    return s.contains(pyatspi.STATE_CHECKED) or s.contains(pyatspi.STATE_PRESSED)


def set_text(node, text):
    e = node.queryEditableText()
    e.setTextContents(text)
    time.sleep(0.1)


def settled(f):
    """(f(),), or None while a widget f walks goes away under it (a page being built)."""
    try:
        return (f(),)
    except Exception:
        return None


def has_entry_row():
    """The app uses AdwEntryRow: libadwaita has it (1.2) and the 1.1 way is not asked for."""
    if os.environ.get("GESTURE_BRIDGE_SETTINGS_LIBADWAITA_1_1"):
        return False
    return hasattr(ctypes.CDLL("libadwaita-1.so.0"), "adw_entry_row_new")


ENTRY_ROW = has_entry_row()


def type_into(node, text):
    """Clicked first, as a person would: AdwEntryRow (libadwaita 1.2) shows its
    apply button ("Set …") only for an edit made while its text has the focus."""
    e = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    xdotool("mousemove", "--window", window_id(), str(e.x + e.width // 2), str(e.y + e.height // 2), "click", "1")
    time.sleep(0.2)
    set_text(node, text)


def text_of(node):
    t = node.queryText()
    return t.getText(0, t.characterCount)


def select(listnode, name):
    """Selects the row called `name` in a GtkListBox (AT-SPI's Selection)."""
    name = T(name)
    rows = [listnode.getChildAtIndex(i) for i in range(listnode.childCount)]
    for i, r in enumerate(rows):
        if r is not None and r.name == name:
            listnode.querySelection().selectChild(i)
            time.sleep(0.2)
            return
    raise Failure(f"no row {name!r} in {listnode.name!r}: {[r.name for r in rows if r is not None]}")


def xdotool(*args):
    subprocess.run(["xdotool", *args], check=True)


# MARK: Checks on the file

def check_loads(session, path):
    r = subprocess.run([os.path.join(session.args.bin, "gesture-bridge"), "check", "--config", path],
                       capture_output=True, text=True)
    expect(r.returncode == 0, f"gesture-bridge check {path} failed:\n{r.stdout}{r.stderr}")


def expect_golden(session, path, golden, timeout=5.0):
    """The file on disk equals Tests/Settings/goldens/GOLDEN (written there with UPDATE_GOLDENS=1) and loads."""
    gpath = os.path.join(GOLDENS, golden)
    if UPDATE:
        time.sleep(1.0)
        shutil.copyfile(path, gpath)
        log("wrote", gpath)
    want = open(gpath, encoding="utf-8").read()

    def same():
        return open(path, encoding="utf-8").read() == want
    try:
        wait_for(same, f"{path} to equal {golden}", timeout=timeout)
    except Failure:
        got = open(path, encoding="utf-8").read()
        diff = subprocess.run(["diff", "-u", gpath, path], capture_output=True, text=True).stdout
        raise Failure(f"{path} differs from {golden}:\n{diff or got}")
    check_loads(session, path)


def fresh_config(session, name, text=None):
    d = os.path.join(session.args.scratch, name)
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, "config.toml")
    if text is None:
        shutil.copyfile(FIXTURE, path)
    else:
        open(path, "w", encoding="utf-8").write(text)
    return path


def save(app, dialog, title):
    """Presses the dialog's Save; it closes when what it holds is stored."""
    click(find(dialog, "push button", "Save"))
    wait_for(lambda: app.frame(title) is None, f"the {title!r} dialog to close")


def binding_row(app, contains):
    gestures = find(app.window, "list", "Gestures")
    return find(gestures, "list item", contains=contains)


def delete_binding(app, contains):
    """Delete lives in the binding's form (issue 52, point 5): the row's
    chevron (its activatable widget: 'Edit' and the row's title) opens it."""
    click(find(binding_row(app, contains), "push button", contains="Edit"))
    # The form's title in the run's language: "Edit Gesture", or "Edit
    # {gesture}" (an expression's form) whatever the translation's word order.
    prefix, _, suffix = T("Edit {gesture}").partition("{gesture}")
    def is_form(name):
        return name == T("Edit Gesture") or (name.startswith(prefix) and name.endswith(suffix) and name != T("Edit"))
    f = wait_for(lambda: next((app.node.getChildAtIndex(i) for i in range(app.node.childCount)
                               if is_form(app.node.getChildAtIndex(i).name or "")), None), "the binding's form")
    click(find(f, "push button", "Delete"))


def form(app, title="Add Gesture"):
    return wait_for(lambda: app.frame(title), f"the {title!r} dialog")


def add_overview_swipe(session, app, path, before=None):
    """Add Gesture: four fingers up opens the overview (app-1-add-swipe.toml);
    `before()` runs once the form is open."""
    click(find(app.window, "push button", "Add Gesture"))
    f = form(app)
    if before:
        before()
    set_text(find(f, "text", "Name"), "overview-4")
    click(find(f, "push button", "Swipe"))
    click(find(f, "push button", "4 fingers"))
    click(find(f, "push button", "Up"))
    click(find(f, "push button", "Action: named action"))
    select(find(f, "list", "Action: named actions"), "Overview")
    save(app, f, "Add Gesture")
    expect_golden(session, path, "app-1-add-swipe.toml")


# MARK: Scenarios

def scenario_edits(session):
    """Add a swipe and a pinch, edit one, switch one off, delete one, add an
    application and a binding in it, record a chord, change a setting: after
    each the file equals its golden and loads."""
    path = fresh_config(session, "edits")
    original = open(path, encoding="utf-8").read()
    app = App(session, path)
    try:
        w = app.window
        # Nothing is written by opening it.
        time.sleep(0.5)
        expect(open(path, encoding="utf-8").read() == original, "opening the config changed it")

        # 1. A swipe: four fingers up opens the overview.
        add_overview_swipe(session, app, path)
        binding_row(app, "overview-4")

        # 2. A pinch on the touchpad: Ctrl+Plus / Ctrl+Minus every 10 %.
        click(find(w, "push button", "Add Gesture"))
        f = form(app)
        set_text(find(f, "text", "Name"), "zoom-pad")
        click(find(f, "push button", "Pinch"))
        click(find(f, "push button", "2 fingers"))
        click(find(f, "push button", "Touchpad"))
        click(find(f, "push button", "Acts every step"))
        spin = find(f, "spin button", "Every")
        set_text(spin, "10")
        click(find(f, "push button", "Action: keys"))
        set_text(find(f, "text", "Action: keys"), "ctrl+plus")
        click(find(f, "push button", "Decrease: keys"))
        set_text(find(f, "text", "Decrease: keys"), "ctrl+minus")
        save(app, f, "Add Gesture")
        expect_golden(session, path, "app-2-add-pinch.toml")

        # 3. Edit one: workspace-next takes 4 fingers and acts at the start.
        row = binding_row(app, "workspace-next:")
        click(find(row, "push button", contains="Edit"))
        f = form(app, "Edit Gesture")
        expect(checked(find(f, "push button", "3 fingers")), "the form did not show workspace-next's 3 fingers")
        click(find(f, "push button", "4 fingers"))
        click(find(f, "push button", "Acts at the start"))
        save(app, f, "Edit Gesture")
        expect_golden(session, path, "app-3-edit.toml")

        # 4. Switch one off: zoom stays in the file, with enabled = false.
        row = binding_row(app, "zoom:")
        # The switch is named after its binding; on or off is its state.
        switch = find(row, "check box", "zoom")
        expect(checked(switch), "zoom's switch is not on")
        act(switch, "toggle")
        expect_golden(session, path, "app-4-switch-off.toml")
        wait_for(lambda: not checked(find(binding_row(app, "zoom:"), "check box", "zoom")), "zoom's switch to be off")

        # 5. Delete one: the two-finger tap.
        delete_binding(app, "Tap with 2 fingers on the touchscreen")
        expect_golden(session, path, "app-5-delete.toml")

        # 6. An application of those running (xmessage's window), and a gesture in it.
        session.start(["xmessage", "-name", "gb-drive", "a running application"])
        time.sleep(0.8)
        click(find(w, "push button", "Add Application"))
        picker = form(app, "Add Application")
        running = find(picker, "list", "Running applications")
        wait_for(lambda: any(running.getChildAtIndex(i).name == "Xmessage" for i in range(running.childCount)),
                 "xmessage among the running applications")
        select(running, "Xmessage")
        expect(text_of(find(picker, "text", "Window class")) == "Xmessage", "picking a running application did not fill its class")
        click(find(picker, "push button", "Add"))
        wait_for(lambda: app.frame("Add Application") is None, "the picker to close")
        expect_golden(session, path, "app-6-add-application.toml")
        scopes = find(w, "list", "Scopes")
        wait_for(lambda: find_all(scopes, "list item", "Xmessage"), "the Xmessage scope in the sidebar")
        click(find(w, "push button", "Add Gesture"))
        f = form(app)
        click(find(f, "push button", "Tap"))
        click(find(f, "push button", "Double tap"))
        click(find(f, "push button", "2 fingers"))
        click(find(f, "push button", "Action: mouse button"))
        click(find(f, "push button", "Action: Middle button"))
        save(app, f, "Add Gesture")
        expect_golden(session, path, "app-7-application-binding.toml")

        # 7. Record a chord: Record Keys, then Ctrl+Alt+T pressed through XTest.
        select(find(w, "list", "Scopes"), "All applications")
        click(find(w, "push button", "Add Gesture"))
        f = form(app)
        set_text(find(f, "text", "Name"), "terminal")
        click(find(f, "push button", "3 fingers"))
        click(find(f, "push button", "Down"))
        click(find(f, "push button", "Action: keys"))
        click(find(f, "push button", "Record Keys"))
        find(f, "push button", "Press the Keys…")
        wid = subprocess.run(["xdotool", "search", "--sync", "--name", f"^{T('Add Gesture')}$"], capture_output=True,
                             text=True).stdout.split()
        expect(wid, "xdotool found no 'Add Gesture' window")
        xdotool("windowfocus", "--sync", wid[-1])
        xdotool("key", "--clearmodifiers", "ctrl+alt+t")
        wait_for(lambda: text_of(find(f, "text", "Action: keys")) == "ctrl+alt+t",
                 "the recorded chord ctrl+alt+t in the keys field")
        save(app, f, "Add Gesture")
        expect_golden(session, path, "app-8-record-chord.toml")

        # 8. A setting: swipe-distance 70px (in place of 90px), then long-press reset to its default.
        click(find(w, "page tab", "Settings"))
        # The row: AdwEntryRow where libadwaita has it (its apply button shows
        # for an edit), else an entry and a Set button, off until an edit.
        set_through_row(w, "swipe-distance", "Set swipe-distance", "70px")
        expect_golden(session, path, "app-9-setting.toml")
        click(find(w, "push button", "Reset long-press"))
        expect_golden(session, path, "app-10-reset-setting.toml")

        # The previous file is kept beside it.
        expect(os.path.exists(path + ".bak"), "no backup FILE.bak after saving")
    finally:
        app.close()


def set_through_row(w, key, set_name, value):
    """A setting's row (the Settings page's or a device table's): AdwEntryRow
    where libadwaita has it (its apply button shows only for an edit), else
    an entry and a Set button, off until an edit; `value` typed and Set."""
    def unedited():
        sets = find_all(w, "push button", set_name)
        if ENTRY_ROW:
            return not sets
        return len(sets) == 1 and not sets[0].getState().contains(pyatspi.STATE_SENSITIVE)
    # Waited for: the page may still be rebuilding from the change before.
    wait_for(lambda: settled(unedited) == (True,),
             f"{set_name}: no apply button (AdwEntryRow) or an insensitive Set (1.1) before an edit")
    # The one on screen: another page may have a row of the same key (the Settings page's
    # finger-landing while a device table's is edited), unmapped: 0×0 at the window's edge.
    shown = lambda: [n for n in find_all(w, "text", key) if n.queryComponent().getExtents(pyatspi.WINDOW_COORDS).width > 0]
    entry = wait_for(lambda: (settled(shown) or [[]])[0], f"the {key} row on screen")
    expect(len(entry) == 1, f"{len(entry)} {key} rows on screen")
    type_into(entry[0], value)
    click(find(w, "push button", set_name))


def scenario_expression(session):
    """A binding the form cannot express: its expression in an editor with
    live diagnostics; a bad one is refused (nothing written), a good one saved."""
    path = fresh_config(session, "expression")
    app = App(session, path)
    try:
        row = binding_row(app, "hold-then-drag:")
        click(find(row, "push button", contains="Edit"))
        f = form(app, "Edit hold-then-drag")
        entry = find(f, "text", "Gesture expression")
        expect("sequenced" in text_of(entry), "the editor does not hold the composition's text")
        set_text(entry, "longPress(minimumDuration: 0.6s).sequenced(before: drag(minimumDistance: 40pz))")
        diag = find(f, "label", contains="error: ")
        expect(text_of(diag).startswith("1:"), f"the error is not located: {text_of(diag)!r}")
        before = open(path, encoding="utf-8").read()
        click(find(f, "push button", "Save"))
        time.sleep(0.5)
        expect(open(path, encoding="utf-8").read() == before, "an expression with errors was written")
        set_text(entry, "longPress(minimumDuration: 0.5s).sequenced(before: drag(minimumDistance: 40px))")
        find(f, "label", "No problems.")
        click(find(f, "push button", "Save"))
        wait_for(lambda: app.frame("Edit hold-then-drag") is None, "the editor to close")
        expect_golden(session, path, "app-11-expression.toml")
    finally:
        app.close()


def scenario_errors(session):
    """A config that does not load opens read-only, its errors at line:column."""
    text = open(FIXTURE, encoding="utf-8").read().replace("direction: .left)", "direction: .lef)", 1)
    path = fresh_config(session, "errors", text)
    app = App(session, path)
    try:
        w = app.window
        find(w, "panel", contains="Read-only")
        located = find(w, "label", contains="config.toml:")
        # The message in the app's language (the config's words are the command's, po/), the place as `check` gives it.
        expect(":14:41: " in located.name and T.piece("unknown direction ") in located.name, f"no located error: {located.name!r}")
        expect(not find(w, "push button", "Add Gesture").getState().contains(pyatspi.STATE_SENSITIVE),
               "Add Gesture is pressable on a config with errors")
        expect(not find(w, "push button", "Add Application").getState().contains(pyatspi.STATE_SENSITIVE),
               "Add Application (+) is pressable on a config with errors")
        row = binding_row(app, "workspace-previous")
        expect(not find(row, "push button", contains="Edit").getState().contains(pyatspi.STATE_SENSITIVE),
               "a binding's form opens on a config with errors")
        expect(open(path, encoding="utf-8").read() == text, "the config with errors was changed")
    finally:
        app.close()


def scenario_read_only_file(session):
    """A file that cannot be written: said at once, every control off, nothing lost."""
    path = fresh_config(session, "read-only")
    folder = os.path.dirname(path)
    if os.getuid() == 0:
        # root writes through file modes: a read-only bind mount of the folder in a namespace of its own.
        prefix = ["unshare", "-m", "sh", "-c", f"mount --bind -o ro '{folder}' '{folder}' && exec \"$@\"", "sh"]
    else:
        os.chmod(path, 0o444)
        os.chmod(folder, 0o555)
        prefix = []
    app = App(session, path, prefix=prefix)
    try:
        w = app.window
        banner = find(w, "panel", contains="not writable")
        expect(T.piece("Read-only") in banner.name, f"the banner does not say read-only: {banner.name!r}")
        expect(not find(w, "push button", "Add Gesture").getState().contains(pyatspi.STATE_SENSITIVE),
               "Add Gesture is pressable on a read-only file")
        expect(open(path, encoding="utf-8").read() == open(FIXTURE, encoding="utf-8").read(), "the read-only file changed")
    finally:
        app.close()
        if os.getuid() != 0:
            os.chmod(folder, 0o755)


def scenario_external_edit(session):
    """A change made outside while the window is open: noticed, offered, never saved over."""
    path = fresh_config(session, "external")
    app = App(session, path)
    try:
        w = app.window
        binding_row(app, "workspace-next")
        outside = open(path, encoding="utf-8").read() + "\n[[bind]]\nname = \"added-outside\"\ngesture = \"tap(fingers: 3)\"\non-ended = \"key super\"\n"
        with open(path, "w", encoding="utf-8") as f:
            f.write(outside)
        banner = find(w, "panel", contains=T.pattern("{file} was changed outside this window. Nothing here was saved over it.",
                                                     file=path))
        # Nothing can be changed until it is reloaded: the outside change stays.
        row = binding_row(app, "zoom:")
        wait_for(lambda: not find(binding_row(app, "zoom:"), "check box", "zoom").getState().contains(pyatspi.STATE_SENSITIVE),
                 "the switches to be off limits")
        expect(not find(w, "push button", "Add Gesture").getState().contains(pyatspi.STATE_SENSITIVE),
               "Add Gesture is pressable over an outside change")
        time.sleep(0.5)
        expect(open(path, encoding="utf-8").read() == outside, "the outside change was saved over")
        click(find(banner, "push button", "Reload"))
        binding_row(app, "added-outside")
        # After the reload edits go on, from the new text.
        act(find(binding_row(app, "zoom:"), "check box", "zoom"), "toggle")
        wait_for(lambda: "enabled = false" in open(path, encoding="utf-8").read() and "added-outside" in open(path, encoding="utf-8").read(),
                 "the switch saved on top of the outside change")
        check_loads(session, path)
    finally:
        app.close()


def state_file(session):
    return os.path.join(session.runtime, "gesture-bridge-" + session.display.replace(":", "_") + ".state")


def daemon_pid(session):
    try:
        for line in open(state_file(session)):
            if line.startswith("pid "):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def stop_daemon(session):
    pid = daemon_pid(session)
    if pid:
        os.kill(pid, signal.SIGTERM)
        wait_for(lambda: not os.path.exists(state_file(session)), "the daemon to stop")


def shifted_trace(session, source, offset, name):
    """`source` with every event `offset` seconds later (time for the app to connect before it plays)."""
    import json
    out = os.path.join(session.args.scratch, name)
    with open(source, encoding="utf-8") as f, open(out, "w", encoding="utf-8") as o:
        for line in f:
            s = line.strip()
            if s.startswith("{") and '"t"' in s:
                e = json.loads(s)
                e["t"] = round(e["t"] + offset, 6)
                o.write(json.dumps(e) + "\n")
            else:
                o.write(line)
    return out


def playing(session, config, trace):
    """A daemon on `config` playing `trace` (docs/traces: `run --play`)."""
    return session.start([os.path.join(session.args.bin, "gesture-bridge"), "run", "--config", config, "--play", trace],
                         stdout=subprocess.DEVNULL, stderr=open(os.path.join(session.args.scratch, "daemon.log"), "a"))

def scenario_daemon(session):
    """The daemon not running (the banner and its button), then running on
    played traces: the row of the binding a swipe triggers lights up; a short
    swipe's why-not line; "Fit to my hands" proposes tune's change."""
    path = fresh_config(session, "daemon")
    app = App(session, path)
    try:
        w = app.window
        banner = find(w, "panel", contains="gesture-bridge is not running on")
        click(find(banner, "push button", "Start gesture-bridge"))
        wait_for(lambda: daemon_pid(session), "the daemon the banner started", timeout=15)
        wait_for(lambda: not find_all(w, "panel", contains="gesture-bridge is not running on"), "the banner to go", timeout=10)
        stop_daemon(session)
    finally:
        app.close()

    # A daemon playing a 3-finger swipe left (8 s from its start: the app connects first).
    swipe = shifted_trace(session, os.path.join(ROOT, "Tests/Traces/touchscreen-swipe-left-3.jsonl"), 8.0, "swipe.jsonl")
    daemon = playing(session, path, swipe)
    app = App(session, path)
    try:
        w = app.window
        find(w, "label", contains="Watching gesture-bridge", timeout=8)
        # The row, found once: then only its few widgets are read, fast enough to see a 4 s light.
        row = binding_row(app, "workspace-next:")
        wait_for(lambda: find_all(row, "label", "Recognized"), "workspace-next's row to light up", timeout=15,
                 interval=0.05)
        expect(not find_all(binding_row(app, "workspace-previous:"), "label", "Recognized"),
               "workspace-previous lit up for a swipe left")
    finally:
        app.close()
        daemon.terminate()
        daemon.wait(5)

    # A short swipe: nothing fires; Try It says why.
    short = shifted_trace(session, os.path.join(ROOT, "Tests/Monitor/short-swipe-left-3.jsonl"), 4.0, "short.jsonl")
    daemon = playing(session, path, short)
    app = App(session, path)
    try:
        w = app.window
        click(find(w, "page tab", "Try It"))
        # (GTK names a label by its text once it changes.)
        verdict = find(w, "label", contains="nothing fired; closest: workspace-next: travelled", timeout=15)
        log("why not:", text_of(verdict))
        expect(" of the 90 px swipe-distance" in text_of(verdict),
               f"the why-not line does not measure against swipe-distance 90: {text_of(verdict)}")
        # Fit to my hands, on the same short swipe recorded before.
        expect(text_of(find(w, "text", "Binding to fit")) == "workspace-next", "the closest binding is not offered to fit")
        set_text(find(w, "text", "Recorded attempts"), os.path.join(ROOT, "Tests/Monitor/short-swipe-left-3.jsonl"))
        click(find(w, "push button", "Propose a Change"))
        # (GTK names a label by its text once it changes.)
        proposal = find(w, "label", contains="swipe-distance = ", timeout=60)
        log("tune proposes:", text_of(proposal).replace("\n", " | "))
        before = open(path, encoding="utf-8").read()
        expect(before == open(FIXTURE, encoding="utf-8").read(), "tune's proposal was written before the user said so")
        click(find(w, "push button", "Apply the Change"))
        expect_golden(session, path, "app-12-fit-to-hands.toml")
    finally:
        app.close()
        daemon.terminate()
        daemon.wait(5)


@contextlib.contextmanager
def fake_monitor_socket(session):
    """A listening socket where the app looks for the daemon's monitor stream
    on its display; accepts time out after 0.2 s. Closed and its path
    removed on the way out."""
    sock_path = os.path.join(session.runtime, "gesture-bridge-" + session.display.replace(":", "_") + ".monitor")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(sock_path)
    try:
        server.listen(4)
        server.settimeout(0.2)
        yield server
    finally:
        server.close()
        os.unlink(sock_path)


def scenario_foreign_monitor(session):
    """A monitor socket that closes at once (the daemon does so to a client of
    another user): said, and the app keeps working."""
    path = fresh_config(session, "foreign")
    with fake_monitor_socket(session) as server:
        app = App(session, path)
        try:
            w = app.window
            click(find(w, "page tab", "Try It"))

            def refused():
                try:
                    c, _ = server.accept()
                    c.close()
                except socket.timeout:
                    pass
                return find_all(w, "label", contains="socket belongs to another user")
            wait_for(refused, "the app to say the monitor closed on it", timeout=10)
        finally:
            app.close()


def scenario_import(session):
    """Another tool's config found: offered, previewed, nothing written before the user says."""
    tool_dir = os.path.join(session.home, ".config", "libinput-gestures.conf")
    os.makedirs(os.path.dirname(tool_dir), exist_ok=True)
    shutil.copyfile(os.path.join(ROOT, "Tests/Import/libinput-gestures.conf"), tool_dir)
    path = os.path.join(session.args.scratch, "import", "config.toml")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    app = App(session, path)
    try:
        w = app.window
        find(w, "panel", contains="No config file yet")
        banner = find(w, "panel", contains="libinput-gestures")
        click(find(banner, "push button", "Preview Import"))
        d = form(app, "Import from libinput-gestures")
        across = find(d, "list", "What comes across")
        wait_for(lambda: across.childCount > 0, "the gestures that come across")
        expect(not os.path.exists(path), "the import wrote before the user said so")
        click(find(d, "push button", "Import"))
        wait_for(lambda: os.path.exists(path), "the imported config")
        check_loads(session, path)
        binding_row(app, "")
    finally:
        app.close()
        os.unlink(tool_dir)


def scenario_pick_window(session):
    """An application's scope by clicking its window (xprop's crosshair): the class comes into the field."""
    path = fresh_config(session, "pick")
    # Beside the app's window (1000x720 at the top left), where a click finds it.
    session.start(["xmessage", "-geometry", "+1060+80", "-name", "gb-pick", "click me"])
    app = App(session, path)
    try:
        w = app.window
        click(find(w, "push button", "Add Application"))
        picker = form(app, "Add Application")
        click(find(picker, "push button", "Pick a Window"))
        find(picker, "label", contains="Click the window")
        time.sleep(0.8)   # xprop has grabbed the pointer
        xdotool("mousemove", "1100", "110")
        xdotool("click", "1")
        wait_for(lambda: text_of(find(picker, "text", "Window class")) == "Xmessage", "the clicked window's class")
        before = open(path, encoding="utf-8").read()
        click(find(picker, "push button", "Cancel"))
        wait_for(lambda: app.frame("Add Application") is None, "the picker to close")
        expect(open(path, encoding="utf-8").read() == before, "Cancel wrote something")
    finally:
        app.close()


def scenario_devices(session):
    """A [[device]] table: switched off; its own setting changed through its
    row as on the Settings page (set_through_row), and set back; then
    removed. Each written in place and loading."""
    path = fresh_config(session, "devices")
    app = App(session, path)
    try:
        w = app.window
        click(find(w, "page tab", "Devices"))
        act(find(w, "check box", "Switched off: name:ELAN*"), "toggle")
        expect_golden(session, path, "app-13-device-off.toml")
        off = open(os.path.join(GOLDENS, "app-13-device-off.toml"), encoding="utf-8").read()
        changed = off.replace('finger-landing = "300ms"', 'finger-landing = "250ms"')
        expect(changed != off, "app-13-device-off.toml has no finger-landing = \"300ms\" to change")
        set_through_row(w, "finger-landing", "Set finger-landing for name:ELAN*", "250ms")
        wait_for(lambda: open(path, encoding="utf-8").read() == changed, "finger-landing = \"250ms\" in place of 300ms, nothing else")
        check_loads(session, path)
        # The page is rebuilt after each change: the new row, as a person sees it again.
        set_through_row(w, "finger-landing", "Set finger-landing for name:ELAN*", "300ms")
        expect_golden(session, path, "app-13-device-off.toml")
        click(find(w, "push button", "Reset finger-landing for name:ELAN*"))
        expect_golden(session, path, "app-14-device-reset.toml")
    finally:
        app.close()


def removed_then_undone(session, app, path, remove):
    """`remove()` changes the file at once (no question asked); the toast's
    Undo brings back its bytes exactly."""
    before = open(path, "rb").read()
    remove()
    wait_for(lambda: open(path, "rb").read() != before, "the removal to be written")
    check_loads(session, path)
    # libadwaita 1.2 names the toast's button 'Undo Undo' (its label twice).
    click(find(app.window, "push button", contains="Undo"))
    wait_for(lambda: open(path, "rb").read() == before, f"Undo to give back {path} byte for byte")
    check_loads(session, path)


def undone_on_copy(session, name, remove, then):
    """On a fresh copy of the fixture: `remove(app)` then Undo (removed_then_undone), then `then(app)`."""
    path = fresh_config(session, name)
    app = App(session, path)
    try:
        removed_then_undone(session, app, path, lambda: remove(app))
        then(app)
    finally:
        app.close()


def scenario_undo_delete(session):
    """Delete a binding: gone from the file at once, Undo restores the file byte for byte."""
    tap = "Tap with 2 fingers on the touchscreen"
    undone_on_copy(session, "undo-delete", lambda app: delete_binding(app, tap),
                   lambda app: binding_row(app, tap))


def scenario_undo_remove_application(session):
    """Remove an application (no dialog): its table goes at once, Undo restores the file byte for byte."""
    def remove(app):
        select(find(app.window, "list", "Scopes"), "firefox")
        click(find(app.window, "push button", "Remove Application"))

    def then(app):
        frames = [app.node.getChildAtIndex(i).name for i in range(app.node.childCount)]
        expect(frames == [APP_NAME], f"a window besides the main one opened: {frames}")
        wait_for(lambda: find_all(find(app.window, "list", "Scopes"), "list item", "firefox"), "firefox back in the sidebar")
    undone_on_copy(session, "undo-application", remove, then)


def scenario_undo_remove_device_table(session):
    """Remove a [[device]] table: gone at once, Undo restores the file byte for byte."""
    def remove(app):
        click(find(app.window, "page tab", "Devices"))
        click(find(app.window, "push button", "Remove Table"))
    undone_on_copy(session, "undo-device", remove,
                   lambda app: find(app.window, "check box", "Switched off: name:ELAN*"))


def scenario_single_instance(session):
    """A second launch on the same file raises the first window and exits:
    one process, one window. Another file is another process."""
    path = fresh_config(session, "single")
    app = App(session, path)
    other = None
    try:
        second = session.start([os.path.join(session.args.bin, "gesture-bridge-settings"), "--config", path])
        try:
            code = second.wait(15)
        except subprocess.TimeoutExpired:
            raise Failure("the second launch on the same file is still running")
        expect(code == 0, f"the second launch exited {code}")
        desktop = pyatspi.Registry.getDesktop(0)
        ours = [a for a in (desktop.getChildAtIndex(i) for i in range(desktop.childCount))
                if a is not None and a.name == "gesture-bridge-settings"]
        expect([a.get_process_id() for a in ours] == [app.proc.pid], f"not one process: {[a.get_process_id() for a in ours]}")
        frames = [app.node.getChildAtIndex(i).name for i in range(app.node.childCount)]
        expect(frames == [APP_NAME], f"not one window: {frames}")
        wait_for(lambda: app.window.getState().contains(pyatspi.STATE_ACTIVE), "the first window raised (active)")
        # Another config file: a window of its own.
        other = App(session, fresh_config(session, "single-other"))
        expect(other.proc.pid != app.proc.pid and other.proc.poll() is None, "another file did not get its own process")
    finally:
        if other:
            other.close()
        app.close()


def press(title, keys):
    """Keys through XTest into the window called `title` (focused first)."""
    wid = subprocess.run(["xdotool", "search", "--sync", "--name", f"^{T(title)}$"], capture_output=True,
                         text=True, timeout=10).stdout.split()
    expect(wid, f"xdotool found no {title!r} window")
    xdotool("windowfocus", "--sync", wid[-1])
    xdotool("key", "--clearmodifiers", keys)
    time.sleep(0.3)


def scenario_keys(session):
    """Ctrl+N opens the form, Escape cancels it (nothing written), Ctrl+W
    closes the window (the process ends, 0)."""
    path = fresh_config(session, "keys")
    before = open(path, "rb").read()
    app = App(session, path)
    try:
        press(APP_NAME, "ctrl+n")
        form(app)
        press("Add Gesture", "Escape")
        wait_for(lambda: app.frame("Add Gesture") is None, "Escape to close the form")
        press(APP_NAME, "ctrl+w")
        wait_for(lambda: app.proc.poll() is not None, "Ctrl+W to close the window")
        expect(app.proc.returncode == 0, f"the app exited {app.proc.returncode}")
        expect(open(path, "rb").read() == before, "the keys changed the file")
    finally:
        app.close()


def scenario_close_while_watching(session):
    """Ctrl+W while the monitor stream keeps coming (a daemon in the middle of
    a gesture): the window closes, the process ends 0, and nothing the main
    loop still had due that turn reaches a freed widget (GTK says nothing;
    seen under load as CRITICALs from the monitor's callbacks after Ctrl+W)."""
    path = fresh_config(session, "close-watching")
    stop, go = threading.Event(), threading.Event()
    sent = [0]

    def stream(server):
        # Once the app watches (go): a finger moving on device 2, frames a
        # millisecond or so apart, so that the app's fd is readable in
        # nearly every turn of its main loop. (Only then: a flood from the
        # start slows every AT-SPI lookup on the way, 65 s a run.)
        while not stop.is_set():
            try:
                c, _ = server.accept()
            except socket.timeout:
                continue
            except OSError:   # the socket closed (the scenario ended)
                return
            with c:
                x = 0
                while not stop.is_set() and not go.wait(0.1):
                    pass
                while not stop.is_set():
                    x = (x + 7) % 1900
                    line = f'{{"t":{sent[0] / 1000:.3f},"type":"frame","device":2,"kind":"touchscreen","fingers":[[{x},500]],"bindings":[]}}\n'
                    try:
                        c.sendall(line.encode() * 4)
                    except OSError:
                        break
                    sent[0] += 4
                    time.sleep(0.001)

    with fake_monitor_socket(session) as server:
        streamer = threading.Thread(target=stream, args=(server,), daemon=True)
        streamer.start()
        app = App(session, path)
        try:
            w = app.window
            click(find(w, "page tab", "Try It"))
            wait_for(lambda: find_all(w, "label", contains="Watching gesture-bridge: what it sees shows here as it happens."),
                     "the app to watch the stream")
            go.set()
            wait_for(lambda: sent[0] > 200, "the stream to flow")
            press(APP_NAME, "ctrl+w")
            wait_for(lambda: app.proc.poll() is not None, "Ctrl+W to close the window")
            expect(app.proc.returncode == 0, f"the app exited {app.proc.returncode}")
        finally:
            stop.set()
            app.close()
            streamer.join(timeout=5)


def scenario_shortcuts(session):
    """Ctrl+? opens the Keyboard Shortcuts window; it lists Ctrl+N."""
    app = App(session, fresh_config(session, "shortcuts"))
    try:
        press(APP_NAME, "ctrl+question")
        sw = wait_for(lambda: app.frame("Keyboard Shortcuts"), "the Keyboard Shortcuts window")
        find(sw, None, contains="Add a gesture")
    finally:
        app.close()


def open_about(app):
    # GtkMenuButton: the button inside it (the same name) takes the click.
    menu = find(app.window, None, "Main Menu")
    inner = [n for n in walk(menu) if n is not menu and n.getRoleName() == "push button"]
    expect(inner, "the Main Menu button has no button inside")
    act(inner[0], "click")
    item = find(app.node, "menu item", contains="About")
    act(item, "click")


def scenario_about(session):
    """About from the primary menu: libadwaita's about window where the
    library has it (1.2), GtkAboutDialog the 1.1 way (forced by
    GESTURE_BRIDGE_SETTINGS_LIBADWAITA_1_1=1); both give the version."""
    names = {}
    for forced in (False, True):
        prefix = ["env", "GESTURE_BRIDGE_SETTINGS_LIBADWAITA_1_1=1"] if forced else None
        app = App(session, fresh_config(session, "about"), prefix=prefix)
        try:
            open_about(app)
            about = wait_for(lambda: next((app.node.getChildAtIndex(i) for i in range(app.node.childCount)
                                           if app.node.getChildAtIndex(i).name != APP_NAME), None), "the About window")
            find(about, None, contains="0.1.0")
            log(f"about ({'1.1 way' if forced else 'this libadwaita'}): {about.getRoleName()} {about.name!r}")
            names[forced] = about.name
        finally:
            app.close()
    # GtkAboutDialog is titled after the program; AdwAboutWindow 'About'.
    # (GTK's own words: in a translated run, GTK's translation or ours, which say the same.)
    expect(names[True] in (f"About {APP_NAME}", T(f"About {APP_NAME}")), f"the 1.1 way is not GtkAboutDialog: {names[True]!r}")
    symbols = "/var/lib/dpkg/info/libadwaita-1-0:amd64.symbols"
    has_adw_about = os.path.exists(symbols) and "adw_about_window_new@" in open(symbols).read()
    expect((names[False] != names[True]) == has_adw_about,
           f"libadwaita {'has' if has_adw_about else 'lacks'} AdwAboutWindow, the app showed {names[False]!r}")


def narrow_to(wid, width, height=700):
    """Asks for `width` twice: the first request meets the unfolded leaflet's
    minimum (sidebar and bindings side by side), which folds it; the
    second meets the folded one."""
    for _ in range(2):
        xdotool("windowsize", wid, str(width), str(height))
        time.sleep(0.5)


def scenario_narrow(session):
    """A window as narrow as it goes (asked for 360 px): the sidebar folds
    (AdwLeaflet), the pages move to a bar at the bottom; every page is
    reached, an application's gestures opened and left, and a form saved."""
    path = fresh_config(session, "narrow")
    app = App(session, path)
    try:
        wid = subprocess.run(["xdotool", "search", "--sync", "--name", f"^{APP_NAME}$"], capture_output=True,
                             text=True, timeout=10).stdout.split()
        narrowed_to_360(wid[-1], "narrow window")
        w = app.window
        back = find(w, "push button", "Back to the Applications")
        # Folded: the sidebar alone; choosing a scope shows its gestures, Back the sidebar.
        select(find(w, "list", "Scopes"), "firefox")
        wait_for(lambda: find_all(w, "push button", "Back to the Applications"), "firefox's gestures shown")
        click(back)
        select(find(w, "list", "Scopes"), "All applications")
        for page in ("Settings", "Devices", "Try It", "Gestures"):
            click(find(w, "page tab", page))
        add_overview_swipe(session, app, path)
    finally:
        app.close()


def narrowed_to_360(wid, what):
    """Asks the window `wid` for 360 px (narrow_to); it must be no wider."""
    narrow_to(wid, 360)
    info = subprocess.run(["xwininfo", "-id", wid], capture_output=True, text=True).stdout
    got = int(next(l.split(":")[1] for l in info.splitlines() if "Width" in l))
    log(f"{what}: Width: {got}")
    expect(got <= 360, f"the {what} stays {got} px wide, asked for 360")


def narrow_form_to_360():
    narrowed_to_360(window_id(T("Add Gesture")), "narrow form")


def scenario_narrow_form(session):
    """The form at 360 px (issue 52, point 4): its choices wrap onto more
    lines; the window is 360 px wide and a swipe is saved from it
    (app-1-add-swipe.toml)."""
    path = fresh_config(session, "narrow-form")
    app = App(session, path)
    try:
        add_overview_swipe(session, app, path, before=narrow_form_to_360)
    finally:
        app.close()


def row_in_view(app, contains):
    """The binding row's extents (window coordinates) once all of it is in
    the window: the list is scrolled with the wheel over it until it is (a
    longer language's rows are taller, and the row may start below the
    window's bottom, where a click lands on nothing)."""
    wid = window_id()
    height = int(re.search(r"Geometry: \d+x(\d+)", subprocess.run(["xdotool", "getwindowgeometry", wid], capture_output=True,
                                                                  text=True, timeout=10).stdout).group(1))
    for _ in range(20):
        e = binding_row(app, contains).queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        if e.height > 0 and 0 <= e.y and e.y + e.height <= height:
            return e
        lists = find(app.window, "list", "Gestures").queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        wheel = "5" if e.y + e.height > height else "4"
        xdotool("mousemove", "--window", wid, str(lists.x + lists.width // 2), str(min(height - 10, lists.y + lists.height // 2)),
                "click", wheel)
        time.sleep(0.2)
    raise Failure(f"the row {contains!r} never came into the window ({e.x},{e.y} {e.width}x{e.height} in a window {height} high)")


def window_id(title=APP_NAME):
    wid = subprocess.run(["xdotool", "search", "--sync", "--name", f"^{title}$"], capture_output=True,
                         text=True, timeout=10).stdout.split()
    expect(wid, f"xdotool found no {title!r} window")
    return wid[-1]


def shown_bindings(app):
    return [n.name for n in find_all(find(app.window, "list", "Gestures"), "list item")]


def focused(node):
    return node.getState().contains(pyatspi.STATE_FOCUSED)


def scenario_search(session):
    """Ctrl+F (issue 52, point 3): a search bar over the bindings; typing
    keeps the rows whose words hold it (any case). Escape ends the search and
    shows every row again: pressed in the entry, and pressed with the focus
    moved off it (Tab). Ctrl+F is in the Keyboard Shortcuts window; nothing
    is written."""
    path = fresh_config(session, "search")
    before = open(path, "rb").read()
    app = App(session, path)
    try:
        every = shown_bindings(app)
        expect(len(every) > 2, f"the fixture shows too few bindings: {every}")
        want = [n for n in every if "zoom" in n.lower()]
        expect(want and len(want) < len(every), f"'zoom' does not narrow the fixture's rows: {every}")

        def search(query):
            """Ctrl+F from wherever the app is puts the keyboard focus in the
            entry, where the keys then go (no click: one aimed by the entry's
            AT-SPI extents hits the window's edge while the entry is off
            screen), and the query is typed there."""
            press(APP_NAME, "ctrl+f")
            entry = find(app.window, "entry", "Search gestures")
            try:
                wait_for(lambda: focused(entry), "the keyboard focus in the search entry after Ctrl+F")
            except Failure:
                on = [(n.getRoleName(), n.name) for n in walk(app.window) if focused(n)]
                tabs = [n.name for n in find_all(app.window, "page tab") if n.getState().contains(pyatspi.STATE_SELECTED)]
                raise Failure(f"after Ctrl+F the keyboard focus is on {on}, not the search entry; page tabs selected: {tabs}")
            set_text(entry, query)
            return entry

        def ended(entry, how):
            wait_for(lambda: shown_bindings(app) == every, f"every row back after Escape ({how})", timeout=5.0)
            expect(text_of(entry) == "", f"the query is still {text_of(entry)!r} after Escape ({how})")
            expect(not focused(entry), f"the search entry keeps the focus after Escape ({how})")

        # From another page: Ctrl+F comes back to the gestures.
        click(find(app.window, "page tab", "Settings"))
        entry = search("ZOOM")
        wait_for(lambda: shown_bindings(app) == want, f"only {want} shown")
        set_text(entry, "no such gesture")
        wait_for(lambda: shown_bindings(app) == [], "no row shown for a query nothing holds")
        expect(focused(entry), "setting the query through AT-SPI moved the focus off the entry")
        press(APP_NAME, "Escape")
        ended(entry, "in the entry")

        # Escape with the focus off the entry (Tab to the next widget) still ends the search.
        entry = search("zoom")
        wait_for(lambda: shown_bindings(app) == want, f"only {want} shown again")
        press(APP_NAME, "Tab")
        wait_for(lambda: not focused(entry), "Tab to move the focus off the search entry")
        press(APP_NAME, "Escape")
        ended(entry, "with the focus off the entry")

        press(APP_NAME, "ctrl+question")
        sw = wait_for(lambda: app.frame("Keyboard Shortcuts"), "the Keyboard Shortcuts window")
        find(sw, None, contains="Search gestures")
        expect(open(path, "rb").read() == before, "searching changed the file")
    finally:
        app.close()


def scenario_calm_rows(session):
    """Calm rows (issue 52, point 5): a row holds its words, its switch
    (named after the binding) and a chevron, no Edit or Delete buttons;
    activating the row opens its form, whose Cancel writes nothing."""
    path = fresh_config(session, "calm-rows")
    before = open(path, "rb").read()
    app = App(session, path)
    try:
        row = binding_row(app, "zoom:")
        buttons = [n.name for n in find_all(row, "push button")]
        expect(len(buttons) == 1 and buttons[0].startswith(T.piece("Edit")), f"the row has buttons besides its chevron: {buttons}")
        find(row, "check box", "zoom")
        # The row itself (its title, away from the chevron and the switch), with the pointer:
        # GTK 4.8 gives a list item no AT-SPI action.
        e = row_in_view(app, "zoom:")
        xdotool("mousemove", "--window", window_id(), str(e.x + 40), str(e.y + e.height // 2), "click", "1")
        try:
            f = wait_for(lambda: app.frame("Edit Gesture"), "the 'Edit Gesture' dialog", timeout=4)
        except Failure:
            # Seen in French only, after the devices and search scenarios: the
            # first click, on the row's title, opened nothing (the cause is
            # not known; alone, the scenario passes). The second must.
            log("note: the click on the row opened no form; clicking again")
            e = row_in_view(app, "zoom:")
            xdotool("mousemove", "--window", window_id(), str(e.x + 40), str(e.y + e.height // 2), "click", "1")
        try:
            f = form(app, "Edit Gesture")
        except Failure as failure:
            at = app.window.queryComponent().getAccessibleAtPoint(e.x + 40, e.y + e.height // 2, pyatspi.WINDOW_COORDS)
            geometry = subprocess.run(["xdotool", "getwindowgeometry", window_id()], capture_output=True, text=True).stdout
            raise Failure(f"{failure}; clicked at ({e.x + 40},{e.y + e.height // 2}) in the row {e.x},{e.y} {e.width}x{e.height}; "
                          f"there: {at.getRoleName() if at else None} {at.name if at else ''!r}; window {geometry.split()}")
        find(f, "push button", "Delete")
        click(find(f, "push button", "Cancel"))
        wait_for(lambda: app.frame("Edit Gesture") is None, "Cancel to close the form")
        expect(open(path, "rb").read() == before, "opening and cancelling a form changed the file")
    finally:
        app.close()


# MARK: Draw a shape (issue 53, point 4)

def draw_on(wid, canvas, points):
    """A drawing with the mouse (XTest, as a person with a mouse): button 1
    down at the first point, a move to each next one, up at the last. Points
    are px from the canvas's corner, found on screen through AT-SPI (px, not
    fractions: the same drawing whatever the language's layout). Few points,
    a pause after each: GDK merges motions queued together, and a lost corner
    would change the template (its golden)."""
    e = canvas.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    expect(e.width > 400 and e.height >= 240, f"the canvas is {e.width}x{e.height}")
    def at(p):
        return [str(e.x + p[0]), str(e.y + p[1])]
    xdotool("mousemove", "--window", wid, *at(points[0]))
    time.sleep(0.1)
    xdotool("mousedown", "1")
    for p in points[1:]:
        time.sleep(0.3)
        xdotool("mousemove", "--window", wid, *at(p))
    time.sleep(0.1)
    xdotool("mouseup", "1")
    time.sleep(0.3)


def sentence(msgid, **values):
    """`msgid` in the run's language as a regex: the placeholders given take
    their values, the others any text (however a language orders them)."""
    import re
    marks = {k: f"\x00{k}\x00" for k in re.findall(r"\{(\w+)\}", msgid)}
    marks.update(values)
    pattern = re.escape(T.pattern(msgid, **marks))
    for k in re.findall(r"\{(\w+)\}", msgid):
        if k not in values:
            pattern = pattern.replace(re.escape(f"\x00{k}\x00"), ".*")
    return re.compile(pattern)


def said(root, msgid, timeout=10.0, **values):
    """The label saying `msgid` (`sentence`)."""
    rx = sentence(msgid, **values)
    return wait_for(lambda: next((n for n in walk(root) if n.getRoleName() == "label" and rx.fullmatch(n.name or "")), None),
                    f"a label saying {msgid!r} {values}", timeout=timeout)


def ell(lean=0, long=0):
    """An L: down 160 px, then right 140 (`lean` moves the corner, `long` the end)."""
    return [(200, 40), (200 + lean, 200), (340 + lean + long, 200)]


def stroke_trace(session, name, start):
    """A touchscreen trace of one finger drawing an L (200 px tall, at 60 Hz), from `start` s."""
    import json
    out = os.path.join(session.args.scratch, name)
    pts = [(600, 300 + 5 * i) for i in range(41)] + [(600 + 5 * i, 500) for i in range(1, 25)]
    with open(out, "w", encoding="utf-8") as o:
        o.write(json.dumps({"trace": 1, "screen": {"width": 1280, "height": 800, "px_per_mm": 3.78},
                            "devices": [{"id": 11, "name": "virtual touchscreen", "kind": "touchscreen"}]}) + "\n")
        for i, (x, y) in enumerate(pts):
            ev = "touch-begin" if i == 0 else "touch-update"
            o.write(json.dumps({"t": round(start + i / 60, 6), "dev": 11, "ev": ev, "id": 1, "x": x, "y": y}) + "\n")
        o.write(json.dumps({"t": round(start + len(pts) / 60, 6), "dev": 11, "ev": "touch-end", "id": 1,
                            "x": pts[-1][0], "y": pts[-1][1]}) + "\n")
    return out


def scenario_draw_shape(session):
    """Draw a shape: the form's kind Draw a shape, an L drawn twice with the mouse on
    its canvas, each added as an example (the first added, undone, added
    again: Undo gives the file back byte for byte); the second attempt is recognized
    live ("matches L, …"); strokes.toml (a hand-written one, its comment and
    shape kept) equals its golden; the binding is saved as any other. Then
    Try It, a daemon playing a finger drawing an L: the closest shape and its score."""
    path = fresh_config(session, "draw-shape")
    strokes = os.path.join(os.path.dirname(path), "strokes.toml")
    shutil.copyfile(os.path.join(HERE, "fixtures", "strokes.toml"), strokes)
    app = App(session, path)
    try:
        click(find(app.window, "push button", "Add Gesture"))
        f = form(app)
        wid = window_id(T("Add Gesture"))
        # Tall enough for the canvas below the gesture's rows.
        xdotool("windowsize", wid, "760", "790")
        time.sleep(0.5)
        set_text(find(f, "text", "Name"), "terminal")
        click(find(f, "push button", "Draw a shape"))
        set_text(find(f, "text", "Shape"), "L")
        canvas = find(f, None, "Drawing canvas")
        add = find(f, "push button", "Add as Example")
        # The first L: only a v is taught, so it is no match (or the v's, too low).
        draw_on(wid, canvas, ell())
        first = said(f, "no match, closest {shape} {score} of {needed}", shape="v")
        log("first L:", text_of(first))
        fixture = open(strokes, "rb").read()
        click(add)
        find(f, "label", "Added. Draw it again to see how it is recognized now.")
        expect(open(strokes, "rb").read() != fixture, "Add as Example wrote nothing")
        # Undo: the file as it was, byte for byte; then the same L again, added for good.
        click(find(f, "push button", "Undo the last example"))
        find(f, "label", "The last example is taken out again.")
        expect(open(strokes, "rb").read() == fixture, "Undo did not give strokes.toml back as it was")
        draw_on(wid, canvas, ell())
        said(f, "no match, closest {shape} {score} of {needed}", shape="v")
        click(add)
        find(f, "label", "Added. Draw it again to see how it is recognized now.")
        # The second, leaning a little: recognized against the first.
        draw_on(wid, canvas, ell(lean=12, long=-20))
        second = said(f, "matches {shape}, {score}", shape="L")
        log("second L:", text_of(second))
        if os.environ.get("SETTINGS_SCREENSHOTS") and not LANGUAGE:
            shot = os.path.join(os.environ["SETTINGS_SCREENSHOTS"], "draw-shape.png")
            subprocess.run(["import", "-window", wid, shot], check=True)
            log("wrote", shot)
        click(add)
        find(f, "label", "Added. Draw it again to see how it is recognized now.")
        golden = os.path.join(GOLDENS, "strokes-draw-shape.toml")
        if UPDATE:
            shutil.copyfile(strokes, golden)
            log("wrote", golden)
        got = open(strokes, encoding="utf-8").read()
        want = open(golden, encoding="utf-8").read()
        if got != want:
            diff = subprocess.run(["diff", "-u", golden, strokes], capture_output=True, text=True).stdout
            raise Failure(f"strokes.toml differs from strokes-draw-shape.toml:\n{diff}")
        # The binding, made as any other.
        click(find(f, "push button", "Action: named action"))
        select(find(f, "list", "Action: named actions"), "Overview")
        save(app, f, "Add Gesture")
        expect_golden(session, path, "app-15-draw-shape.toml")
        row = binding_row(app, "terminal:")
        expect(T.pattern("Draw “{shape}”", shape="L") in row.name, f"the row says {row.name!r}")
    finally:
        app.close()

    # Try It: a finger drawing an L, played by the daemon (8 s on: the app connects first).
    trace = stroke_trace(session, "ell.jsonl", 8.0)
    daemon = playing(session, path, trace)
    app = App(session, path)
    try:
        w = app.window
        click(find(w, "page tab", "Try It"))
        line = said(w, "As a shape: {verdict}", timeout=20)
        log("Try It:", text_of(line))
        expect(sentence("matches {shape}, {score}", shape="L").fullmatch(text_of(line).split(": ", 1)[-1]) or
               sentence("matches {shape}, {score}", shape="L").search(text_of(line)), f"Try It says {text_of(line)!r}")
    finally:
        app.close()
        daemon.terminate()
        daemon.wait(5)


# MARK: Strokes drawn with the mouse or a pen (issue 58, items 6 and 7)

POINTER_FIXTURE = os.path.join(HERE, "fixtures", "pointer-strokes.toml")


def pointer_config(session, name):
    """A copy of fixtures/pointer-strokes.toml, with fixtures/strokes.toml (a v) beside it."""
    path = fresh_config(session, name, open(POINTER_FIXTURE, encoding="utf-8").read())
    shutil.copyfile(os.path.join(HERE, "fixtures", "strokes.toml"), os.path.join(os.path.dirname(path), "strokes.toml"))
    return path


def scenario_stroke_button(session):
    """A stroke's button is a field of the form: the finger stroke opens with
    no button, set to the right button and saved, only its gesture changes
    (app-16-stroke-button.toml); the row then says the button. check's
    warning for the left button without a layer is shown as the other
    diagnostics are, and that binding's form shows its left button."""
    path = pointer_config(session, "stroke-button")
    app = App(session, path)
    try:
        w = app.window
        warning = find(w, "label", contains="every drag with button 1")
        expect(":15:12: " in warning.name, f"the warning is not at back's gesture (15:12): {warning.name!r}")
        click(find(binding_row(app, "back:"), "push button", contains="Edit"))
        f = form(app, "Edit Gesture")
        expect(checked(find(f, "push button", "Left button or a pen's tip")), "back's form does not show its left button")
        expect(not find_all(f, "push button", "1 finger"), "a stroke drawn with a button shows its fingers")
        click(find(f, "push button", "Cancel"))
        wait_for(lambda: app.frame("Edit Gesture") is None, "Cancel to close the form")

        click(find(binding_row(app, "terminal:"), "push button", contains="Edit"))
        f = form(app, "Edit Gesture")
        expect(checked(find(f, "push button", "No button: drawn with the fingers")), "the finger stroke's form shows a button")
        find(f, "push button", "1 finger")
        click(find(f, "push button", "Right button or a pen's upper side button"))
        wait_for(lambda: not find_all(f, "push button", "1 finger"), "the fingers to go once a button draws it")
        save(app, f, "Edit Gesture")
        expect_golden(session, path, "app-16-stroke-button.toml")
        row = binding_row(app, "terminal:")
        expect(T.pattern("Draw “{shape}” with the right button", shape="v") in row.name, f"the row says {row.name!r}")
    finally:
        app.close()


def drag_on(wid, canvas, button, legs, steps=8):
    """A drawing with a real pointer drag (XTest, as a hand on a mouse):
    `button` pressed at the first point, `steps` moves along each leg with
    a pause after each (GDK merges motions queued together), released at
    the last. Points are px from the canvas's corner."""
    e = canvas.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    expect(e.width > 400 and e.height >= 240, f"the canvas is {e.width}x{e.height}")
    xdotool("mousemove", "--window", wid, str(e.x + legs[0][0]), str(e.y + legs[0][1]))
    time.sleep(0.15)
    xdotool("mousedown", str(button))
    for (x0, y0), (x1, y1) in zip(legs, legs[1:]):
        for i in range(1, steps + 1):
            time.sleep(0.06)
            xdotool("mousemove", "--window", wid, str(e.x + round(x0 + (x1 - x0) * i / steps)),
                    str(e.y + round(y0 + (y1 - y0) * i / steps)))
    time.sleep(0.15)
    xdotool("mouseup", str(button))
    time.sleep(0.3)


def scenario_draw_with_button(session):
    """Draw a Shape with no daemon running: an L drawn on the canvas with
    the right button held (a real pointer drag, 16 moves) sets the form's
    Button to Right, as it was drawn; added as an example: strokes.toml gets the L (its
    points from where it began: down, then right; the v and the comment
    kept), and the binding is saved as stroke("L", button: 3)
    (app-17-draw-with-button.toml)."""
    import tomllib
    path = pointer_config(session, "draw-with-button")
    strokes = os.path.join(os.path.dirname(path), "strokes.toml")
    app = App(session, path)
    try:
        expect(daemon_pid(session) is None, "a daemon is running")
        find(app.window, "panel", contains="gesture-bridge is not running on")
        click(find(app.window, "push button", "Add Gesture"))
        f = form(app)
        wid = window_id(T("Add Gesture"))
        xdotool("windowsize", wid, "760", "790")
        time.sleep(0.5)
        set_text(find(f, "text", "Name"), "close-L")
        click(find(f, "push button", "Draw a shape"))
        set_text(find(f, "text", "Shape"), "L")
        right = find(f, "push button", "Right button or a pen's upper side button")
        expect(not checked(right), "the form's Button is already Right")
        canvas = find(f, None, "Drawing canvas")
        # Drawn with the right button while the form says None: the form
        # takes the button it was drawn with.
        drag_on(wid, canvas, 3, [(200, 40), (200, 200), (340, 200)])
        wait_for(lambda: checked(right), "the Button field did not become Right after a right-button drawing")
        first = said(f, "no match, closest {shape} {score} of {needed}", shape="v")
        log("an L drawn with the right button:", text_of(first))
        click(find(f, "push button", "Add as Example"))
        find(f, "label", "Added. Draw it again to see how it is recognized now.")
        # A second L, a little smaller: recognized against the first, as the daemon would.
        drag_on(wid, canvas, 3, [(220, 60), (224, 190), (330, 192)])
        second = said(f, "matches {shape}, {score}", shape="L")
        log("the second:", text_of(second))
        text = open(strokes, encoding="utf-8").read()
        expect(text.startswith("# My shapes, written by hand") and "[v]   # drawn with one finger" in text,
               f"the comment or the v went:\n{text}")
        shapes = tomllib.loads(text)
        expect(set(shapes) == {"v", "L"}, f"strokes.toml has {sorted(shapes)}")
        flat = shapes["L"]["templates"][0]
        pts = list(zip(flat[0::2], flat[1::2]))
        log(f"the L kept: {len(pts)} points, first {pts[0]}, corner-most {min(pts, key=lambda p: abs(p[0]) + abs(p[1] - 160))}, last {pts[-1]}")
        # From where it began: (0, 0); down 160 px to the corner, then right 140.
        expect(pts[0] == (0, 0), f"the L does not begin at 0, 0: {pts[0]}")
        expect(len(pts) >= 8, f"the drag's moves were merged: {pts}")
        last = pts[-1]
        expect(120 <= last[0] <= 160 and 140 <= last[1] <= 180, f"the L does not end down and right: {last}")
        expect(any(abs(x) <= 6 and 120 <= y <= 180 for x, y in pts), f"no corner straight below the start: {pts}")
        expect(all(abs(x) <= 6 for x, y in pts if y < 120), f"the down leg wanders: {pts}")
        click(find(f, "push button", "Action: named action"))
        select(find(f, "list", "Action: named actions"), "Close window")
        save(app, f, "Add Gesture")
        expect_golden(session, path, "app-17-draw-with-button.toml")
        row = binding_row(app, "close-L:")
        expect(T.pattern("Draw “{shape}” with the right button", shape="L") in row.name, f"the row says {row.name!r}")
        expect(daemon_pid(session) is None, "a daemon started")
    finally:
        app.close()


# Read before the session makes HOME its own.
EASYSTROKE_REAL = os.environ.get("EASYSTROKE_REAL_FILES") or os.path.join(os.path.expanduser("~"),
                                                                          ".cache/gesture-bridge-tests/easystroke-real")


def easystroke_source():
    """A real user's easystroke files (EasystrokeRealFilesTests' folder,
    Ahineya+dotfiles: 10 gestures on the desktop) where a developer fetched
    them, else the synthetic fixture (Tests/Import/easystroke/synthetic).
    The synthetic one in a translated run: the user's names are English
    words ("Fullscreen") that the sweep for English left on screen would
    take for untranslated msgids."""
    folder = os.path.join(EASYSTROKE_REAL, "Ahineya+dotfiles")
    if not LANGUAGE and os.path.exists(os.path.join(folder, "actions-0.5.6")):
        return folder
    return os.path.join(ROOT, "Tests/Import/easystroke/synthetic")


def scenario_import_easystroke(session):
    """Import from Another Tool (the primary menu): easystroke, its file where
    it keeps it (~/.easystroke/actions-0.5.6, offered by the dialog); the
    preview lists its bindings and shapes; Import writes the config (the
    old kept as .bak) and the shapes into strokes.toml (the v kept); the
    rows say the strokes and their buttons; check loads the result."""
    import tomllib
    source = easystroke_source()
    log("easystroke files from", source)
    home_dir = os.path.join(session.home, ".easystroke")
    os.makedirs(home_dir, exist_ok=True)
    for name in ("actions-0.5.6", "preferences-0.5.5"):
        if os.path.exists(os.path.join(source, name)):
            shutil.copyfile(os.path.join(source, name), os.path.join(home_dir, name))
    path = pointer_config(session, "import-easystroke")
    strokes = os.path.join(os.path.dirname(path), "strokes.toml")
    before = open(path, "rb").read()
    app = App(session, path)
    try:
        w = app.window
        # Found in its place: the banner offers it too.
        find(w, "panel", contains="easystroke")
        menu = find(w, None, "Main Menu")
        inner = [n for n in walk(menu) if n is not menu and n.getRoleName() == "push button"]
        act(inner[0], "click")
        act(find(app.node, "menu item", contains="Import from Another Tool"), "click")
        d = form(app, "Import from Another Tool")
        expect(checked(find(d, "push button", "easystroke")), "easystroke is not the tool offered first")
        entry = find(d, "text", "File to import")
        expect(text_of(entry) == os.path.join(session.home, ".easystroke/actions-0.5.6"),
               f"the file offered is {text_of(entry)!r}")
        click(find(d, "push button", "Preview"))
        p = form(app, "Import from easystroke")
        across = find(p, "list", "What comes across")
        wait_for(lambda: across.childCount > 0, "the gestures that come across")
        shapes = find(p, "list", "Shapes drawn")
        names = [shapes.getChildAtIndex(i).name for i in range(shapes.childCount)]
        log(f"the preview: {across.childCount} bindings, {len(names)} shapes: {names[:6]}")
        expect(names, "no shapes in the preview")
        expect(open(path, "rb").read() == before, "the import wrote before the user said so")
        click(find(p, "push button", "Import"))
        wait_for(lambda: open(path, "rb").read() != before, "the imported config")
        expect(open(path + ".bak", "rb").read() == before, "the old config is not kept as .bak")
        check_loads(session, path)
        taught = tomllib.loads(open(strokes, encoding="utf-8").read())
        expect("v" in taught, "the v already taught went")
        expect(len(taught) >= len(names) and len(taught) <= len(names) + 1,
               f"strokes.toml has {sorted(taught)}, the preview {len(names)} shapes")
        imported = open(path, encoding="utf-8").read()
        m = re.search(r'gesture = "stroke\(\\"([^"\\]+)\\", button: (\d)\)"', imported)
        expect(m, f"no stroke with a button in the imported config:\n{imported[:800]}")
        said_button = {"1": "Draw “{shape}” with the left button", "2": "Draw “{shape}” with the middle button",
                       "3": "Draw “{shape}” with the right button"}.get(m.group(2))
        if said_button:
            words = T.pattern(said_button, shape=m.group(1))
            wait_for(lambda: any(words in (n.name or "") for n in find_all(find(w, "list", "Gestures"), "list item")),
                     f"a row saying {words!r}")
    finally:
        app.close()
        shutil.rmtree(home_dir)


SCENARIOS = [scenario_edits, scenario_pick_window, scenario_devices, scenario_expression, scenario_errors, scenario_read_only_file, scenario_external_edit,
             scenario_foreign_monitor, scenario_import, scenario_daemon,
             scenario_undo_delete, scenario_undo_remove_application, scenario_undo_remove_device_table,
             scenario_single_instance, scenario_keys, scenario_close_while_watching, scenario_shortcuts, scenario_about, scenario_narrow,
             scenario_search, scenario_calm_rows, scenario_narrow_form, scenario_draw_shape,
             scenario_stroke_button, scenario_draw_with_button, scenario_import_easystroke]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", required=True)
    p.add_argument("--scratch", required=True)
    p.add_argument("--part", default="0/1", metavar="K/N",
                   help="every Nth scenario from the Kth (0-based) in SCENARIOS' order (run.sh shares "
                        "them among the translated languages)")
    p.add_argument("only", nargs="*", help="scenario names (without scenario_)")
    args = p.parse_args()
    try:
        part, parts = (int(x) for x in args.part.split("/"))
        if not 0 <= part < parts:
            raise ValueError
    except ValueError:
        p.error(f"--part {args.part}: K/N with 0 <= K < N, as 1/2")
    session = Session(args)
    try:
        for index, s in enumerate(SCENARIOS):
            name = s.__name__[len("scenario_"):]
            if args.only and name not in args.only:
                continue
            if index % parts != part:
                continue
            t0 = time.monotonic()
            try:
                s(session)
                log(f"ok   {name} ({time.monotonic() - t0:.1f} s)")
            except Exception as e:
                failures.append(name)
                log(f"FAIL {name}: {e}")
                for what in ("app.log", "daemon.log"):
                    p = os.path.join(args.scratch, what)
                    if os.path.exists(p):
                        tail = open(p, errors="replace").read().splitlines()[-15:]
                        log(f"{what}:\n  " + "\n  ".join(tail))
                if not isinstance(e, Failure):
                    traceback.print_exc()
    finally:
        session.close()
    if failures:
        log("failed:", " ".join(failures))
        sys.exit(1)
    log("all passed")


if __name__ == "__main__":
    main()
