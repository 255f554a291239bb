#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
"""Screenshots of each screen of the settings app (Tests/Settings/screenshots.sh).

The real app under Xvfb, moved from screen to screen through its
accessibility tree as drive.py does; each screen taken with ImageMagick's
`import -window root` into docs/settings/NAME.png.
"""
import argparse
import os
import shutil
import subprocess
import time

import drive
import translation
from drive import App, Session, click, find, form, select, set_text, shifted_trace

WIDTH, HEIGHT = 1000, 720


def shoot(session, out, name):
    # The pointer off the window: no hover, no tooltip.
    subprocess.run(["xdotool", "mousemove", str(WIDTH - 1), str(HEIGHT - 1)], check=True)
    time.sleep(0.8)
    path = os.path.join(out, name + ".png")
    subprocess.run(["import", "-window", "root", path], check=True)
    drive.log("wrote", path)


def shoot_window(session, out, name, title=drive.APP_NAME):
    """The window alone (a narrow one: the screen around it is empty)."""
    subprocess.run(["xdotool", "mousemove", str(WIDTH - 1), str(HEIGHT - 1)], check=True)
    time.sleep(0.8)
    wid = subprocess.run(["xdotool", "search", "--name", f"^{title}$"], capture_output=True, text=True).stdout.split()
    path = os.path.join(out, name + ".png")
    subprocess.run(["import", "-window", wid[-1], path], check=True)
    drive.log("wrote", path)


def shoot_form(session, app, out, name):
    """zoom's form, open on its values, then cancelled."""
    row = drive.binding_row(app, "zoom:")
    click(find(row, "push button", contains="Edit"))
    f = form(app, "Edit Gesture")
    find(f, "push button", "Save")
    shoot(session, out, name)
    click(find(f, "push button", "Cancel"))


def narrow(title=drive.APP_NAME):
    wid = subprocess.run(["xdotool", "search", "--sync", "--name", f"^{title}$"], capture_output=True, text=True).stdout.split()
    drive.narrow_to(wid[-1], 360, HEIGHT - 20)
    time.sleep(0.5)


def home_config(session, text=None):
    """The config where the daemon looks for it (~/.config/gesture-bridge/config.toml): paths read as a user's."""
    path = os.path.join(session.home, ".config", "gesture-bridge", "config.toml")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if text is None:
        shutil.copyfile(drive.FIXTURE, path)
    else:
        open(path, "w", encoding="utf-8").write(text)
    return path


def german(args, shots):
    """`shots()` with the app in German (po/de.po, the app's .mo beside the
    scratch), each name looked up as it translates; English again after."""
    os.environ.update(LANGUAGE="de", LC_ALL=args.german_locale, GESTURE_BRIDGE_LOCALEDIR=args.localedir)
    drive.LANGUAGE, drive.T = "de", translation.Language("de")
    try:
        shots()
    finally:
        for k in ("LANGUAGE", "LC_ALL", "GESTURE_BRIDGE_LOCALEDIR"):
            os.environ.pop(k)
        drive.LANGUAGE, drive.T = None, translation.English()


