#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 (LICENSE)
"""Try It without a daemon, in German and French, at full width and at
360 px (issue 62, point 4): the "not running" banner and the empty canvas's
text, which must wrap at every width. Tests/Settings/screenshots-words.sh
runs it; each screen taken with ImageMagick's `import` into
OUT/try-it-LANG.png, OUT/try-it-LANG-narrow.png and, scrolled to Fit to my
hands, OUT/try-it-LANG-narrow-end.png; with a daemon playing a short swipe,
the bars at full width and at 360 px in the last language,
OUT/try-it-LANG-daemon.png and OUT/try-it-LANG-narrow-daemon.png.
Look at each.

Also checks what it can without eyes: at 360 px the window is no wider,
the empty canvas's text is laid out inside the canvas (its AT-SPI
extents within the canvas's), and Fit to my hands' buttons within the window.
"""
import argparse
import os
import subprocess
import time

import drive
import screenshots
import translation
from drive import App, Session, click, expect, find

WIDTH, HEIGHT = screenshots.WIDTH, screenshots.HEIGHT
EMPTY = "No fingers down. The fingers gesture-bridge sees show here, where they are on the screen."


def inside(app, what):
    """The empty canvas's text lies within the canvas (no text past its right edge)."""
    import pyatspi
    canvas = find(app.window, None, "Fingers")
    text = find(app.window, "label", EMPTY)
    c = canvas.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    t = text.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    drive.log(f"{what}: canvas {c.x},{c.y} {c.width}x{c.height}; its text {t.x},{t.y} {t.width}x{t.height}")
    expect(c.width > 0 and t.width > 0, f"{what}: the canvas or its text has no size")
    expect(t.x >= c.x and t.x + t.width <= c.x + c.width and t.y >= c.y and t.y + t.height <= c.y + c.height,
           f"{what}: the empty canvas's text is not inside the canvas")


def within_window(app, what, width):
    """Fit to my hands' buttons lie within the window (the page no wider than it)."""
    import pyatspi
    for name in ("Record Attempts", "Propose a Change"):
        e = find(app.window, "push button", name).queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        drive.log(f"{what}: {name!r} at {e.x}..{e.x + e.width}")
        expect(0 <= e.x and e.x + e.width <= width, f"{what}: {name!r} runs past the window's {width} px")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", required=True)
    p.add_argument("--scratch", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--localedir", required=True, help="the built .mo files (scripts/build-translations.sh DEST/locale)")
    p.add_argument("--locale", action="append", required=True, help="LANG=LOCALE, e.g. de=de_DE.UTF-8")
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    drive.SCREEN = f"{WIDTH}x{HEIGHT}x24"
    session = Session(args)
    try:
        path = screenshots.home_config(session)
        for pair in args.locale:
            lang, locale = pair.split("=", 1)
            os.environ.update(LANGUAGE=lang, LC_ALL=locale, GESTURE_BRIDGE_LOCALEDIR=args.localedir)
            drive.LANGUAGE, drive.T = lang, translation.Language(lang)
            app = App(session, path)
            w = app.window
            # No daemon: the banner says so, with its button.
            find(w, "panel", contains="gesture-bridge is not running on")
            click(find(w, "page tab", "Try It"))
            find(w, "label", EMPTY)
            inside(app, f"{lang} full width")
            screenshots.shoot(session, args.out, f"try-it-{lang}")
            wid = subprocess.run(["xdotool", "search", "--sync", "--name", f"^{drive.APP_NAME}$"],
                                 capture_output=True, text=True, timeout=10).stdout.split()
            drive.narrowed_to_360(wid[-1], f"{lang} window")
            time.sleep(0.5)
            find(w, "label", EMPTY)
            inside(app, f"{lang} at 360 px")
            within_window(app, f"{lang} at 360 px", 360)
            screenshots.shoot_window(session, args.out, f"try-it-{lang}-narrow")
            # The end of the page: Fit to my hands, its buttons wrapped (the wheel over the page).
            subprocess.run(["xdotool", "mousemove", "--window", wid[-1], "180", "400"], check=True)
            for _ in range(15):
                subprocess.run(["xdotool", "click", "5"], check=True)
                time.sleep(0.05)
            time.sleep(0.5)
            subprocess.run(["import", "-window", wid[-1], os.path.join(args.out, f"try-it-{lang}-narrow-end.png")], check=True)
            drive.log("wrote", os.path.join(args.out, f"try-it-{lang}-narrow-end.png"))
            app.close()
        # A daemon playing a short swipe (in French): the bars on one line at full width, stacked at 360 px.
        short = drive.shifted_trace(session, os.path.join(drive.ROOT, "Tests/Monitor/short-swipe-left-3.jsonl"), 8.0,
                                    "short.jsonl")
        daemon = session.start([os.path.join(args.bin, "gesture-bridge"), "run", "--config", path, "--play", short],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        app = App(session, path)
        wid = subprocess.run(["xdotool", "search", "--sync", "--name", f"^{drive.APP_NAME}$"],
                             capture_output=True, text=True, timeout=10).stdout.split()
        click(find(app.window, "page tab", "Try It"))
        find(app.window, "label", contains="nothing fired; closest:", timeout=20)
        screenshots.shoot(session, args.out, f"try-it-{lang}-daemon")
        drive.narrowed_to_360(wid[-1], f"{lang} window with a daemon")
        within_window(app, f"{lang} at 360 px with a daemon", 360)
        subprocess.run(["xdotool", "mousemove", "--window", wid[-1], "180", "400"], check=True)
        for _ in range(5):
            subprocess.run(["xdotool", "click", "5"], check=True)
            time.sleep(0.05)
        time.sleep(0.5)
        screenshots.shoot_window(session, args.out, f"try-it-{lang}-narrow-daemon")
        app.close()
        daemon.terminate()
        daemon.wait(5)
    finally:
        session.close()


if __name__ == "__main__":
    main()
