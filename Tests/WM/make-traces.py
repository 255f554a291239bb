#!/usr/bin/env python3
"""Writes the traces Tests/WM/run.sh plays for window move, resize and snap
(Tests/WM/traces/*.jsonl): three fingers on a touchscreen, or a touchpad's
three-finger swipe, travelling a known distance, so the window's travel read
back from X can be held to the fingers'. Run it again after changing it; the
files are committed."""
import json, math, os

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "traces")
devices = [{"id": 11, "name": "virtual touchscreen", "kind": "touchscreen"},
           {"id": 12, "name": "virtual touchpad", "kind": "touchpad"}]


def write(name, comment, events, width=1280, height=800):
    with open(os.path.join(here, name), "w") as f:
        f.write(f"# {comment}\n")
        f.write(json.dumps({"trace": 1, "screen": {"width": width, "height": height, "px_per_mm": 3.78},
                            "devices": devices}) + "\n")
        for e in events:
            f.write(json.dumps(e) + "\n")


def three_fingers(start, shift, end, steps, frame=10):
    """Three fingers 60 px apart around `start`, landing 10 ms apart; at
    frame k of `steps` each is moved from where it landed by the terms
    `shift(k, steps)` gives per axis (added in their order, so the traces
    stay byte for byte what they were); they lift together moved by `end`."""
    offsets = [(-60, 0), (0, 20), (60, 0)]
    ev, t = [], 0.0
    for i, (ox, oy) in enumerate(offsets):
        ev.append({"t": round(t, 3), "dev": 11, "ev": "touch-begin", "id": i + 1, "x": start[0] + ox, "y": start[1] + oy})
        t += 0.01
    for k in range(1, steps + 1):
        xs, ys = shift(k, steps)
        for i, (ox, oy) in enumerate(offsets):
            ev.append({"t": round(t, 3), "dev": 11, "ev": "touch-update", "id": i + 1,
                       "x": sum(xs, start[0] + ox), "y": sum(ys, start[1] + oy)})
        t += frame / 1000
    for i, (ox, oy) in enumerate(offsets):
        ev.append({"t": round(t, 3), "dev": 11, "ev": "touch-end", "id": i + 1,
                   "x": start[0] + ox + end[0], "y": start[1] + oy + end[1]})
    return ev


def touchscreen(start, travel, ms=400, frame=10, width=1280, wobble=1.0):
    """Three fingers moving by `travel` (eased, with a little sideways
    wobble that cancels out at the end), lifting together where they are."""
    def shift(k, steps):
        f = k / steps
        ease = 0.5 - 0.5 * math.cos(math.pi * f)
        w = wobble * math.sin(2 * math.pi * f * 3)
        return (travel[0] * ease, w), (travel[1] * ease, -w)
    return three_fingers(start, shift, travel, ms // frame, frame)


def touchpad(travel, ms=400, frame=10, cancelled=False):
    steps = ms // frame
    ev = [{"t": 0, "dev": 12, "ev": "swipe-begin", "fingers": 3, "x": 640, "y": 400}]
    for k in range(1, steps + 1):
        ev.append({"t": round(k * frame / 1000, 3), "dev": 12, "ev": "swipe-update", "fingers": 3,
                   "dx": travel[0] / steps, "dy": travel[1] / steps})
    ev.append({"t": round((steps + 1) * frame / 1000, 3), "dev": 12, "ev": "swipe-end", "fingers": 3, "cancelled": cancelled})
    return ev


# The test client: xmessage -geometry 300x200+100+100 (its frame a little
# larger, wherever the window manager puts it); fingers on its middle.
write("touchscreen-drag-3-move.jsonl",
      "three fingers on the window at (250, 200) drag it by (+240, +130) in 400 ms, 10 ms frames",
      touchscreen((250, 200), (240, 130)))
write("touchpad-drag-3-move.jsonl",
      "touchpad: three-finger swipe by (+240, +120) in 400 ms, 10 ms frames (moves the active window)",
      touchpad((240, 120)))
write("touchpad-drag-3-cancelled.jsonl",
      "touchpad: three-finger swipe by (+240, +120), cancelled at its end (a finger too many)",
      touchpad((240, 120), cancelled=True))
# Resize: the fingers land on the lower right third of the window: that corner follows.
write("touchscreen-drag-3-resize.jsonl",
      "three fingers near the window's lower right corner drag it by (+120, +80) in 400 ms",
      touchscreen((330, 260), (120, 80)))
# Snap by position: the fingers end at a monitor's edge.
write("touchscreen-drag-3-to-right-edge.jsonl",
      "three fingers on the window drag it until the fingers' centre is 6 px from x = 1280 (the first monitor's right edge)",
      touchscreen((250, 200), (1274 - 250, 100)), width=2560)
write("touchscreen-drag-3-to-left-edge.jsonl",
      "three fingers drag from x = 1600 (second monitor) until their centre is 6 px right of x = 1280 (its left edge)",
      touchscreen((1600, 300), (1286 - 1600, 0)), width=2560)
write("touchscreen-drag-3-to-top.jsonl",
      "three fingers drag the window up until their centre is 4 px below the top",
      touchscreen((250, 200), (100, -196)))
write("touchscreen-drag-3-slow.jsonl",
      "three fingers on the window drag it by (+300, +100) slowly, in 3 s (time to close the window meanwhile)",
      touchscreen((250, 200), (300, 100), ms=3000, frame=20))
write("touchscreen-drag-3-away.jsonl",
      "three fingers on the right half of monitor L (900, 300) drag by (-300, +50): away from where a snap put the window",
      touchscreen((900, 300), (-300, 50)), width=2560)


def circling(start, radius, turns, ms, frame=10):
    """Three fingers on the window going round a circle (the latency
    benchmark's trace: Benchmarks/window-follow.sh)."""
    def shift(k, steps):
        a = 2 * math.pi * turns * k / steps
        return (radius * math.sin(a),), (radius * (1 - math.cos(a)),)
    return three_fingers(start, shift, (0, 0), ms // frame, frame)


write("touchscreen-drag-3-circling.jsonl",
      "three fingers on the window go round a 150 px circle 5 times in 5 s, 10 ms frames (the latency benchmark)",
      circling((250, 200), 150, 5, 5000))
