/// The config `gesture-bridge init` writes and the daemon runs when there is
/// no file: the same text, so users start from what is already running.
public enum DefaultConfig {
    public static let text = #"""
# GestureBridge config (format: config.md, version 1).
# Check it:            gesture-bridge check
# Try it on a trace:   gesture-bridge replay --config ~/.config/gesture-bridge/config.toml TRACE.jsonl
version = 1

# Named actions (key workspace-next, key zoom-in, ...) come from a keymap:
# "auto" picks your desktop's; or one of gnome, kde, xfce, cinnamon, mate,
# i3, openbox, generic (gesture-bridge keymaps); or "none" to write chords.
keymap = "auto"

# Tunables, with their defaults (lengths px or mm, times ms or s).
[settings]
# tap-timeout = "400ms"         # longest tap, from the last finger down to the last lift
# double-tap-timeout = "300ms"  # from one tap's lift to the next touch-down
# long-press = "500ms"
# slop = "4.76mm"               # movement allowed before a tap or press fails
# finger-landing = "200ms"      # the landing window stays open this long after each finger lands
# swipe-distance = "21.16mm"    # touchscreens
# touchpad-swipe-distance = "0.25mm"  # touchpads: mm of libinput's motion, ~0.84 mm on the pad (px: accelerated)
# swipe-min-velocity = "0px/s"
# edge-width = "6.35mm"         # for gestures that start from: an edge
# grab-timeout = "300ms"        # longest a touch is held from applications (the gesture still acts)
# drag-lock = "400ms"           # a button held by a gesture stays held this long after it ends
# repeat-delay = "400ms"
# repeat-interval = "100ms"
# button-hold = "250ms"         # a stroke's button held still this long goes to the application (0: never)
# stroke-trail = true           # a trail behind the pointer while a stroke is drawn with a button
# stroke-name = true            # what a stroke fired, shown near the pointer for a second

# Three fingers left or right: next or previous workspace, asked of the
# window manager itself (EWMH), whatever its shortcuts; one that does not
# support it gets the keymap's chord. "high" lets the desktop take these
# touches before any application sees them.
[[bind]]
name = "workspace-next"
gesture = "swipe(fingers: 3, direction: .left)"
priority = "high"
on-ended = "workspace next"

[[bind]]
name = "workspace-previous"
gesture = "swipe(fingers: 3, direction: .right)"
priority = "high"
on-ended = "workspace previous"

# Four fingers up: the overview; down: show the desktop.
[[bind]]
name = "overview"
gesture = "swipe(fingers: 4, direction: .up)"
priority = "high"
on-ended = "key overview"

[[bind]]
name = "show-desktop"
gesture = "swipe(fingers: 4, direction: .down)"
priority = "high"
on-ended = "show-desktop"

# Pinch with two fingers: one zoom key press per 15 % of scale change.
[[bind]]
name = "zoom"
gesture = "magnify(fingers: 2)"
on-step = { every = 0.15, increase = "key zoom-in", decrease = "key zoom-out" }

# ---------------------------------------------------------------------------
# Examples of every feature: remove the "# " in front of a block to use it.
#
# # Press and hold one finger, then drag without lifting: window switcher.
# [[bind]]
# name = "hold-then-drag"
# gesture = "longPress(minimumDuration: 0.6s).sequenced(before: drag(minimumDistance: 40px))"
# on-ended = "exec rofi -show window"
#
# # Double tap with two fingers, or else a two-finger long press.
# [[bind]]
# name = "double-tap-or-press"
# gesture = "tap(count: 2, fingers: 2).exclusively(before: longPress(fingers: 2))"
# on-ended = "exec notify-send \"gesture: $GESTURE_NAME\""
#
# # Pinch and rotate at once; every 15 degrees is a key press.
# [[bind]]
# name = "turn"
# gesture = "rotate(fingers: 2).simultaneously(with: magnify(fingers: 2))"
# device = "touchscreen"
# on-step = { every = 15, increase = "key ctrl+bracketright", decrease = "key ctrl+bracketleft" }
#
# # Swipe in from the left edge of the screen.
# [[bind]]
# name = "edge-swipe"
# gesture = "swipe(fingers: 1, direction: .right, from: .leftEdge, minimumVelocity: 300px/s)"
# priority = "high"
# on-ended = "key super+a"
#
# # Three-finger drag: hold alt and tab through windows, let go at the end.
# [[bind]]
# name = "alt-tab"
# gesture = "drag(fingers: 3, minimumDistance: 30px)"
# device = "touchpad"
# on-began = "keydown alt"
# on-step = { every = 120, increase = "key Tab", decrease = "key shift+Tab" }
# on-ended = "keyup alt"
# on-cancelled = "keyup alt"
#
# # Three-finger drag (as on a Mac): three fingers on the touchpad hold the
# # left button and move the pointer, to move windows and select text. Lift
# # and place them again within drag-lock (400 ms) to go on with the same
# # drag. It starts as soon as libinput reports the three fingers moving,
# # so on touchpads it takes them from the workspace swipes above
# # (touchscreens keep those).
# [[bind]]
# name = "three-finger-drag"
# gesture = "drag(fingers: 3, minimumDistance: 0)"
# device = "touchpad"
# priority = "high"
# on-began = ["buttondown 1", "move"]
# on-changed = "move"
#
# # Three fingers on the touchscreen move the window under them, as its
# # title bar would (a maximized one comes out of it under the fingers);
# # ending at a monitor's left or right edge tiles it to that half, at the
# # top maximizes it. It takes the touchscreen's three fingers from the
# # workspace swipes above (touchpads keep those).
# [[bind]]
# name = "move-window"
# gesture = "drag(fingers: 3)"
# device = "touchscreen"
# priority = "high"
# on-began = "window move"
#
# # Four fingers left on the touchpad tile the active window to the left
# # half of its monitor ("window snap restore" gives it back its size).
# [[bind]]
# name = "tile-left"
# gesture = "swipe(fingers: 4, direction: .left)"
# device = "touchpad"
# on-ended = "window snap left"
#
# # A long press on the touchscreen right-clicks where the finger is; the
# # press itself never reaches the application.
# [[bind]]
# name = "long-press-right-click"
# gesture = "longPress(minimumDuration: 0.6s)"
# device = "touchscreen"
# priority = "high"
# on-ended = "button 3 here"
#
# # A two-finger tap on the touchscreen right-clicks between the fingers.
# [[bind]]
# name = "two-finger-tap-right-click"
# gesture = "tap(fingers: 2)"
# device = "touchscreen"
# priority = "high"
# on-ended = "button 3 here"
#
# # Hold three fingers still: volume up, repeating while held.
# [[bind]]
# name = "volume-up-hold"
# gesture = "hold(fingers: 3, minimumDuration: 300ms)"
# on-repeat = "key volume-up"
#
# # A tap with four fingers: middle click, watched without blocking anything.
# [[bind]]
# name = "middle-click"
# gesture = "tap(fingers: 4)"
# priority = "simultaneous"
# on-ended = ["button 2", "exec logger gesture-bridge: middle click at $GESTURE_X,$GESTURE_Y"]
#
# # A layer: with Alt held, three fingers left move the window to the
# # previous workspace (GNOME's chord) instead of switching (only with
# # exactly Alt held as the fingers start; Alt is let go of while the keys
# # go out).
# [[bind]]
# name = "alt-swipe-left"
# gesture = "swipe(fingers: 3, direction: .left)"
# modifiers = "alt"
# priority = "high"
# on-ended = "key super+shift+Page_Up"
#
# # One touchscreen lands its fingers slowly: more time for them, on it
# # alone (gesture-bridge devices shows each device's name and ids).
# [[device]]
# match = "name:ELAN*"
# finger-landing = "300ms"
#
# # Firefox: two fingers right goes back; a pinch does nothing (Firefox zooms
# # by itself). An app's normal binding wins over the desktop's normal zoom.
# [[app]]
# class = "firefox"
# including = "all"
#
# [[app.bind]]
# gesture = "swipe(fingers: 2, direction: .right)"
# on-ended = "key back"
#
# [[app.bind]]
# gesture = "magnify(fingers: 2)"
# on-ended = "none"
"""#
}
