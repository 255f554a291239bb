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


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", required=True)
    p.add_argument("--scratch", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--localedir", help="the built .mo files (scripts/build-translations.sh DEST/locale)")
    p.add_argument("--german-locale", help="a de_DE UTF-8 locale for the German screenshots (locale -a)")
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    drive.SCREEN = f"{WIDTH}x{HEIGHT}x24"
    session = Session(args)
    try:
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
            os.environ.update(LANGUAGE="de", LC_ALL=args.german_locale, GESTURE_BRIDGE_LOCALEDIR=args.localedir)
            drive.LANGUAGE, drive.T = "de", translation.Language("de")
            app = App(session, path)
            drive.binding_row(app, "workspace-next")
            shoot(session, args.out, "gestures-de")
            shoot_form(session, app, args.out, "form-de")
            app.close()
            for k in ("LANGUAGE", "LC_ALL", "GESTURE_BRIDGE_LOCALEDIR"):
                os.environ.pop(k)
            drive.LANGUAGE, drive.T = None, translation.English()
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