def pointer_strokes(session, out, suffix=""):
    """Issue 58, item 6, in the run's language: a stroke's form with its
    Button set to the right one; Draw a Shape with an L drawn with the right
    button (one added, one recognized); easystroke's import preview."""
    path = drive.pointer_config(session, "shots-pointer" + suffix)
    app = App(session, path)
    row = drive.binding_row(app, "terminal:")
    click(find(row, "push button", contains="Edit"))
    f = form(app, "Edit Gesture")
    click(find(f, "push button", "Right button or a pen's upper side button"))
    shoot_window(session, out, "form-stroke-button" + suffix, title=drive.T("Edit Gesture"))
    click(find(f, "push button", "Cancel"))

    click(find(app.window, "push button", "Add Gesture"))
    f = form(app)
    wid = drive.window_id(drive.T("Add Gesture"))
    drive.xdotool("windowsize", wid, "760", "790")
    time.sleep(0.5)
    click(find(f, "push button", "Draw a shape"))
    set_text(find(f, "text", "Shape"), "L")
    click(find(f, "push button", "Right button or a pen's upper side button"))
    canvas = find(f, None, "Drawing canvas")
    drive.drag_on(wid, canvas, 3, [(200, 40), (200, 200), (340, 200)])
    click(find(f, "push button", "Add as Example"))
    drive.drag_on(wid, canvas, 3, [(420, 50), (424, 190), (540, 192)])
    drive.said(f, "matches {shape}, {score}", shape="L")
    # The canvas in view: the form scrolled down to it.
    shoot_window(session, out, "draw-shape-button" + suffix, title=drive.T("Add Gesture"))
    click(find(f, "push button", "Cancel"))
    app.close()

    home_dir = os.path.join(session.home, ".easystroke")
    os.makedirs(home_dir, exist_ok=True)
    for name in ("actions-0.5.6", "preferences-0.5.5"):
        src = os.path.join(drive.easystroke_source(), name)
        if os.path.exists(src):
            shutil.copyfile(src, os.path.join(home_dir, name))
    app = App(session, path)
    click(find(app.window, "push button", "Preview Import"))
    d = form(app, "Import from easystroke")
    find(d, "list", "Shapes drawn")
    shoot_window(session, out, "import-easystroke" + suffix, title=drive.T("Import from easystroke"))
    # Further down, with the wheel: the shapes drawn.
    wid = drive.window_id(drive.T("Import from easystroke"))
    drive.xdotool("mousemove", "--window", wid, "320", "300")
    for _ in range(25):
        drive.xdotool("click", "5")
    shoot_window(session, out, "import-easystroke-shapes" + suffix, title=drive.T("Import from easystroke"))
    app.close()
    shutil.rmtree(home_dir)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", required=True)
    p.add_argument("--scratch", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--localedir", help="the built .mo files (scripts/build-translations.sh DEST/locale)")
    p.add_argument("--german-locale", help="a de_DE UTF-8 locale for the German screenshots (locale -a)")
    p.add_argument("--only-pointer-strokes", action="store_true", help="only issue 58's (pointer_strokes), English and German")
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    drive.SCREEN = f"{WIDTH}x{HEIGHT}x24"
    session = Session(args)
    try:
        pointer_strokes(session, args.out)
        if args.localedir and args.german_locale:
            german(args, lambda: pointer_strokes(session, args.out, "-de"))
        if args.only_pointer_strokes:
            return
        # The gestures of a config full of everything, a daemon playing a short swipe (Try It's why-not).
        path = home_config(session)
        short = shifted_trace(session, os.path.join(drive.ROOT, "Tests/Monitor/short-swipe-left-3.jsonl"), 6.0, "short.jsonl")
        daemon = session.start([os.path.join(args.bin, "gesture-bridge"), "run", "--config", path, "--play", short],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        app = App(session, path)
        w = app.window
        drive.binding_row(app, "workspace-next")
        shoot(session, args.out, "gestures")

        scopes = find(w, "list", "Scopes")
        select(scopes, "firefox")
        drive.binding_row(app, "")
        shoot(session, args.out, "application")
        select(scopes, "All applications")

        click(find(w, "page tab", "Try It"))
        find(w, "label", contains="nothing fired; closest:", timeout=20)
        shoot(session, args.out, "try-it")
        daemon.terminate()
        daemon.wait(5)

        click(find(w, "page tab", "Settings"))
        find(w, "text", "swipe-distance")
        shoot(session, args.out, "settings")
        click(find(w, "page tab", "Devices"))
        find(w, "push button", "Remove Table")
        shoot(session, args.out, "devices")
        click(find(w, "page tab", "Gestures"))

        shoot_form(session, app, args.out, "form")

        row = drive.binding_row(app, "hold-then-drag:")
        click(find(row, "push button", contains="Edit"))
        f = form(app, "Edit hold-then-drag")
        set_text(find(f, "text", "Gesture expression"),
                 "longPress(minimumDuration: 0.6s).sequenced(before: drag(minimumDistance: 40pz))")
        find(f, "label", contains="error: ")
        shoot(session, args.out, "expression")
        click(find(f, "push button", "Cancel"))
        app.close()

        # A config with an error: read-only, the error located.
        text = open(drive.FIXTURE, encoding="utf-8").read().replace("direction: .left)", "direction: .lef)", 1)
        path = home_config(session, text)
        app = App(session, path)
        find(app.window, "label", contains="unknown direction")
        shoot(session, args.out, "errors")
        app.close()

        # Dark style (libadwaita's ADW_DEBUG_COLOR_SCHEME), full width, then
        # narrow (folded: the sidebar alone, the pages at the bottom), and an
        # application's gestures narrow and light.
        path = home_config(session)
        app = App(session, path, prefix=["env", "ADW_DEBUG_COLOR_SCHEME=prefer-dark"])
        drive.binding_row(app, "workspace-next")
        shoot(session, args.out, "gestures-dark")
        narrow()
        find(app.window, "list", "Scopes")
        shoot_window(session, args.out, "narrow-dark")
        app.close()
        app = App(session, path)
        narrow()
        select(find(app.window, "list", "Scopes"), "firefox")
        find(app.window, "push button", "Back to the Applications")
        shoot_window(session, args.out, "narrow-application")
        # The form at 360 px: its choices wrap.
        click(find(app.window, "push button", "Add Gesture"))
        form(app)
        narrow("Add Gesture")
        shoot_window(session, args.out, "narrow-form", title="Add Gesture")
        app.close()

        # In German (po/de.po, the app's .mo beside the scratch): the gestures
        # at full width, and a form; each name looked up as it translates.
        if args.localedir and args.german_locale:
            def shots():
                app = App(session, path)
                drive.binding_row(app, "workspace-next")
                shoot(session, args.out, "gestures-de")
                shoot_form(session, app, args.out, "form-de")
                app.close()
            german(args, shots)
        else:
            drive.log("no --localedir or German locale: no German screenshots")

        # First run: no config, another tool's found.
        tool = os.path.join(session.home, ".config", "touchegg", "touchegg.conf")
        os.makedirs(os.path.dirname(tool), exist_ok=True)
        shutil.copyfile(os.path.join(drive.ROOT, "Tests/Import/touchegg.conf"), tool)
        os.unlink(path)
        app = App(session, path)
        find(app.window, "panel", contains="touchegg")
        shoot(session, args.out, "first-run")
        click(find(app.window, "push button", "Preview Import"))
        d = form(app, "Import from touchegg")
        find(d, "list", "What comes across")
        shoot(session, args.out, "import")
        app.close()
    finally:
        session.close()


if __name__ == "__main__":
    main()
