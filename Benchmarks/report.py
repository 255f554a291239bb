#!/usr/bin/env python3
"""The one reader of the benchmarks' JSON lines (Benchmarks/run.sh collects
them): prints the figures table, checks the targets and the regression guard,
and with --write puts the table into docs/performance.md.

  Benchmarks/report.py RESULTS.jsonl [--smoke] [--write docs/performance.md --machine TEXT --date YYYY-MM-DD]

Exit 1 when a guard fails: the engine above GUARD_INSTRUCTIONS instructions
per event on the everyday trace (a regression guard for CI, not a timed
test), steady-state allocations above 0, an idle daemon that wakes, a
drawn stroke's lift above STROKE_LIFT_MS of CPU at its worst (10 shapes x 3
templates, 200 lifts: measured in CPU time of the thread, so a shared
machine's other processes do not count; the wall time is reported beside it),
a motion event of a stroke drawn with a button held above POINTER_MOTION_US
of the daemon's CPU with the trail on, a daemon with a pointer stroke bound
that wakes while idle, the static daemon's RSS after strokes drawn with a
button (trail and name shown) above RSS_STROKES_KB, or, side by side in the E2E VM, the touchscreen's lift → key above
LIFT_P50_US at its median (not with --smoke: the smoke run's one swipe is
reported, not guarded).
"""
import json
import sys

TARGET_INSTRUCTIONS = 2000   # issue 22: engine cost on the everyday trace
GUARD_INSTRUCTIONS = 2600    # CI's smoke run fails above this
IDLE_WAKEUPS_GUARD = 2       # an idle daemon sleeps: more wakeups than this fail the run
MONITOR_TARGET = 10000      # issue 45: engine and monitor stream per event with one client
RSS_TARGET_KB = 8 * 1024    # issue 45: the static daemon after start-up and after 1,000 gestures
DAEMON_BINARY_TARGET = 9 * 1000 * 1000   # issue 45: the daemon, stripped
STARTUP_TARGET = 12 * 1000 * 1000        # issue 45: instructions from exec to ready
STROKE_LIFT_MS = 1.0       # issue 53: matching at the lift, 10 shapes x 3 templates, every lift
ORDER_LISTED_GUARD = 0.95  # issue 61: start-up's functions scripts/daemon.order lists (fewer: stale, run daemon-order.sh)
LIFT_P50_US = 10000        # issue 61: touchscreen lift frame → key seen, p50 (E2E VM side by side)
XORG_NOBODY_RATIO = 1.05   # issue 61: Xorg's CPU per touchscreen swipe with gesture-bridge / with nobody listening
LIBINPUT_GESTURES_EXEC_US = 43000   # issue 24: libinput-gestures' lift → command, same VM (not in Debian)
POINTER_MOTION_US = 40     # issue 58: the daemon's CPU per motion event of a stroke drawn with a button, trail on
RSS_STROKES_KB = 8704      # issue 58: the static daemon's RSS after 20 strokes drawn with a button (8.5 MB)


def load(path):
    results = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                results.append(json.loads(line))
            except json.JSONDecodeError as e:
                sys.exit(f"{path}:{n}:{e.colno}: not JSON: {e.msg}")
    return results


def pick(results, bench, **match):
    for r in results:
        if r.get("bench") == bench and all(r.get(k) == v for k, v in match.items()):
            return r
    return None


def met(value, target):
    return "met" if value is not None and value <= target else "not met"


def mb(kb):
    return "–" if kb is None else f"{kb / 1024:.1f}"


def ratio(a, b):
    return "–" if not a or not b else f"{a / b:.2f}"


def order_share(boot):
    """The share of the daemon's start-up functions the order file lists (None unmeasured)."""
    run, listed = boot.get("order_run"), boot.get("order_listed")
    return None if not run or listed is None else listed / run


def met_at_least(value, target):
    return "–" if value is None else ("met" if value >= target else "not met")


def ratio_of(a, b):
    return None if not a or not b else a / b


def linear(points):
    """Linear or better: from each size to the next, the cost grows by at
    most the factor the size grows by (with 20 % for the fixed part's noise)."""
    return all(c2 / c1 <= 1.2 * n2 / n1 for (n1, c1), (n2, c2) in zip(points, points[1:]))


