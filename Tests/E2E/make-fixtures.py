#!/usr/bin/env python3
"""Writes the E2E fixtures: evemu device descriptions (devices/*.desc) and
evemu-play recordings (recordings/*.evemu), deterministically; the outputs are
committed, `--check` says whether they are current.

Gestures are written as finger paths in millimetres, sampled every FRAME
seconds. Tidy ones land and lift in one frame; `hand_gesture` writes hands as
they are: fingers landing frames apart, a still start, eased motion, lifts
apart (libinput counts fingers per frame). Each recording names its threshold frame
in a comment: the frame whose events should make the daemon act (the lift for
an on-ended action), which the E2E report measures latency from."""
import math, pathlib, sys

HERE = pathlib.Path(__file__).resolve().parent
FRAME = 0.012  # seconds between frames (libinput's touchpads report at 80-140 Hz)

EV_SYN, EV_KEY, EV_ABS = 0x00, 0x01, 0x03
SYN_REPORT = 0x00
BTN_LEFT, BTN_TOOL_FINGER, BTN_TOOL_QUINTTAP, BTN_TOUCH = 0x110, 0x145, 0x148, 0x14a
BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP = 0x14d, 0x14e, 0x14f
ABS_X, ABS_Y = 0x00, 0x01
ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x2f, 0x35, 0x36, 0x39
INPUT_PROP_POINTER, INPUT_PROP_DIRECT, INPUT_PROP_BUTTONPAD = 0, 1, 2
TOOL_FOR_COUNT = {1: BTN_TOOL_FINGER, 2: BTN_TOOL_DOUBLETAP, 3: BTN_TOOL_TRIPLETAP,
                  4: BTN_TOOL_QUADTAP, 5: BTN_TOOL_QUINTTAP}

