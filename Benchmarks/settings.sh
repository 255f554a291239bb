#!/usr/bin/env bash
# The settings app's cost (issue 42), under its own Xvfb:
#   - start to first frame: from exec to the window's first frame painted
#     (its frame clock's after-paint, `--exit-after-first-frame`), median of RUNS
#   - idle: CPU ticks and wakeups (context switches) over IDLE seconds with the
#     window open on a config, connected to a running daemon, no gesture;
#     and the same with no daemon (it tries to connect every 2 s)
#   - its RSS with the window open
#   - the load average (1 min) before and after: the machine may be shared,
#     and a busy one stretches the start (say it with the figures)
# Usage: [BIN=dir with gesture-bridge and gesture-bridge-settings] Benchmarks/settings.sh [IDLE_SECONDS] [RUNS]
# (BIN defaults to the release build, built first). Prints one JSON line.
set -euo pipefail
cd "$(dirname "$0")/.."
idle=${1:-30}
runs=${2:-10}
if [ -z "${BIN:-}" ]; then
  swift build -c release --product gesture-bridge >/dev/null && swift build -c release --product gesture-bridge-daemon >/dev/null
  swift build -c release --product gesture-bridge-settings >/dev/null
  BIN=.build/release
fi
load_before=$(cut -d' ' -f1 /proc/loadavg)
work=$(mktemp -d); chmod 700 "$work"
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
source scripts/daemon-harness.sh
harness_start "$work"
cp Tests/Settings/fixtures/full.toml "$work/config.toml"
# No accessibility bus to talk to: what a desktop without a screen reader has.
HARNESS_ENV=(DISPLAY="$display" GTK_A11Y=none)

# Start to first frame, each run a new process.
first_frame=$(python3 - "$BIN/gesture-bridge-settings" "$work" "$display" "$runs" <<'PY'
import os, statistics, subprocess, sys, time
app, work, display, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
env = {"HOME": work, "XDG_RUNTIME_DIR": work, "PATH": "/usr/bin:/bin", "DISPLAY": display, "GTK_A11Y": "none"}
times = []
for _ in range(runs):
    t0 = time.monotonic_ns()
    out = subprocess.run([app, "--config", os.path.join(work, "config.toml"), "--exit-after-first-frame"],
                         env=env, capture_output=True, text=True, timeout=60).stdout
    line = [l for l in out.splitlines() if l.startswith("first-frame-monotonic-ns ")][-1]
    times.append((int(line.split()[1]) - t0) / 1e6)
print(f"{statistics.median(times):.0f} {min(times):.0f} {max(times):.0f}")
PY
)
read -r ff_median ff_min ff_max <<<"$first_frame"

# Idle with a daemon running (the app connected to its monitor socket).
harness_run "$work/daemon.log" "$BIN/gesture-bridge" run --config "$work/config.toml"
daemon=$daemon_pid
wait_log "$work/daemon.log" "listening on display" 30
# Every thread's context switches (GTK's and GDBus's threads too), not only the main one's.
all_threads_switches() {
  cat /proc/"$1"/task/*/status 2>/dev/null | awk '/ctxt_switches/ {s += $2} END {print s + 0}'
}
# The app's CPU ticks, wakeups and RSS over IDLE seconds after it settled:
# "ticks wakeups rss-kB wakeups-of-all-threads".
idle_app() {
  harness_run "$work/$1" "$BIN/gesture-bridge-settings" --config "$work/config.toml"
  local app=$daemon_pid t0 c0 t1 c1 rss
  sleep 3
  read -r t0 c0 _ _ < <(process_stats "$app")
  local a0; a0=$(all_threads_switches "$app")
  sleep "$idle"
  read -r t1 c1 rss _ < <(process_stats "$app")
  local a1; a1=$(all_threads_switches "$app")
  kill -TERM "$app"; wait "$app" 2>/dev/null || true
  echo "$((t1 - t0)) $((c1 - c0)) $rss $((a1 - a0))"
}
read -r ticks wakeups rss all_wakeups < <(idle_app app.log)
kill -TERM "$daemon"; wait "$daemon" 2>/dev/null || true

# Idle with no daemon: the app looks for one every 2 s.
read -r ticks2 wakeups2 _ all_wakeups2 < <(idle_app app2.log)

printf '{"bench": "settings-app", "first_frame_ms": %s, "first_frame_ms_min": %s, "first_frame_ms_max": %s, "runs": %s, "idle_seconds": %s, "idle_ticks": %s, "idle_wakeups": %s, "idle_no_daemon_ticks": %s, "idle_no_daemon_wakeups": %s, "idle_wakeups_all_threads": %s, "idle_no_daemon_wakeups_all_threads": %s, "rss_kb": %s, "load_before": %s, "load_after": %s}\n' \
  "$ff_median" "$ff_min" "$ff_max" "$runs" "$idle" "$ticks" "$wakeups" "$ticks2" "$wakeups2" "$all_wakeups" "$all_wakeups2" "$rss" "$load_before" "$(cut -d' ' -f1 /proc/loadavg)"