def table(results, smoke=False):
    everyday = pick(results, "callgrind", workload="everyday")
    steady = pick(results, "callgrind", workload="--steady")
    watched = pick(results, "callgrind", workload="--monitor")
    allocs = pick(results, "allocations", workload="everyday")
    a1, a2 = [r for r in results if r.get("bench") == "allocations" and r.get("workload") == "--steady"][:2] or (None, None)
    steady_mallocs = (a2["mallocs"] - a1["mallocs"]) / a1["events"] if a1 and a2 else None
    wall = pick(results, "engine")
    lat = pick(results, "latency") or {}
    dyn = pick(results, "daemon", label="dynamic") or {}
    sta = pick(results, "daemon", label="static") or {}
    start = {r["label"]: r["mean_ms"] for r in results if r.get("bench") == "startup"}
    boot = pick(results, "startup-instructions") or {}
    curves = {}
    for r in results:
        w = r.get("workload", "")
        if r.get("bench") == "callgrind" and w.split(" ")[0] in ("--bindings", "--fingers"):
            kind, n = w.split(" ")
            curves.setdefault(kind, []).append((int(n), r["instructions_per_event"]))
    vs = {**(pick(results, "versus") or {}), **(pick(results, "versus-instructions") or {})}
    pad = pick(results, "versus-touchpad") or {}
    alone = pick(results, "versus-lift-alone") or {}
    instr = everyday["instructions_per_event"] if everyday else None
    stroke = pick(results, "stroke-match")
    pointer = pick(results, "pointer-trail")
    # With X's part: Xorg runs libinput and delivers the touches for us; lisgd
    # reads evdev, so its X is Xorg with nobody listening.
    def with_x(client, xorg):
        """A client's CPU plus Xorg's in the same swipes (None unless both were measured)."""
        return vs[client] + vs[xorg] if vs.get(client) is not None and vs.get(xorg) is not None else None

    ours_x = with_x("ours_us", "xorg_us")
    peer_x = with_x("peer_us", "xorg_nobody_us")
    # The C client that prints what X sends, with X's part: what any X
    # client taking these touches costs (X writes each touch event on its own).
    base_x = with_x("baseline_us", "baseline_xorg_us")
    # The same grab doing nothing else (xi2-print --quiet): X's delivery alone, to a client that reads each of X's writes as it comes.
    quiet_x = with_x("quiet_us", "quiet_xorg_us")

    def curve(kind):
        pts = sorted(curves.get(kind, []))
        text = "; ".join(f"{n}: {c}" for n, c in pts)
        return text, ("met" if pts and linear(pts) else "not met")

    cb, cbv = curve("--bindings")
    cf, cfv = curve("--fingers")
    # Idle: the dynamic build's run where there is one (the full suite), else the static one (the smoke run).
    idle = dyn or sta
    idle_ok = idle.get("idle_ticks") == 0 and idle.get("idle_wakeups") == 0
    rows = [
        ("engine instructions per input event (callgrind, everyday trace)", instr,
         f"≤ {TARGET_INSTRUCTIONS:,}: {met(instr, TARGET_INSTRUCTIONS)}"),
        ("engine instructions per event, steady state (a long pinch)", steady and steady["instructions_per_event"], ""),
        ("engine and monitor stream per event, with a `watch` client (with none: the first row)",
         watched and watched["instructions_per_event"],
         f"≤ {MONITOR_TARGET:,}: {met(watched and watched['instructions_per_event'], MONITOR_TARGET)}"),
        ("heap allocations per event, everyday trace (attempts included)", allocs and allocs["mallocs_per_event"], ""),
        ("heap allocations per event, steady state (what the 2nd half of a run adds)",
         f"{steady_mallocs:.4f} ({a1['mallocs']} at {a1['events']} events, {a2['mallocs']} at {a2['events']})"
         if steady_mallocs is not None else "–", f"0: {met(steady_mallocs, 0)}"),
        ("engine wall time per event", wall and f"{wall['ns_per_event']} ns ({wall['events_per_second']} events/s)", ""),
        ("a drawn stroke's lift, 10 shapes × 3 templates, 10 stroke bindings (`gesture-bench stroke-match`)",
         stroke and f"CPU: mean {stroke['mean_ms']} ms, p99 {stroke.get('p99_ms', '–')} ms, max {stroke['max_ms']} ms; "
         f"wall: mean {stroke.get('wall_mean_ms', '–')} ms, p99 {stroke.get('wall_p99_ms', '–')} ms, max {stroke.get('wall_max_ms', '–')} ms "
         f"({stroke['recognized']} of {stroke['rounds']} recognized)",
         f"max ≤ {STROKE_LIFT_MS:g} ms (CPU): {met(stroke and stroke['max_ms'], STROKE_LIFT_MS)}"),
        ("cost vs bindings (instructions/event)", cb, f"linear or better: {cbv}"),
        ("cost vs fingers (instructions/event)", cf, f"linear or better: {cfv}"),
        ("touch frame handed over → XTest request flushed (Xvfb)",
         f"p50 {lat.get('flush_p50_us')} µs, p99 {lat.get('flush_p99_us')} µs",
         f"p99 < 200 µs: {met(lat.get('flush_p99_us'), 199)}"),
        ("touch frame handed over → key seen by another client",
         f"p50 {lat.get('seen_p50_us')} µs, p99 {lat.get('seen_p99_us')} µs", ""),
        (f"idle, {idle.get('idle_seconds')} s", f"{idle.get('idle_ticks')} CPU ticks, {idle.get('idle_wakeups')} wakeups",
         f"0 and 0: {'met' if idle_ok else 'not met'}"),
        ("RSS after startup, dynamic / static stdlib", f"{mb(dyn.get('rss_startup_kb'))} / {mb(sta.get('rss_startup_kb'))} MB", ""),
        (f"RSS after {idle.get('gestures')} gestures ({idle.get('played_events')} events), dynamic / static",
         f"{mb(dyn.get('rss_after_kb'))} / {mb(sta.get('rss_after_kb'))} MB (static: {mb(sta.get('rss_anon_after_kb'))} MB "
         "anonymous, the rest mapped files)",
         f"≤ 8 MB static: {met(max(sta.get('rss_startup_kb') or 0, sta.get('rss_after_kb') or 0) or None, RSS_TARGET_KB)}"),
        (f"RSS after {sta.get('strokes', '–')} strokes drawn with button 3 (an L bound, 1,000 motion events each, "
         "trail and name shown), static",
         f"{mb(sta.get('rss_strokes_kb'))} MB ({mb(sta.get('rss_anon_strokes_kb'))} MB anonymous)",
         f"≤ 8.5 MB: {met(sta.get('rss_strokes_kb'), RSS_STROKES_KB)}"),
        ("RSS floor: a static Swift program that only opens the X display and polls (`Benchmarks/rss-floor`)",
         f"{mb(sta.get('floor_rss_kb'))} MB", ""),
        ("binary size, dynamic / static stdlib", f"{mb(dyn.get('binary_kb'))} / {mb(sta.get('binary_kb'))} MB", ""),
        ("stripped static binaries: the daemon / the command (`gesture-bridge`, with the argument parser)",
         f"{boot.get('daemon_stripped_bytes', '–')} / {boot.get('cli_stripped_bytes', '–')} bytes",
         f"daemon ≤ 9 MB: {met(boot.get('daemon_stripped_bytes'), DAEMON_BINARY_TARGET)}"),
        ("start-up to ready, instructions (callgrind, static): what the unit starts (the daemon), no desktop named / "
         "under GNOME; `gesture-bridge run`, which execs it",
         f"{boot.get('instructions', '–')} / {boot.get('gnome_instructions', '–')}; {boot.get('run_instructions', '–')}",
         f"≤ 12 M: {met(boot.get('instructions'), STARTUP_TARGET)}"),
        ("the daemon's functions run to ready that `scripts/daemon.order` lists (placed side by side)",
         f"{boot.get('order_listed', '–')} of {boot.get('order_run', '–')}",
         f"≥ {ORDER_LISTED_GUARD:.0%}: {met_at_least(order_share(boot), ORDER_LISTED_GUARD)}"),
        ("the loader's failed `openat`s at start-up (strace)", boot.get("loader_failed_openat"),
         f"0: {met(boot.get('loader_failed_openat'), 0)}"),
        ("start-up to ready (hyperfine mean, Xvfb), dynamic / static",
         f"{start.get('dynamic', '–')} / {start.get('static', '–')} ms", f"< 50 ms: {met(start.get('static'), 49.9)}"),
        (f"side by side, E2E VM (TCG), {vs.get('gestures', '–')} touchscreen swipes to both at once: CPU per gesture, "
         "gesture-bridge / lisgd (Xorg, which runs libinput for gesture-bridge)",
         f"{vs.get('ours_us', '–')} / {vs.get('peer_us', '–')} µs (Xorg {vs.get('xorg_us', '–')} µs); ratio "
         f"{ratio(vs.get('ours_us'), vs.get('peer_us'))}; context switches {vs.get('ours_wakeups', '–')} / {vs.get('peer_wakeups', '–')}",
         f"≤ 1.25: {met(ratio_of(vs.get('ours_us'), vs.get('peer_us')), 1.25)}"),
        ("side by side: instructions per touchscreen swipe (callgrind in the VM), gesture-bridge / lisgd",
         f"{vs.get('ours_instructions', '–')} / {vs.get('peer_instructions', '–')}; ratio "
         f"{ratio(vs.get('ours_instructions'), vs.get('peer_instructions'))}",
         f"≤ 1.25: {met(ratio_of(vs.get('ours_instructions'), vs.get('peer_instructions')), 1.25)}"),
        ("touchscreen swipe: CPU per gesture with X's part, gesture-bridge + Xorg / lisgd + Xorg with nobody "
         "listening (lisgd reads evdev: X does for it what it does for nobody)",
         f"{ours_x or '–'} / {peer_x or '–'} µs; ratio {ratio(ours_x, peer_x)}",
         f"≤ 1.25: {met(ratio_of(ours_x, peer_x), 1.25)}"),
        ("touchscreen swipe: the same with the C client instead (xi2-print + Xorg, alone, the same swipes) / lisgd + Xorg with "
         "nobody listening: what any X client taking these touches costs",
         f"{base_x or '–'} / {peer_x or '–'} µs; ratio {ratio(base_x, peer_x)}", ""),
        ("touchscreen swipe: a client that only takes the touches (xi2-print --quiet: the same grab, each touch accepted, "
         "nothing printed) + Xorg / lisgd + Xorg with nobody listening: X's delivery alone, to a client that reads each write as it comes",
         f"{quiet_x or '–'} / {peer_x or '–'} µs; ratio {ratio(quiet_x, peer_x)}; its wakeups {vs.get('quiet_wakeups', '–')}, "
         f"gesture-bridge's {vs.get('ours_wakeups', '–')}", ""),
        ("touchscreen swipe: Xorg's CPU per gesture, with gesture-bridge / with nobody listening",
         f"{vs.get('xorg_us', '–')} / {vs.get('xorg_nobody_us', '–')} µs; ratio {ratio(vs.get('xorg_us'), vs.get('xorg_nobody_us'))}",
         f"≤ {XORG_NOBODY_RATIO:g}: {met(ratio_of(vs.get('xorg_us'), vs.get('xorg_nobody_us')), XORG_NOBODY_RATIO)}"),
        # X's side of the same: what X spends on delivering the touches to a
        # client that does nothing with them, against nobody listening.
        ("touchscreen swipe: Xorg's CPU per gesture, with the client that only takes the touches (xi2-print --quiet) / "
         "with nobody listening: X's delivery alone, to a client that reads each write as it comes",
         f"{vs.get('quiet_xorg_us', '–')} / {vs.get('xorg_nobody_us', '–')} µs; ratio "
         f"{ratio(vs.get('quiet_xorg_us'), vs.get('xorg_nobody_us'))}", ""),
        ("touchscreen swipe: CPU per gesture, gesture-bridge / xi2-print (a C client printing every event, alone)",
         f"{vs.get('ours_us', '–')} / {vs.get('baseline_us', '–')} µs; ratio {ratio(vs.get('ours_us'), vs.get('baseline_us'))}", ""),
        ("touchscreen: lift frame written → key seen by another client (E2E VM)",
         f"p50 {vs.get('lift_p50_us', '–')} µs, max {vs.get('lift_max_us', '–')} µs",
         f"p50 ≤ 10 ms: {met(vs.get('lift_p50_us'), 10000)}"),
        ("touchscreen: lift frame written → key seen, gesture-bridge alone (no lisgd starting its command at the same lift)",
         f"p50 {alone.get('lift_p50_us', '–')} µs, max {alone.get('lift_max_us', '–')} µs", ""),
        (f"touchpad swipe ({pad.get('gestures', '–')}): CPU per gesture, gesture-bridge / xi2-print (alone, the same swipes)",
         f"{pad.get('ours_us', '–')} / {pad.get('baseline_us', '–')} µs; ratio {ratio(pad.get('ours_us'), pad.get('baseline_us'))}; "
         f"context switches {pad.get('ours_wakeups', '–')} / {pad.get('baseline_wakeups', '–')}; Xorg {pad.get('xorg_us', '–')} µs",
         f"≤ 0.5: {met(ratio_of(pad.get('ours_us'), pad.get('baseline_us')), 0.5)}"),
        ("touchpad swipe: instructions per gesture (callgrind in the VM)", vs.get("touchpad_instructions", "–"), ""),
        ("touchpad swipe, from touch-down: on-began key seen / libinput's begin / Touchégg's rule on the same events (p50)",
         f"{pad.get('began_p50_us', '–')} / {pad.get('libinput_p50_us', '–')} / {pad.get('touchegg_p50_us', '–')} µs",
         f"≤ Touchégg: {met(pad.get('began_p50_us'), pad.get('touchegg_p50_us') or -1)}"),
        ("touchpad: lift frame written → on-ended key seen; → exec'd command running (p50)",
         f"{pad.get('lift_p50_us', '–')} µs; {pad.get('exec_p50_us', '–')} µs",
         f"key ≤ 10 ms: {met(pad.get('lift_p50_us'), 10000)}; exec ≤ libinput-gestures' 43 ms (issue 24's "
         f"measurement; it is not in Debian): {met(pad.get('exec_p50_us'), LIBINPUT_GESTURES_EXEC_US)}"),
    ]
    te = pick(results, "versus-touchegg")
    if te:   # by hand only: a touchegg built from its source (Tests/E2E/README.md)
        rows.append(("touchpad swipe: CPU per gesture, gesture-bridge / touchegg (daemon + client, built by hand); "
                     "its key at the begin from touch-down (p50)",
                     f"{pad.get('ours_us', '–')} / {te['touchegg_us']} µs; ratio {ratio(pad.get('ours_us'), te['touchegg_us'])}; "
                     f"{te.get('began_p50_us', '–')} µs", f"≤ 0.1: {met(ratio_of(pad.get('ours_us'), te['touchegg_us']), 0.1)}"))
    rows.append(("start-up in the E2E VM: CPU from exec to ready, gesture-bridge / lisgd (side by side, touchscreen)",
                 f"{vs.get('startup_us', '–')} / {vs.get('peer_startup_us', '–')} µs", ""))
    if te and te.get("startup_us") is not None:   # issue 61: at or under touchegg's, the same run
        rows.append(("start-up in the E2E VM: CPU from exec to ready, gesture-bridge / touchegg (daemon + client, "
                     "built by hand), the same run",
                     f"{te['ours_startup_us']} / {te['startup_us']} µs; ratio {ratio(te['ours_startup_us'], te['startup_us'])}",
                     f"≤ touchegg: {met(te['ours_startup_us'], te['startup_us'])}"))
    if pointer:
        rows.append(("a stroke drawn with button 3 (Xvfb, XTest): CPU per motion event, the daemon with the trail / "
                     "without; the X server with / without (`Benchmarks/pointer-trail.sh`)",
                     f"{pointer['daemon_us_per_motion_trail']} / {pointer['daemon_us_per_motion_no_trail']} µs; "
                     f"X server {pointer['xserver_us_per_motion_trail']} / {pointer['xserver_us_per_motion_no_trail']} µs "
                     f"({pointer['strokes']} strokes × {pointer['motions_per_stroke']} motions); "
                     f"RSS after them {pointer.get('rss_after_strokes_kb', '–')} kB",
                     f"daemon ≤ {POINTER_MOTION_US} µs: {met(pointer['daemon_us_per_motion_trail'], POINTER_MOTION_US)}"))
        rows.append(("idle wakeups with a pointer stroke bound (`Benchmarks/pointer-trail.sh`)",
                     f"{pointer['idle_wakeups_bound']} in {pointer['idle_seconds']} s", "0"))
    lines = ["| figure | value | target |", "|---|---|---|"]
    lines += [f"| {f} | {'–' if v is None else v} | {t} |" for f, v, t in rows]
    failures = []
    if instr is None:
        failures.append("no callgrind figure for the everyday trace")
    elif instr > GUARD_INSTRUCTIONS:
        failures.append(f"engine: {instr} instructions per event, above the guard of {GUARD_INSTRUCTIONS}")
    for d in (dyn, sta):
        if d.get("idle_wakeups", 0) > IDLE_WAKEUPS_GUARD:
            failures.append(f"daemon ({d.get('label')}): {d['idle_wakeups']} wakeups in {d['idle_seconds']} s idle")
    # Benchmarks/run.sh always runs stroke-match (a failing one fails the run).
    if stroke is not None and stroke["max_ms"] > STROKE_LIFT_MS:
        failures.append(f"a drawn stroke's lift: {stroke['max_ms']} ms of CPU at worst, above {STROKE_LIFT_MS:g} ms")
    elif stroke is not None and stroke["recognized"] != stroke["rounds"]:
        failures.append(f"stroke-match: {stroke['recognized']} of {stroke['rounds']} drawn shapes recognized")
    if pointer is not None and pointer["daemon_us_per_motion_trail"] > POINTER_MOTION_US:
        failures.append(f"a stroke drawn with a button: {pointer['daemon_us_per_motion_trail']} µs of the daemon's CPU "
                        f"per motion event with the trail, above {POINTER_MOTION_US} µs")
    if pointer is not None and pointer["idle_wakeups_bound"] > IDLE_WAKEUPS_GUARD:
        failures.append(f"daemon with a pointer stroke bound: {pointer['idle_wakeups_bound']} wakeups in "
                        f"{pointer['idle_seconds']} s idle")
    if sta.get("rss_strokes_kb") is not None and sta["rss_strokes_kb"] > RSS_STROKES_KB:
        failures.append(f"static daemon: {sta['rss_strokes_kb']} kB resident after {sta.get('strokes')} strokes drawn "
                        f"with a button, above {RSS_STROKES_KB} kB")
    # The side-by-side, when it ran, in the full run only: the smoke run's
    # one swipe in CI's VM (beside CI's other work) is a sample of an
    # emulated machine's scheduling, not a figure to fail CI on.
    if not smoke and vs.get("lift_p50_us") is not None and vs["lift_p50_us"] > LIFT_P50_US:
        failures.append(f"touchscreen lift → key: p50 {vs['lift_p50_us']} µs over {vs.get('gestures')} swipes, "
                        f"above {LIFT_P50_US} µs")
    share = order_share(boot)
    if share is not None and share < ORDER_LISTED_GUARD:
        failures.append(f"scripts/daemon.order lists {boot['order_listed']} of the {boot['order_run']} daemon functions "
                        f"that run to ready ({share:.0%}, under {ORDER_LISTED_GUARD:.0%}): stale; run scripts/daemon-order.sh")
    if steady_mallocs is not None and steady_mallocs > 0:
        failures.append(f"engine: {steady_mallocs:.4f} allocations per event in steady state, above 0")
    return "\n".join(lines), failures


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    results = load(argv[1])
    text, failures = table(results, smoke="--smoke" in argv)
    print(text)
    if "--write" in argv:
        doc = argv[argv.index("--write") + 1]
        machine = argv[argv.index("--machine") + 1]
        date = argv[argv.index("--date") + 1]
        with open(doc) as f:
            old = f.read()
        head, rest = old.split("<!-- figures -->", 1)
        tail = rest.split("<!-- end figures -->", 1)[1]
        with open(doc, "w") as f:
            f.write(f"{head}<!-- figures -->\n\nLatest figures, {date}, {machine}; written by `Benchmarks/run.sh`:\n\n"
                    f"{text}\n\n<!-- end figures -->{tail}")
        print(f"wrote {doc}", file=sys.stderr)
    for msg in failures:
        print(f"report: {msg}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