class Device:
    def __init__(self, name, bus, props, keys, width_mm, height_mm, res, slots, ids=None, origin=(0, 0), note=None):
        self.name, self.bus, self.props, self.keys = name, bus, props, keys
        self.width_mm, self.height_mm, self.res, self.slots = width_mm, height_mm, res, slots
        self.is_touchpad = INPUT_PROP_POINTER in props
        # (vendor, product, version); ours by default. origin: the axes' minima
        # (real devices' ranges need not start at 0).
        self.ids = ids or (0x4742, 0x0e2e if self.is_touchpad else 0x0e2d, 0x0001)
        self.origin, self.note = origin, note

    def description(self):
        def bitlines(prefix, bits):
            size = max(bits) // 8 + 1
            data = bytearray((size + 7) // 8 * 8)
            for b in bits:
                data[b // 8] |= 1 << (b % 8)
            return [prefix + " ".join(f"{x:02x}" for x in data[i:i + 8]) for i in range(0, len(data), 8)]
        (x0, y0) = self.origin
        xmax, ymax = x0 + self.width_mm * self.res, y0 + self.height_mm * self.res
        lines = ["# EVEMU 1.3", f"# {self.width_mm} x {self.height_mm} mm, {self.res} units/mm, {self.slots} slots"]
        lines += [f"# {self.note}"] if self.note else []
        lines += [f"N: {self.name}", f"I: {self.bus:04x} {self.ids[0]:04x} {self.ids[1]:04x} {self.ids[2]:04x}"]
        lines += bitlines("P: ", self.props)
        lines += bitlines("B: 00 ", [EV_SYN, EV_KEY, EV_ABS])
        lines += bitlines("B: 01 ", self.keys)
        lines += bitlines("B: 03 ", [ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID])
        for code, lo, hi, res in [(ABS_X, x0, xmax, self.res), (ABS_Y, y0, ymax, self.res),
                                  (ABS_MT_SLOT, 0, self.slots - 1, 0),
                                  (ABS_MT_POSITION_X, x0, xmax, self.res), (ABS_MT_POSITION_Y, y0, ymax, self.res),
                                  (ABS_MT_TRACKING_ID, 0, 65535, 0)]:
            lines.append(f"A: {code:02x} {lo} {hi} 0 0 {res}")
        return "\n".join(lines) + "\n"

TOUCHPAD = Device("GestureBridge E2E Touchpad", 0x18, [INPUT_PROP_POINTER, INPUT_PROP_BUTTONPAD],
                  [BTN_LEFT, BTN_TOOL_FINGER, BTN_TOOL_QUINTTAP, BTN_TOUCH, BTN_TOOL_DOUBLETAP,
                   BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP], 100, 60, 40, 5)
# 300 x 225 mm: the 4:3 of the guest's 1024x768 screen, 3.41 px/mm.
TOUCHSCREEN = Device("GestureBridge E2E Touchscreen", 0x03, [INPUT_PROP_DIRECT], [BTN_TOUCH], 300, 225, 10, 10)

# Touchpads whose names carry no touchpad word, described as public device
# databases describe them (the evemu-devices collection, systemd's hwdb for
# resolutions): names, bus and USB ids, slots, tool bits and properties as the
# kernel reports them; axes in their own units. X must tell they are touchpads
# from what the device is, not what it is called.
APPLE = Device("bcm5974", 0x03, [INPUT_PROP_POINTER, INPUT_PROP_BUTTONPAD],
               [BTN_LEFT, BTN_TOOL_FINGER, BTN_TOOL_QUINTTAP, BTN_TOUCH, BTN_TOOL_DOUBLETAP,
                BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP], 104, 72, 94, 16, ids=(0x05ac, 0x0262, 0x0001),
               origin=(-4620, -150), note="Apple MacBook Pro clickpad (bcm5974 driver): X -4620.., Y -150.., 94 units/mm")
ALPS = Device("AlpsPS/2 ALPS GlidePoint", 0x11, [INPUT_PROP_POINTER, INPUT_PROP_BUTTONPAD],
              [BTN_LEFT, BTN_TOOL_FINGER, BTN_TOUCH, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP],
              98, 50, 33, 4, ids=(0x0002, 0x0008, 0x0800), note="ALPS v8 PS/2 clickpad (psmouse driver)")
WACOM = Device("Wacom Intuos5 touch M Finger", 0x03, [INPUT_PROP_POINTER],
               [BTN_TOOL_FINGER, BTN_TOUCH, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP],
               136, 85, 30, 16, ids=(0x056a, 0x0027, 0x0107), note="Wacom Intuos5 M's finger-touch interface (wacom driver)")
REAL_TOUCHPADS = {"apple": APPLE, "alps": ALPS, "wacom": WACOM}

def ease(s):
    """Smooth start and stop, as a finger moves."""
    return 0.5 - 0.5 * math.cos(math.pi * s)

class Recording:
    def __init__(self, device):
        self.device, self.t, self.lines, self.frames = device, 0.0, [], 0
        self.down = {}          # slot -> (x, y) in device units
        self.next_id = 100

    def event(self, type_, code, value):
        self.lines.append(f"E: {self.t:.6f} {type_:04x} {code:04x} {value}")

    def slots(self, moves, lifts=()):
        """The slot events of one frame: the fingers in `moves` (slot: mm)
        land or move, those in `lifts` lift; slots in order."""
        d = self.device
        for slot in sorted(set(moves) | set(lifts)):
            self.event(EV_ABS, ABS_MT_SLOT, slot)
            if slot in lifts:
                self.event(EV_ABS, ABS_MT_TRACKING_ID, -1)
                self.down.pop(slot, None)
                continue
            x, y = moves[slot]
            ux, uy = d.origin[0] + round(x * d.res), d.origin[1] + round(y * d.res)
            if slot not in self.down:
                self.event(EV_ABS, ABS_MT_TRACKING_ID, self.next_id); self.next_id += 1
            if self.down.get(slot, (None, None))[0] != ux: self.event(EV_ABS, ABS_MT_POSITION_X, ux)
            if self.down.get(slot, (None, None))[1] != uy: self.event(EV_ABS, ABS_MT_POSITION_Y, uy)
            self.down[slot] = (ux, uy)

    def end_frame(self):
        """The single-touch axes (the lowest slot down), SYN_REPORT, and the next frame's time."""
        if self.down:
            first = min(self.down)
            self.event(EV_ABS, ABS_X, self.down[first][0]); self.event(EV_ABS, ABS_Y, self.down[first][1])
        self.event(EV_SYN, SYN_REPORT, 0)
        self.frames += 1
        self.t += FRAME

    def frame(self, positions, lift=False):
        """positions: one (x_mm, y_mm) per finger, slot = index; lift: all up."""
        d, landing = self.device, not self.down and not lift
        for slot, (x, y) in enumerate(positions):
            ux, uy = d.origin[0] + round(x * d.res), d.origin[1] + round(y * d.res)
            self.event(EV_ABS, ABS_MT_SLOT, slot)
            if lift:
                self.event(EV_ABS, ABS_MT_TRACKING_ID, -1)
                continue
            if slot not in self.down:
                self.event(EV_ABS, ABS_MT_TRACKING_ID, self.next_id); self.next_id += 1
            if self.down.get(slot, (None, None))[0] != ux: self.event(EV_ABS, ABS_MT_POSITION_X, ux)
            if self.down.get(slot, (None, None))[1] != uy: self.event(EV_ABS, ABS_MT_POSITION_Y, uy)
            self.down[slot] = (ux, uy)
        if landing or lift:
            self.event(EV_KEY, BTN_TOUCH, 0 if lift else 1)
            if d.is_touchpad:
                self.event(EV_KEY, TOOL_FOR_COUNT[len(positions)], 0 if lift else 1)
        if not lift:
            self.event(EV_ABS, ABS_X, self.down[0][0]); self.event(EV_ABS, ABS_Y, self.down[0][1])
        else:
            self.down = {}
        self.event(EV_SYN, SYN_REPORT, 0)
        self.frames += 1
        self.t += FRAME

    def text(self, title, threshold):
        head = [f"# {title}", f"# device: {self.device.name}; {self.frames} frames of {FRAME * 1000:.0f} ms",
                f"# threshold-frame: {threshold}"]
        return "\n".join(head + self.lines) + "\n"

def path_gesture(device, starts, moves, frames, lift=True, hold_frames=0):
    """Fingers land at starts (mm), each moves by its (dx, dy) over `frames`
    frames, stay still `hold_frames`, then lift (unless lift=False). Returns
    the recording and the index of its last frame."""
    r = Recording(device)
    r.frame(starts)
    for i in range(1, frames + 1):
        s = ease(i / frames)
        r.frame([(x + dx * s, y + dy * s) for (x, y), (dx, dy) in zip(starts, moves)])
    for _ in range(hold_frames):
        r.t += FRAME
    if lift:
        r.frame(starts, lift=True)
    return r, r.frames - 1

def hand_gesture(device, starts, moves, land_frames, start_frames, frames, lift_frames, rest_before=0.0):
    """A hand as it is: finger k lands at frame land_frames[k] (after
    `rest_before` seconds of the first finger resting alone, if given), the
    hand waits start_frames after the last landing, every finger moves by its
    (dx, dy) over `frames` eased frames, and finger k lifts lift_frames[k]
    frames after the motion ends. Returns the recording and the frame index
    of the first lift."""
    r = Recording(device)
    n = len(starts)
    pos = list(starts)
    down = set()
    def emit(lifting=()):
        d = device
        landing = not r.down
        r.slots({s: pos[s] for s in down}, lifting)
        count = len(down)
        if landing: r.event(EV_KEY, BTN_TOUCH, 1)
        if not down: r.event(EV_KEY, BTN_TOUCH, 0)
        if d.is_touchpad:
            before = count + len(lifting) - len([s for s in down if s not in r.counted])
            for c, on in [(before, 0), (count, 1)]:
                if c in TOOL_FOR_COUNT and before != count: r.event(EV_KEY, TOOL_FOR_COUNT[c], on)
        r.counted = set(down)
        r.end_frame()
    r.counted = set()
    frame = 0
    for k in range(n):
        while frame < land_frames[k]:
            r.t += FRAME; frame += 1   # nothing moves: no events
        if k == 1 and rest_before:
            r.t += rest_before
        down.add(k); emit(); frame += 1
    for _ in range(start_frames):
        r.t += FRAME
    for i in range(1, frames + 1):
        s = ease(i / frames)
        pos = [(x + dx * s, y + dy * s) for (x, y), (dx, dy) in zip(starts, moves)]
        emit()
    first_lift = r.frames
    order = sorted(range(n), key=lambda k: lift_frames[k])
    at = 0
    for k in order:
        while at < lift_frames[k]:
            r.t += FRAME; at += 1
        down.discard(k); emit(lifting=(k,))
    return r, first_lift

class Touches:
    """A touchscreen hand frame by frame, any finger at any time: `frame`
    writes one frame with the fingers that land (slot: position), move and
    lift (slots) in it; `wait` lets frames pass with nothing sent."""
    def __init__(self, device):
        self.r = Recording(device)
        self.r.counted = set()

    def wait(self, frames):
        self.r.t += FRAME * frames

    def frame(self, moves=None, lifts=()):
        r = self.r
        landing = not r.down
        r.slots(moves or {}, lifts)
        if landing and r.down: r.event(EV_KEY, BTN_TOUCH, 1)
        if not r.down: r.event(EV_KEY, BTN_TOUCH, 0)
        r.end_frame()
        return r.frames - 1

def hands_recordings(ts):
    """The real-hands issue's shapes, for the hands scenario (e2e-hands.toml):
    name -> (title, the bindings that must end, in order)."""
    out = {}
    def wobble(k, amount=0.15):
        # A finger is never still: a deterministic tremor of +-amount mm.
        return amount * math.sin(1.7 * k), amount * math.cos(2.3 * k)
    # A pinch that drifts: fingers 60 mm apart close to x0.6 while the hand,
    # once they set off, drifts 90 mm right (about 300 px), faster and faster.
    h = Touches(ts)
    a, b = (100.0, 110.0), (160.0, 112.0)
    h.frame({0: a}); h.wait(2); h.frame({0: a, 1: b}); h.wait(6)
    steps, set_off = 40, 7
    squares = sum(m * m for m in range(1, steps - set_off + 1))
    drift = 0.0
    for k in range(1, steps + 1):
        m = max(0, k - set_off); drift += 90.0 * m * m / squares
        scale = 0.6 ** (k / steps)
        cx, cy = 130.0 + drift, 111.0
        h.frame({i: (cx + (p[0] - 130.0) * scale, cy + (p[1] - 111.0) * scale) for i, p in ((0, a), (1, b))})
    h.frame(lifts=(0,)); h.wait(1); h.frame(lifts=(1,))
    out["touchscreen-hands-pinch-drifting-2"] = (h.r, "2 fingers 60 mm apart close to x0.6 while the hand drifts "
                                                 "90 mm right, faster and faster", ["magnify2"])
    # Fingers added one by one, 0.6 s apart, while the hand wanders.
    h = Touches(ts)
    base = [(60.0 + 18 * i, 120.0 + 4 * (i % 2)) for i in range(5)]
    pos, k = {}, 0
    for i in range(5):
        pos[i] = base[i]
        h.frame(dict(pos))
        for _ in range(50):
            k += 1
            dx, dy = 0.25 * math.cos(k / 20.0), 0.2 * math.sin(k / 13.0)
            pos = {s: (x + dx + wobble(k + s)[0] * 0.2, y + dy + wobble(k + s)[1] * 0.2) for s, (x, y) in pos.items()}
            h.frame(dict(pos))
    for s in range(5):
        h.frame(lifts=(s,)); h.wait(2)
    out["touchscreen-hands-roaming-5"] = (h.r, "5 fingers put down one by one, 0.6 s apart, while the hand wanders "
                                          "(about 12 mm between landings)", [])
    # Two fingers drumming single taps, 70 ms each, each landing in the frame
    # where the other lifts: six single taps, never a 2-finger tap.
    # Each tap takes the next slot, so the lift (a lower slot) comes first
    # in the frame, as libinput and X then deliver it.
    h = Touches(ts)
    spots = [(40.0, 100.0), (110.0, 95.0)]
    h.frame({0: spots[0]}); h.wait(5)
    for k in range(1, 6):
        h.frame({k: spots[k % 2]}, lifts=(k - 1,))
        h.wait(5)
    h.frame(lifts=(5,))
    out["touchscreen-hands-taps-drummed"] = (h.r, "two fingers tap in turn, 70 ms each, each landing in the frame "
                                             "where the other lifts", ["tap1"] * 6)
    # A 60 ms 4-finger tap, all in one frame.
    h = Touches(ts)
    four = {i: (180.0 + 15 * i, 150.0) for i in range(4)}
    h.frame(four); h.wait(4); h.frame(lifts=(0, 1, 2, 3))
    out["touchscreen-hands-tap-4-quick"] = (h.r, "4 fingers tap for 60 ms, landing and lifting in one frame", ["tap4"])
    # A 4-finger tap landing over 156 ms (frames 0, 4, 9, 13), resting 250 ms.
    h = Touches(ts)
    down, last = {}, 0
    for i, f in enumerate([0, 4, 9, 13]):
        h.wait(f - last - (1 if i else 0)); last = f
        down[i] = (60.0 + 15 * i, 150.0 + 2 * i)
        h.frame(dict(down))
    h.wait(20); h.frame(lifts=(0, 1)); h.frame(lifts=(2, 3))
    out["touchscreen-hands-tap-4-spread"] = (h.r, "4 fingers landing over 156 ms, resting 250 ms, lifting over 12 ms",
                                             ["tap4"])
    # A short 1-finger stroke: 5 mm (17 px) right in 96 ms, under the slop.
    h = Touches(ts)
    h.frame({0: (200.0, 60.0)})
    for k in range(1, 9):
        h.frame({0: (200.0 + 5.0 * ease(k / 8), 60.0 + 0.3 * ease(k / 8))})
    h.frame(lifts=(0,))
    out["touchscreen-hands-stroke-1"] = (h.r, "1 finger strokes 5 mm right in 96 ms", [])
    # Ten fingers landing over half a second and resting 1.5 s, shifting a little.
    h = Touches(ts)
    rest = {}
    for i in range(10):
        rest[i] = (40.0 + 22 * i, 160.0 + 6 * (i % 3))
        h.frame(dict(rest)); h.wait(3)
    for k in range(1, 120):
        rest = {s: (x + 0.03 + wobble(k + s)[0] * 0.1, y - 0.02 + wobble(k + s)[1] * 0.1) for s, (x, y) in rest.items()}
        h.frame(dict(rest))
    for s in range(10):
        h.frame(lifts=(s,))
    out["touchscreen-hands-ten-resting"] = (h.r, "10 fingers land over half a second and rest 1.5 s, shifting 4 mm", [])
    return out

def stroke_recordings(ts, tp):
    """The strokes scenarios' drawings (strokes/config.toml, strokes/strokes.toml):
    drawn as a hand draws, each segment eased (slow into a corner, slow out)
    with a small tremor. name -> (recording, title)."""
    out = {}
    def tremor(k):
        return 0.2 * math.sin(1.3 * k), 0.2 * math.cos(1.9 * k)
    def drawn(device, fingers, waypoints, frames_per_segment, rest_frames=0):
        # fingers: offsets (mm) of each finger from the drawing point.
        r = Recording(device)
        at = waypoints[0]
        r.frame([(at[0] + dx, at[1] + dy) for dx, dy in fingers])
        r.t += FRAME * rest_frames   # a still finger sends nothing
        k = 0
        for (x0, y0), (x1, y1) in zip(waypoints, waypoints[1:]):
            for i in range(1, frames_per_segment + 1):
                s = ease(i / frames_per_segment); k += 1
                wx, wy = tremor(k)
                at = (x0 + (x1 - x0) * s + wx, y0 + (y1 - y0) * s + wy)
                r.frame([(at[0] + dx, at[1] + dy) for dx, dy in fingers])
        r.frame([(at[0] + dx, at[1] + dy) for dx, dy in fingers], lift=True)
        return r, r.frames - 1
    # An L over e2e-app: 50 mm down, 40 mm right (170 x 136 px), 0.9 s.
    ell = [(60, 40), (60, 90), (100, 90)]
    out["touchscreen-stroke-L-1"] = (*drawn(ts, [(0, 0)], ell, 36), "touchscreen: 1 finger draws an L, 50 mm down "
                                     "and 40 mm right, in 0.9 s")
    # A circle 40 mm across, clockwise on the screen from its top, after a
    # 0.7 s press (the long press takes 0.5 s): the composition's press, then
    # the drawing; and the same circle with no press (which must not fire it).
    circle = [(120 + 20 * math.sin(2 * math.pi * k / 24), 120 - 20 * math.cos(2 * math.pi * k / 24)) for k in range(25)]
    out["touchscreen-press-then-circle-1"] = (*drawn(ts, [(0, 0)], circle, 3, rest_frames=58),
                                              "touchscreen: 1 finger pressed 0.7 s, then draws a circle 40 mm "
                                              "across, clockwise from its top, in 0.9 s")
    out["touchscreen-circle-1"] = (*drawn(ts, [(0, 0)], circle, 3), "touchscreen: 1 finger draws a circle 40 mm "
                                   "across, clockwise from its top, in 0.9 s, with no press first")
    # Three fingers on the touchpad: an L, 25 mm down and 30 mm right.
    three = [(-12, 0), (0, 0), (12, 0)]
    out["touchpad-stroke-L-3"] = (*drawn(tp, three, [(45, 12), (45, 42), (75, 42)], 30),
                                  "touchpad: 3 fingers draw an L, 30 mm down and 30 mm right, in 0.7 s")
    return out

# ---- the mouse (pointer strokes, docs/pointer-strokes.md) ----
EV_REL, REL_X, REL_Y, REL_WHEEL = 0x02, 0x00, 0x01, 0x08
BTN_RIGHT, BTN_MIDDLE = 0x111, 0x112
MOUSE_FRAME = 0.008  # a USB mouse reports at 125 Hz

class Mouse:
    """A USB mouse: three buttons, a wheel, relative motion."""
    name = "GestureBridge E2E Mouse"
    def description(self):
        def bitlines(prefix, bits):
            size = max(bits) // 8 + 1
            data = bytearray((size + 7) // 8 * 8)
            for b in bits:
                data[b // 8] |= 1 << (b % 8)
            return [prefix + " ".join(f"{x:02x}" for x in data[i:i + 8]) for i in range(0, len(data), 8)]
        lines = ["# EVEMU 1.3", "# A USB mouse: left, right and middle buttons, a wheel, relative motion",
                 f"N: {self.name}", "I: 0003 4742 0e30 0001", "P: 00 00 00 00 00 00 00 00"]
        lines += bitlines("B: 00 ", [EV_SYN, EV_KEY, EV_REL])
        lines += bitlines("B: 01 ", [BTN_LEFT, BTN_RIGHT, BTN_MIDDLE])
        lines += bitlines("B: 02 ", [REL_X, REL_Y, REL_WHEEL])
        return "\n".join(lines) + "\n"

MOUSE = Mouse()

class MouseRecording:
    """Relative motion in px (libinput's flat profile at speed 0 moves the
    pointer 1:1: the scenarios set it), one report per MOUSE_FRAME."""
    def __init__(self):
        self.t, self.lines, self.frames, self.device = 0.0, [], 0, MOUSE
        self.at = (0.0, 0.0)      # where the hand is, px from the start
        self.sent = (0, 0)        # what was reported so far (whole px)

    def report(self, events):
        for type_, code, value in events:
            self.lines.append(f"E: {self.t:.6f} {type_:04x} {code:04x} {value}")
        self.lines.append(f"E: {self.t:.6f} {EV_SYN:04x} {SYN_REPORT:04x} 0")
        self.frames += 1
        self.t += MOUSE_FRAME

    def button(self, code, down):
        self.report([(EV_KEY, code, 1 if down else 0)])

    def rest(self, seconds):
        self.t += seconds   # a still mouse sends nothing

    def move_to(self, x, y, frames):
        """Eased from where the hand is to (x, y) px from the start."""
        (x0, y0) = self.at
        for i in range(1, frames + 1):
            s = ease(i / frames)
            tx, ty = round(x0 + (x - x0) * s), round(y0 + (y - y0) * s)
            dx, dy = tx - self.sent[0], ty - self.sent[1]
            self.sent = (tx, ty)
            if dx or dy:
                self.report([e for e in [(EV_REL, REL_X, dx), (EV_REL, REL_Y, dy)] if e[2]])
            else:
                self.t += MOUSE_FRAME
        self.at = (x, y)

    def text(self, title, threshold):
        head = [f"# {title}", f"# device: {MOUSE.name}; {self.frames} reports, {MOUSE_FRAME * 1000:.0f} ms apart",
                f"# threshold-frame: {threshold}"]
        return "\n".join(head + self.lines) + "\n"

def mouse_recordings():
    """The pointer-stroke scenarios' hands on the mouse's right button:
    name -> text. Shapes as strokes/strokes.toml's (px, y down)."""
    out = {}
    def drawn(waypoints, frames_per_segment, title, press=True, release=True, hold=0.05):
        r = MouseRecording()
        if press:
            r.button(BTN_RIGHT, True); r.rest(hold)
        for (x, y) in waypoints[1:]:
            r.move_to(x, y, frames_per_segment)
        if release:
            r.rest(0.03); r.button(BTN_RIGHT, False)
        out_title = title + (" (threshold: the release, strokes are matched there)" if release else " (threshold: none)")
        return r.text(out_title, r.frames - 1 if release else "-")
    # An L: 160 px down, 130 right, 0.8 s.
    out["mouse-right-L"] = drawn([(0, 0), (0, 160), (130, 160)], 50, "mouse: the right button draws an L, 160 px down "
                                 "and 130 px right, in 0.8 s")
    # A v (strokes.toml's, 1.2 times): e2e-app's shape.
    out["mouse-right-v"] = drawn([(0, 0), (60, 140), (120, 0)], 45, "mouse: the right button draws a v, 140 px deep "
                                 "and 120 px wide, in 0.7 s")
    # A click: pressed 80 ms, not moved.
    r = MouseRecording(); r.button(BTN_RIGHT, True); r.rest(0.08); r.button(BTN_RIGHT, False)
    out["mouse-right-click"] = r.text("mouse: a right-click, pressed 80 ms, no motion (threshold: the release)", 1)
    # Held still 400 ms (the hold is 250 ms), then dragged 120 px right in
    # 0.3 s, released 100 ms later.
    r = MouseRecording(); r.button(BTN_RIGHT, True); r.rest(0.4); r.move_to(120, 0, 38); r.rest(0.1)
    r.button(BTN_RIGHT, False)
    out["mouse-right-hold-drag"] = r.text("mouse: the right button held still 400 ms, then dragged 120 px right "
                                          "in 0.3 s and released (threshold: none; the press goes to the "
                                          "window at the hold)", "-")
    # An L in two halves, Escape pressed between them: the press and the
    # first leg, then the second leg and the release.
    out["mouse-right-L-first-leg"] = drawn([(0, 0), (0, 160)], 50, "mouse: the right button pressed, 160 px down "
                                           "in 0.4 s, still held", release=False)
    r = MouseRecording(); r.move_to(130, 0, 50); r.rest(0.03); r.button(BTN_RIGHT, False)
    out["mouse-right-L-second-leg"] = r.text("mouse: 130 px right in 0.4 s, then the right button released "
                                             "(threshold: the release)", r.frames - 1)
    return out

# ---- the pen (a tablet's side button draws: docs/pointer-strokes.md) ----
BTN_TOOL_PEN, BTN_STYLUS, BTN_STYLUS2 = 0x140, 0x14b, 0x14c
ABS_PRESSURE, ABS_DISTANCE = 0x18, 0x19
PEN_FRAME = 0.005  # a pen tablet reports at 200 Hz

class Pen:
    """An external pen tablet, 152 x 95 mm at 200 units/mm, mapped by
    xf86-input-libinput onto the whole 1024x768 screen: a pen, its tip
    and two side buttons (the upper one, BTN_STYLUS2, is button 3)."""
    name = "GestureBridge E2E Pen"
    width, height, res = 30480, 19050, 200
    def description(self):
        def bitlines(prefix, bits):
            size = max(bits) // 8 + 1
            data = bytearray((size + 7) // 8 * 8)
            for b in bits:
                data[b // 8] |= 1 << (b % 8)
            return [prefix + " ".join(f"{x:02x}" for x in data[i:i + 8]) for i in range(0, len(data), 8)]
        lines = ["# EVEMU 1.3", "# A pen tablet: 152 x 95 mm, 200 units/mm, a pen with its tip and two side buttons",
                 f"N: {self.name}", "I: 0003 4742 0e31 0001"]
        lines += bitlines("P: ", [INPUT_PROP_POINTER])
        lines += bitlines("B: 00 ", [EV_SYN, EV_KEY, EV_ABS])
        lines += bitlines("B: 01 ", [BTN_TOOL_PEN, BTN_TOUCH, BTN_STYLUS, BTN_STYLUS2])
        lines += bitlines("B: 03 ", [ABS_X, ABS_Y, ABS_PRESSURE, ABS_DISTANCE])
        for code, hi, res in [(ABS_X, self.width, self.res), (ABS_Y, self.height, self.res),
                              (ABS_PRESSURE, 2047, 0), (ABS_DISTANCE, 63, 0)]:
            lines.append(f"A: {code:02x} 0 {hi} 0 0 {res}")
        return "\n".join(lines) + "\n"

PEN = Pen()

def pen_recordings():
    """The pen hovering (in proximity, not touching): a first hover that
    makes X add the pen's tool device, then an L drawn with the upper side
    button held, at the mouse's L's size and place (px on the screen)."""
    out = {}
    class R:
        def __init__(self):
            self.t, self.lines, self.frames = 0.0, [], 0
        def report(self, events):
            for type_, code, value in events:
                self.lines.append(f"E: {self.t:.6f} {type_:04x} {code:04x} {value}")
            self.lines.append(f"E: {self.t:.6f} {EV_SYN:04x} {SYN_REPORT:04x} 0")
            self.frames += 1
            self.t += PEN_FRAME
        def at(self, x, y, extra=()):
            ux, uy = round(x * PEN.width / 1024), round(y * PEN.height / 768)
            self.report(list(extra) + [(EV_ABS, ABS_X, ux), (EV_ABS, ABS_Y, uy), (EV_ABS, ABS_DISTANCE, 20)])
        def text(self, title, threshold):
            head = [f"# {title}", f"# device: {PEN.name}; {self.frames} reports, {PEN_FRAME * 1000:.0f} ms apart",
                    f"# threshold-frame: {threshold}"]
            return "\n".join(head + self.lines) + "\n"
    r = R()
    r.at(900, 600, [(EV_KEY, BTN_TOOL_PEN, 1)])
    for i in range(1, 20):
        r.at(900 - i, 600)
    r.report([(EV_KEY, BTN_TOOL_PEN, 0)])
    out["pen-hover"] = r.text("pen: in proximity over 900,600 px, hovering 0.1 s, out (threshold: none; X adds "
                              "the pen's tool device)", "-")
    r = R()
    r.at(700, 150, [(EV_KEY, BTN_TOOL_PEN, 1)])
    for _ in range(5):
        r.at(700, 150)
    r.report([(EV_KEY, BTN_STYLUS2, 1)])
    x, y = 700.0, 150.0
    for (x0, y0), (x1, y1) in [((700, 150), (700, 310)), ((700, 310), (830, 310))]:
        for i in range(1, 81):
            s = ease(i / 80)
            r.at(x0 + (x1 - x0) * s, y0 + (y1 - y0) * s)
    r.report([(EV_KEY, BTN_STYLUS2, 0)])
    last = r.frames - 1
    r.at(830, 310)
    r.report([(EV_KEY, BTN_TOOL_PEN, 0)])
    out["pen-side-button-L"] = r.text("pen: hovering, the upper side button (button 3) held, an L 160 px down and "
                                      "130 px right on the screen in 0.8 s (threshold: the button's release)", last)
    return out

def row(n, x, y, spacing):
    return [(x + i * spacing, y) for i in range(n)]

def recordings():
    tp, ts = TOUCHPAD, TOUCHSCREEN
    out = {}
    def swipe(name, device, starts, dx, dy, frames, title):
        r, last = path_gesture(device, starts, [(dx, dy)] * len(starts), frames)
        out[name] = r.text(title + " (threshold: the lift, the binding acts on-ended)", last)

    swipe("touchpad-swipe-left-3", tp, row(3, 55, 30, 12), -40, 0, 24, "touchpad: 3 fingers swipe left 40 mm")
    swipe("touchpad-swipe-right-3", tp, row(3, 15, 30, 12), 40, 0, 24, "touchpad: 3 fingers swipe right 40 mm")
    swipe("touchpad-swipe-up-4", tp, row(4, 25, 45, 12), 0, -30, 24, "touchpad: 4 fingers swipe up 30 mm")
    # Pinches: 20 mm apart to 62 and back. libinput's scale is relative to
    # where it decides "pinch" (a few mm into the motion), so the scale at the
    # lift is 2.4-3.1 (out) or 0.32-0.36 (in): with on-step every 0.5 (x1.5)
    # that is exactly 2 steps either way, wherever libinput decided.
    for name, a, b in [("touchpad-pinch-out-2", 10, 31), ("touchpad-pinch-in-2", 31, 10)]:
        r, last = path_gesture(tp, [(50 - a, 30), (50 + a, 30)], [(a - b, 0), (b - a, 0)], 30)
        out[name] = r.text(f"touchpad: 2 fingers {2 * a} mm apart to {2 * b} mm "
                           "(threshold: none; each step fires on the frame that crosses it)", "-")
    # Held: 4 fingers down and moving, no lift; the lift is its own recording.
    r, last = path_gesture(tp, row(4, 25, 15, 12), [(0, 30)] * 4, 24, lift=False)
    out["touchpad-swipe-down-4-held"] = r.text("touchpad: 4 fingers swipe down 30 mm and stay down "
                                               "(threshold: the frame that passes the swipe distance, in "
                                               "libinput's accelerated deltas: not known in advance)", "-")
    r = Recording(tp); r.frame(row(4, 25, 45, 12), lift=True)
    out["touchpad-lift-4"] = r.text("touchpad: the lift of touchpad-swipe-down-4-held", 0)

    # Touchscreen: 1024x768 over 300 x 225 mm; the probe's windows split it at
    # x = 512 px (150 mm): e2e-app on the left, e2e-other on the right.
    swipe("touchscreen-swipe-left-3", ts, row(3, 230, 110, 15), -60, 0, 20,
          "touchscreen: 3 fingers swipe left 60 mm over e2e-other")
    swipe("touchscreen-swipe-down-3-app", ts, row(3, 40, 60, 15), 0, 60, 20,
          "touchscreen: 3 fingers swipe down 60 mm over e2e-app")
    swipe("touchscreen-swipe-down-3-other", ts, row(3, 200, 60, 15), 0, 60, 20,
          "touchscreen: 3 fingers swipe down 60 mm over e2e-other")
    # 60 ms: lifted before the daemon's finger-landing window (80 ms) closes.
    r, last = path_gesture(ts, [(75, 150)], [(0, 0)], 4)
    out["touchscreen-tap-1"] = r.text("touchscreen: 1 finger tap over e2e-app, 60 ms "
                                      "(threshold: the landing; the daemon should hand it back)", 0)
    r, last = path_gesture(ts, [(60, 150)], [(40, -20)], 25)
    out["touchscreen-drag-1"] = r.text("touchscreen: 1 finger drag 45 mm over e2e-app "
                                       "(threshold: the landing; the daemon should hand it back)", 0)
    # Two fingers down 72 ms, still: a tap (the raw-touch scenario; a finger
    # counted twice would make it a 4-finger tap).
    r, last = path_gesture(ts, row(2, 200, 120, 20), [(0, 0)] * 2, 6)
    out["touchscreen-tap-2"] = r.text("touchscreen: 2 fingers tap over e2e-other, 84 ms (threshold: the lift)", last)
    # Hands as they are (issue: real hands). Four fingers landing over 156 ms
    # (frames 0, 4, 8, 13), still for 100 ms, then a slow eased 60 mm swipe
    # left over e2e-app: 80 px (23.5 mm) comes ~0.5 s after the first touch,
    # past grab-timeout (300 ms), so the touches go back to e2e-app and the
    # daemon must follow them through raw events to see the swipe through.
    r, first = hand_gesture(ts, row(4, 60, 110, 15), [(-60, 0)] * 4, [0, 4, 8, 13], 8, 50, [0, 2, 3, 6])
    out["touchscreen-swipe-left-4-slow"] = r.text("touchscreen: 4 fingers land over 156 ms, wait 96 ms, swipe left "
                                                  "60 mm in 600 ms, eased, over e2e-app; lifts over 72 ms "
                                                  "(threshold: the first lift, the binding acts on-ended)", first)
    # A short real touchpad swipe: 8 mm in 180 ms, eased, fingers landing together (libinput's swipe needs them).
    r, last = path_gesture(tp, row(3, 50, 30, 12), [(-8, 0)] * 3, 15)
    out["touchpad-swipe-left-3-8mm"] = r.text("touchpad: 3 fingers swipe left 8 mm in 180 ms "
                                              "(threshold: the lift, the binding acts on-ended)", last)
    # A finger rests 1 s (it goes back to e2e-other), a second lands and the
    # two pinch out from 30 to 70 mm apart: a new attempt with both fingers.
    r, first = hand_gesture(ts, [(200, 150), (230, 150)], [(-20, 0), (20, 0)], [0, 1], 3, 30, [0, 0], rest_before=1.0)
    out["touchscreen-pinch-late-2"] = r.text("touchscreen: 1 finger rests 1 s over e2e-other, a second lands 30 mm "
                                             "away, they spread to 70 mm: scale 2.3 "
                                             "(threshold: none; each step fires on the frame that crosses it)", "-")
    # Pointer gestures. The same 40 mm path as touchpad-swipe-right-3, with one
    # finger: how far libinput moves the pointer for it (the reference a
    # three-finger drag must match). A 3-finger drag that stays down (SIGTERM
    # mid-drag) and its lift. A one-finger press held 800 ms over e2e-app.
    r, last = path_gesture(tp, row(1, 15, 30, 12), [(40, 0)], 24)
    out["touchpad-move-right-1"] = r.text("touchpad: 1 finger moves right 40 mm, the path of touchpad-swipe-right-3's "
                                          "fingers (threshold: none; the pointer's motion is measured)", "-")
    r, last = path_gesture(tp, row(3, 15, 30, 12), [(20, 0)] * 3, 12, lift=False)
    out["touchpad-drag-right-3-held"] = r.text("touchpad: 3 fingers move right 20 mm and stay down "
                                               "(threshold: none; the drag's button is held until its lift)", "-")
    r = Recording(tp); r.frame(row(3, 35, 30, 12), lift=True)
    out["touchpad-lift-3"] = r.text("touchpad: the lift of touchpad-drag-right-3-held", 0)
    r, last = path_gesture(ts, [(75, 150)], [(0, 0)], 1, hold_frames=66)
    out["touchscreen-press-1"] = r.text("touchscreen: 1 finger pressed 800 ms over e2e-app at 256,512 px "
                                        "(threshold: the 600 ms long press; it right-clicks there)", "-")
    # The real touchpads: a 3-finger swipe left, 40 mm, in each one's units.
    for key, dev in REAL_TOUCHPADS.items():
        x = dev.width_mm / 2 + 20
        swipe(f"{key}-swipe-left-3", dev, row(3, x - 12, dev.height_mm / 2, 12), -40, 0, 24,
              f"{dev.name}: 3 fingers swipe left 40 mm")
    for name, (r, last, title) in stroke_recordings(ts, tp).items():
        out[name] = r.text(title + " (strokes scenario; threshold: the lift, strokes are matched there)", last)
    out.update(mouse_recordings())
    out.update(pen_recordings())
    for name, (r, title, acts) in hands_recordings(ts).items():
        out[name] = r.text(f"touchscreen: {title} (hands scenario: {' '.join(acts) or 'nothing'} must end; "
                           "threshold: none)", "-")
    return out

def files():
    result = {HERE / "devices/touchpad.desc": TOUCHPAD.description(),
              HERE / "devices/touchscreen.desc": TOUCHSCREEN.description(),
              HERE / "devices/mouse.desc": MOUSE.description(),
              HERE / "devices/pen.desc": PEN.description()}
    for key, dev in REAL_TOUCHPADS.items():
        result[HERE / f"devices/{key}.desc"] = dev.description()
    for name, text in recordings().items():
        result[HERE / f"recordings/{name}.evemu"] = text
    return result

if __name__ == "__main__":
    check = "--check" in sys.argv
    stale = []
    for path, text in files().items():
        if check:
            if not path.exists() or path.read_text() != text:
                stale.append(str(path.relative_to(HERE)))
        else:
            path.parent.mkdir(exist_ok=True)
            path.write_text(text)
    if stale:
        print("stale (run Tests/E2E/make-fixtures.py):", *stale, file=sys.stderr)
        sys.exit(1)
