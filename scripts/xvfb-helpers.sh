# Sourced by the scripts that run the daemon against their own Xvfb
# (Benchmarks/daemon.sh, Benchmarks/run.sh, scripts/lsan-daemon.sh).

# start_xvfb WORKDIR: starts Xvfb on a free display (-displayfd) with no TCP
# listener, in the background of the calling shell; sets $display.
start_xvfb() {
  exec 3>"$1/display"
  Xvfb -displayfd 3 -nolisten tcp -screen 0 1920x1080x24 >/dev/null 2>&1 &
  local _
  for _ in $(seq 200); do [ -s "$1/display" ] && break; sleep 0.05; done
  [ -s "$1/display" ] || { echo "Xvfb did not start" >&2; exit 1; }
  display=":$(head -1 "$1/display")"
}

# wait_log FILE TEXT SECONDS: waits (bounded) until FILE contains TEXT (a
# grep pattern); on timeout prints the file's end and exits 1.
wait_log() {
  local end=$((SECONDS + $3))
  until grep -q "$2" "$1" 2>/dev/null; do
    if [ $SECONDS -ge $end ]; then
      echo "timed out waiting for '$2' in $1:" >&2; tail -20 "$1" >&2; exit 1
    fi
    sleep 0.05
  done
}
