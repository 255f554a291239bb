#!/usr/bin/env bash
# How closely a window follows the fingers (`window move`, issue 43): under
# Xvfb and each window manager, three fingers go round a circle on an
# xmessage window for 5 s (500 frames, Tests/WM/traces/touchscreen-drag-3-
# circling.jsonl, played by the real daemon), and the daemon measures, for
# every request it sent, the time from the touch frame it carries to the
# window manager's ConfigureNotify for that window (read on the window
# mover's own connection, looked at every 1 ms while a request is in flight:
# the figures are that fine). A frame that waited behind a request in flight
# counts from its own time, not from when it was sent. One JSON line per
# window manager: p50 and p95 in ms, frames, requests (fewer than frames
# where the window manager was behind and frames were coalesced).
# Usage: Benchmarks/window-follow.sh [WM...] (default: openbox mutter)
set -uo pipefail
cd "$(dirname "$0")/.."
wms=("$@")
[ ${#wms[@]} -eq 0 ] && wms=(openbox mutter)
[ -n "${NO_BUILD:-}" ] || scripts/build-static.sh gesture-bridge gesture-bridge-daemon 2>/dev/null || exit 2
bin=$PWD/.build-static/release/gesture-bridge
trace=$PWD/Tests/WM/traces/touchscreen-drag-3-circling.jsonl
work=$(mktemp -d); chmod 700 "$work"
trap 'rm -rf "$work"' EXIT
until_ok() { local n=$1; shift; for _ in $(seq "$((n * 20))"); do "$@" && return 0; sleep 0.05; done; return 1; }

for wm in "${wms[@]}"; do
  command -v "$wm" >/dev/null || { echo "{\"bench\": \"window-follow\", \"wm\": \"$wm\", \"skipped\": \"not installed\"}"; continue; }
  cmd=("$wm"); [ "$wm" = mutter ] && cmd=(mutter --x11 --replace)
  exec {fd}<> <(:)
  Xvfb -displayfd "$fd" -nolisten tcp -noreset -screen 0 1280x800x24 >/dev/null 2>&1 &
  xvfb=$!
  read -r -t 15 -u "$fd" number || { echo "Xvfb did not start" >&2; exit 1; }
  d=":$number"
  DISPLAY=$d dbus-run-session -- "${cmd[@]}" >/dev/null 2>&1 &
  wmpid=$!
  until_ok 20 bash -c "DISPLAY=$d xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q '#'"
  sleep 1
  DISPLAY=$d xmessage -geometry 300x200+100+100 -name gb-bench gesture-bridge >/dev/null 2>&1 &
  client=$!
  until_ok 10 bash -c "DISPLAY=$d xprop -root _NET_ACTIVE_WINDOW 2>/dev/null | grep -q '# 0x[1-9a-f]'"
  sleep 0.5
  home=$work/home; mkdir -p "$home/.config/gesture-bridge"
  printf 'version = 1\nkeymap = "none"\n[[bind]]\nname = "w"\ngesture = "drag(fingers: 3)"\npriority = "high"\non-began = "window move"\n' \
    >"$home/.config/gesture-bridge/config.toml"
  : >"$work/daemon.log"   # before the job starts: the wait below must not read the last one
  HOME=$home XDG_CONFIG_HOME=$home/.config XDG_RUNTIME_DIR=$work DISPLAY=$d \
    "$bin" run --play "$trace" --verbose >>"$work/daemon.log" 2>&1 &
  daemon=$!
  until_ok 20 grep -q "w ended" "$work/daemon.log"
  sleep 0.3
  kill -TERM "$daemon" 2>/dev/null; wait "$daemon" 2>/dev/null
  line=$(grep "window move: window .* frames" "$work/daemon.log" | tail -1)
  frames=$(sed -n 's/.* \([0-9]*\) frames.*/\1/p' <<<"$line")
  requests=$(sed -n 's/.* \([0-9]*\) requests.*/\1/p' <<<"$line")
  p50=$(sed -n 's/.*answered \([0-9.]*\) ms p50.*/\1/p' <<<"$line")
  p95=$(sed -n 's/.*, \([0-9.]*\) ms p95.*/\1/p' <<<"$line")
  name=$(grep -o "window manager: .*" "$work/daemon.log" | head -1 | sed 's/window manager: //')
  echo "{\"bench\": \"window-follow\", \"wm\": \"$wm\", \"name\": \"${name:-?}\", \"frames\": ${frames:-0}, \"requests\": ${requests:-0}, \"p50_ms\": ${p50:-null}, \"p95_ms\": ${p95:-null}}"
  kill "$client" "$wmpid" 2>/dev/null; wait "$client" "$wmpid" 2>/dev/null
  kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null
  exec {fd}>&-
done
