# The one harness for running the daemon against its own Xvfb from a script,
# sourced by the benchmarks (Benchmarks/*.sh) and scripts/lsan-daemon.sh, daemon-order.sh.
# The daemon runs as the Swift tests run it (Tests/GestureBridgeTests/
# DaemonProcess.swift): a clean environment with its own HOME and
# XDG_RUNTIME_DIR (mode 0700), XDG_CURRENT_DESKTOP=GNOME, PATH=/usr/bin:/bin.
#
#   harness_start WORKDIR        Xvfb on a free display (-displayfd, no TCP); sets $display
#   harness_run LOG CMD ARGS...  CMD in the daemon's environment, in the background; sets $daemon_pid
#                                (extra variables: HARNESS_ENV=(NAME=value …))
#   harness_stop                 SIGTERM to $daemon_pid; returns its exit status
#   wait_log FILE TEXT SECONDS   waits until FILE contains TEXT (grep pattern), or exits 1
#   process_stats PID            "cpu-ticks context-switches rss-kB rss-anon-kB"
#   cold FILE...                 FILEs dropped from the page cache, as after a boot (before a start
#                                whose RSS is measured: a binary just linked is mapped in large
#                                folios, which the kernel maps whole: the same daemon measured
#                                12.8 MB just linked, 11.5 MB read back from disk)
#   stroke_config DIR [SETTING…] DIR/config.toml binding an L drawn with button 3 (key F3), each
#                                SETTING ("stroke-trail = false") a line of its [settings]; beside
#                                it the E2E scenarios' strokes.toml (Tests/E2E/strokes)
#   stroke_script FILE MOTIONS   FILE: one xdotool command line that draws a stroke with button 3:
#                                press, MOTIONS motions along an L drawn back and forth (each a px
#                                or two, as a mouse reports at 125 Hz), release
#   draw_strokes FILE N          FILE's stroke drawn N times on $display (one xdotool each)

harness_start() {
  harness_dir=$1
  exec 3>"$1/display"
  Xvfb -displayfd 3 -nolisten tcp -noreset -screen 0 1920x1080x24 >/dev/null 2>&1 &
  local _
  for _ in $(seq 200); do [ -s "$1/display" ] && break; sleep 0.05; done
  [ -s "$1/display" ] || { echo "Xvfb did not start" >&2; exit 1; }
  display=":$(head -1 "$1/display")"
}

harness_run() {
  local log=$1; shift
  env -i HOME="$harness_dir" XDG_RUNTIME_DIR="$harness_dir" XDG_CURRENT_DESKTOP=GNOME PATH=/usr/bin:/bin \
    "${HARNESS_ENV[@]}" "$@" 2>"$log" &
  daemon_pid=$!
}

harness_stop() {
  kill -TERM "$daemon_pid" 2>/dev/null
  local status=0
  wait "$daemon_pid" || status=$?
  return $status
}

wait_log() {
  local end=$((SECONDS + $3))
  until grep -q "$2" "$1" 2>/dev/null; do
    if [ $SECONDS -ge $end ]; then
      echo "timed out waiting for '$2' in $1:" >&2; tail -20 "$1" >&2; exit 1
    fi
    sleep 0.05
  done
}

process_stats() {
  local pid=$1
  local ticks; ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  local ctx; ctx=$(awk '/ctxt_switches/ {s += $2} END {print s}' "/proc/$pid/status")
  local rss; rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
  local anon; anon=$(awk '/RssAnon/ {print $2}' "/proc/$pid/status")
  echo "$ticks $ctx $rss $anon"
}

cold() {
  /usr/bin/python3 -c 'import os, sys
for p in sys.argv[1:]:
    fd = os.open(p, os.O_RDONLY); os.fsync(fd); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)' "$@"
}

stroke_config() {
  local dir=$1; shift
  mkdir -p "$dir"
  cp Tests/E2E/strokes/strokes.toml "$dir/"
  { printf 'version = 1\nkeymap = "none"\n'
    if [ $# -gt 0 ]; then printf '[settings]\n'; printf '%s\n' "$@"; fi
    printf '[[bind]]\nname = "L"\ngesture = '"'"'stroke("L", button: 3)'"'"'\non-ended = "key F3"\n'
  } >"$dir/config.toml"
}

stroke_script() {
  local i k
  { printf 'mousemove 400 300 mousedown 3 sleep 0.05'
    for i in $(seq 1 "$2"); do
      k=$((i % 400))
      if [ $k -lt 200 ]; then printf ' mousemove 400 %d' $((300 + k * 2)); else printf ' mousemove %d 700' $((400 + (k - 200) * 2)); fi
    done
    printf ' mouseup 3 sleep 0.05\n'
  } >"$1"
}

draw_strokes() {
  local _
  for _ in $(seq "$2"); do DISPLAY=$display xdotool $(cat "$1"); done
}
