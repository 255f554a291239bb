# The one harness for running the daemon against its own Xvfb from a script,
# sourced by Benchmarks/daemon.sh, Benchmarks/run.sh and scripts/lsan-daemon.sh.
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
