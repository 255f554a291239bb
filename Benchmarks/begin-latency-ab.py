#!/usr/bin/python3
"""Benchmarks/begin-latency-ab.py OLD NEW RECORDS [CONFIG]: begin latency,
before and after a change to the recognizers, on real hands.

RECORDS: the daemon's own records of a real-hands run
(`.build-e2e/last/real-hands-out`, docs/real-hands.md). Each is replayed by
two builds of gesture-bridge (OLD and NEW) on real.toml; for every gesture
that begins in both (same binding, in order): the time from its hand's first
touch-down (a touch-begin with no finger down before it) to `began`, and
the change per gesture. Issue 51 asks that hands begin as fast as before
(± 5 ms); deterministic (replay), so not timed on this machine."""
import glob, json, os, statistics, subprocess, sys
if len(sys.argv) not in (4, 5):
    sys.exit("usage: Benchmarks/begin-latency-ab.py OLD-gesture-bridge NEW-gesture-bridge RECORDS-DIR [CONFIG]")
old, new, outdir = sys.argv[1:4]
cfg = sys.argv[4] if len(sys.argv) == 5 else os.path.join(os.path.dirname(__file__), "../../shared/real-hands/real.toml")
def begins(binary, f):
    out = subprocess.run([binary, "replay", "--json", "--config", cfg, f], capture_output=True, text=True).stdout
    return [(j["binding"], j["t"]) for j in map(json.loads, out.splitlines()) if j.get("phase") == "began"]
def downs(f):
    d, held = [], set()
    for line in open(f):
        j = json.loads(line)
        ev = j.get("ev")
        if ev in ("touch-begin", "gesture-begin") or (ev or "").endswith("-begin"):
            if not held: d.append(j["t"])
            held.add((j.get("dev"), j.get("id")))
        elif (ev or "").endswith("-end"):
            held.discard((j.get("dev"), j.get("id")))
    return d
def latency(t, ds):
    prior = [x for x in ds if x <= t + 1e-9]
    return (t - prior[-1]) * 1000 if prior else None
lat_old, lat_new, deltas, only_old, only_new = [], [], [], 0, 0
for f in sorted(glob.glob(outdir + "/*.jsonl")):
    ds = downs(f)
    a, b = begins(old, f), begins(new, f)
    bb = list(b)
    for name, t in a:
        m = next((x for x in bb if x[0] == name), None)
        if m is None: only_old += 1; continue
        bb.remove(m)
        lo, ln = latency(t, ds), latency(m[1], ds)
        if lo is None or ln is None: continue
        lat_old.append(lo); lat_new.append(ln); deltas.append(ln - lo)
        if abs(ln - lo) > 0.5: print(f"{f.split('/')[-1]}: {name} began {lo:.1f} ms -> {ln:.1f} ms")
    only_new += len(bb)
q = lambda xs, p: sorted(xs)[min(len(xs) - 1, int(p * len(xs)))]
print(f"{len(deltas)} gestures began in both; began only in old: {only_old}, only in new: {only_new}")
print(f"begin latency from the hand's first touch-down, p50 old {statistics.median(lat_old):.1f} ms, new {statistics.median(lat_new):.1f} ms; "
      f"p90 old {q(lat_old,.9):.1f}, new {q(lat_new,.9):.1f}")
print(f"new - old per gesture: median {statistics.median(deltas):+.1f} ms, min {min(deltas):+.1f}, max {max(deltas):+.1f}; "
      f"changed by more than 0.5 ms: {sum(abs(d) > 0.5 for d in deltas)}")
