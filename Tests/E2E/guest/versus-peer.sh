# Sourced by run-in-guest.sh after setup.sh (E2E_SCRIPT=versus-peer.sh): what
# a gesture costs gesture-bridge next to others seeing the same recorded
# gestures, and how early it acts. Both device kinds:
#
# - touchscreen 3-finger swipes, to gesture-bridge and lisgd at once (the one
#   peer Debian packages: it reads the touchscreen's evdev node itself and
#   runs libinput's touch events; touchegg, fusuma and libinput-gestures are
#   not in Debian), each bound to the same swipe (ours: a key chord; lisgd: a
#   command, its only kind of action);
# - touchpad 3-finger swipes, to gesture-bridge alone (on-began and on-ended
#   keys), and 4-finger swipes bound to an exec action;
# - the baseline for both: xi2-print, a C client that selects the same XI2
#   events the usual way (Xlib, libXi) and prints each one, alone. Its lines
#   carry X's timestamps, which are the guest's CLOCK_MONOTONIC in ms like
#   every other time here: when libinput recognized each touchpad swipe (the
#   swipe's begin), and when Touchégg would have decided it (its rule,
#   worked out on the same events: the unaccelerated motion summed since the
#   begin passes, on either axis, 1 % of the pad's shorter side); and, for
#   the touchscreen, `xi2-print --quiet`: the same grab doing nothing else,
#   alone, reading each of X's writes as it comes.
#
# Per gesture: each process's own CPU (schedstat ns; utime/stime ticks),
# voluntary context switches (wakeups), read/write calls; Xorg's CPU too,
# since it runs libinput for gesture-bridge. With E2E_CALLGRIND=1, the
# instructions per gesture under callgrind (a run with a warm-up gesture
# only subtracted from one with E2E_GESTURES more), for gesture-bridge on
# both kinds and lisgd on the touchscreen.
# Results: "PASS|FAIL versus-…: …" lines, and "JSON {…}" lines for
# Benchmarks/report.py.
gestures=${E2E_GESTURES:-20}
# How long each player stays after its last frame (setup.sh's play): the
# script starts no process in the moments after a lift that are timed.
settle_ms=100
install -m 600 "$share/versus.toml" "$work/config/config.toml"
install -m 755 "$share/bin/xi2-print" "$share/bin/e2e-stamp" "$work/"
# lisgd's command: the C stamp, as the daemon's exec is (stamp.c), not the probe:
# a static Swift binary paged in at the very lift whose key is timed, on the
# VM's two CPUs (lisgd's CPU figure never counted its children).
lisgd_spec="3,RL,*,*,R,$work/e2e-stamp lisgd $observed"
# devices/touchpad.desc: the E2E touchpad is 100 x 60 mm.
pad_short_side_mm=60

start_ours() {  # TAG [PREFIX…]: gesture-bridge (under PREFIX, e.g. valgrind); sets ours
  local tag=$1; shift
  # The daemon itself, which `gesture-bridge run` execs: valgrind follows no exec.
  "$@" "$work/gesture-bridge-daemon" --config "$work/config/config.toml" >"$share/daemon-$tag.log" 2>&1 &
  ours=$!
  until_ok 600 grep -q "listening on display" "$share/daemon-$tag.log" || { say "daemon did not start"; exit 3; }
}
start_peer() {  # TAG [PREFIX…]: lisgd; sets peer. It says nothing when ready: it is once it has the device open.
  local tag=$1; shift
  "${@//gesture-bridge-$tag/lisgd-$tag}" lisgd -d "${node[touchscreen]}" -g "$lisgd_spec" >"$share/lisgd-$tag.log" 2>&1 &
  peer=$!
  until_ok 600 lisgd_ready "$peer" || { say "lisgd did not start"; exit 3; }
}
lisgd_ready() { ls -l "/proc/$1/fd" 2>/dev/null | grep -q "${node[touchscreen]}"; }
stop() { kill -TERM "$@"; wait "$@"; }

# series DEVICE RECORDING N PATTERN…: plays RECORDING once to warm up
# (first-use page faults are not per-gesture cost; up to three tries, since
# lisgd shows no sign of being ready and misses a swipe it was not yet
# reading), then N times, each waiting for every PATTERN once. Sets since
# (before the N), down[] and lift[] (each play's first and last frame
# written, ns), seen_K[] (PATTERN K observed, ns; empty when it was not),
# got[K] (how many of PATTERN K the N brought) and warm_tries. `on_start`,
# when set, runs just before the N.
series() {
  local dev=$1 rec=$2 n=$3; shift 3
  local patterns=("$@") try ok k t i s
  for try in 1 2 3; do
    s=$(mark)
    play "$dev" "$rec"
    ok=1
    for k in "${!patterns[@]}"; do timeout_s=$slow await "$s" "${patterns[$k]}" >/dev/null || ok=; done
    [ -n "$ok" ] && break
  done
  warm_tries=$try
  [ -n "$ok" ] || { fail versus "warm-up: not every one of '${patterns[*]}' after $rec (3 tries)"; exit 1; }
  [ "$n" -gt 0 ] || return 0
  since=$(mark)
  [ -n "${on_start:-}" ] && $on_start
  down=(); lift=()
  for k in "${!patterns[@]}"; do eval "seen_$k=()"; done
  for i in $(seq "$n"); do
    # The lift → action latency is timed: no process of the script's (the
    # frames' times read, the waiter) starts until settle_ms after the lift.
    # Each start is tens of ms of CPU under emulation, and they came within
    # the very milliseconds timed, on the VM's two CPUs.
    play "$dev" "$rec" "$settle_ms"
    down+=("$(head -1 "$work/$rec.frames" | cut -d' ' -f1)")
    lift+=("$(frame_time "$rec" "$(last_frame "$rec")")")
    for k in "${!patterns[@]}"; do
      t=$(timeout_s=$slow await "$since" "${patterns[$k]}" "$i") || t=
      eval "seen_$k+=(\"\$t\")"
    done
  done
  got=()
  for k in "${!patterns[@]}"; do got[$k]=$(count "$since" "$(mark)" "${patterns[$k]}"); done
}
slow=$timeout_s

# µs from each FROM[i] to each TO[i], where both are known: "p50 max" (or "? ?").
span() {
  local -n from=$1 to=$2
  local i list=()
  for i in "${!from[@]}"; do
    [ -n "${to[$i]:-}" ] && [ -n "${from[$i]:-}" ] && list+=($(( (to[i] - from[i]) / 1000 )))
  done
  [ ${#list[@]} -gt 0 ] || { echo "? ?"; return; }
  local sorted; sorted=$(printf '%s\n' "${list[@]}" | sort -n)
  echo "$(echo "$sorted" | sed -n "$(( (${#list[@]} + 1) / 2 ))p") $(echo "$sorted" | tail -1)"
}

cpu() {  # PID -> "utime stime ns wakeups syscalls": its own (not its children's)
  local f; f=$(cut -d')' -f2- "/proc/$1/stat")
  read -r _ _ _ _ _ _ _ _ _ _ _ utime stime _ <<<"$f"
  local ctx; ctx=$(( $(sed -n 's/^voluntary_ctxt_switches:\s*//p' "/proc/$1/status") ))
  local sys; sys=$(( $(sed -n 's/^syscr: //p' "/proc/$1/io") + $(sed -n 's/^syscw: //p' "/proc/$1/io") ))
  echo "$utime $stime $(cut -d' ' -f1 "/proc/$1/schedstat") $ctx $sys"
}
us() { local -n a=$1 b=$2; echo $(( (b[2] - a[2]) / gestures / 1000 )); }
wakes() { local -n a=$1 b=$2; echo $(( (b[3] - a[3]) / gestures )); }
per() {  # NAME before-array after-array: per gesture
  local -n a=$2 b=$3
  local ut=$(( (b[0] - a[0]) * 100 / gestures )) st=$(( (b[1] - a[1]) * 100 / gestures ))
  printf '%s %d µs CPU (user %d.%02d + system %d.%02d ticks), %d context switches, %d read/write calls' "$1" \
    "$(us "$2" "$3")" $((ut / 100)) $((ut % 100)) $((st / 100)) $((st % 100)) "$(wakes "$2" "$3")" $(( (b[4] - a[4]) / gestures ))
}
pct() { echo $(( $1 * 100 / ($2 > 0 ? $2 : 1) )); }
xorg=$(pgrep -x Xorg)
# The emulated machine's clock: without the TSC, clock_gettime is a system call.
say "clocksource: $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null)"

# syscalls NAME PID DEVICE RECORDING PATTERN: the system calls PID makes per
# gesture (strace -c, attached for a series of its own: its CPU figures are
# not taken from this one), into $share/strace-NAME.txt.
syscalls() {
  local name=$1 pid=$2; shift 2
  strace -c -f -p "$pid" -o "$share/strace-$name.txt" 2>/dev/null &
  local tracer=$!
  sleep 1
  series "$@"
  kill -INT "$tracer"; wait "$tracer"
  local total; total=$(awk '$NF == "total" { print $4 }' "$share/strace-$name.txt")
  say "strace $name: ${total:-?} system calls for $gestures gestures (after a warm-up one): $(awk 'NR > 2 && $NF != "total" && $1 !~ /^-/ { printf "%s %s, ", $NF, $4 }' "$share/strace-$name.txt")"
}

# Every series below plays its swipes the same way, each player staying
# settle_ms after its last frame: whatever runs beside X and the client
# measured, the script starts nothing in the moments timed.
touchscreen_swipes() { for i in $(seq "$gestures"); do play touchscreen touchscreen-swipe-left-3 "$settle_ms"; done; }
# start_baseline NAME [--quiet]: xi2-print, its lines in $work/NAME.out; sets baseline_pid.
start_baseline() {
  local name=$1; shift
  "$work/xi2-print" "$@" >"$work/$name.out" 2>"$share/$name.err" &
  baseline_pid=$!
  until_ok 60 grep -q ready "$work/$name.out" || { say "xi2-print $* did not start: $(cat "$share/$name.err")"; exit 3; }
}
# ---- 0. Xorg with nobody listening: the same touchscreen swipes, no gesture client ----
# What X costs for them anyway (libinput, the observer's windows and raw
# touches): what lisgd, which reads evdev, costs beside its own CPU. Xorg
# with gesture-bridge is measured in 2, over the same swipes.
play touchscreen touchscreen-swipe-left-3   # warm-up
sleep 1
read -r -a n0 <<<"$(cpu "$xorg")"
touchscreen_swipes
sleep 1
read -r -a n1 <<<"$(cpu "$xorg")"
xorg_nobody_us=$(us n0 n1)
pass versus-nobody "$gestures touchscreen swipes with no gesture client: $(per Xorg n0 n1)"

# ---- 1. The baseline: xi2-print alone, both kinds ----
start_baseline xi2-print
base=$baseline_pid
base_at() { read -r -a b0 <<<"$(cpu $base)"; }
lines_for() { wc -l <"$work/xi2-print.out"; }
play touchscreen touchscreen-swipe-left-3   # warm-up
sleep 1
base_at
# Xorg's part too: what any X client taking these touches costs with X's
# own work, beside lisgd + Xorg with nobody listening (a row of the report).
read -r -a bx0 <<<"$(cpu "$xorg")"
touchscreen_swipes
sleep 1
read -r -a b1 <<<"$(cpu $base)"
read -r -a bx1 <<<"$(cpu "$xorg")"
base_ts_us=$(us b0 b1); base_ts_line="$(per xi2-print b0 b1); $(per Xorg bx0 bx1)"
base_xorg_us=$(us bx0 bx1)
play touchpad touchpad-swipe-left-3
sleep 1
base_at
first_line=$(( $(lines_for) + 1 ))
pad_down=()
for i in $(seq "$gestures"); do
  play touchpad touchpad-swipe-left-3 "$settle_ms"
  pad_down+=("$(head -1 "$work/touchpad-swipe-left-3.frames" | cut -d' ' -f1)")
done
sleep 1
read -r -a b1 <<<"$(cpu $base)"
base_pad_us=$(us b0 b1); base_pad_line=$(per xi2-print b0 b1)
stop "$base"
# The same grab, each touch accepted at its begin, nothing read or printed
# beyond that (xi2-print --quiet), alone, the same touchscreen swipes: what
# X's delivery costs a client that does no work of its own and reads each
# of X's writes as it comes (the daemon gathers a frame's: FrameGather).
start_baseline xi2-quiet --quiet
quiet=$baseline_pid
play touchscreen touchscreen-swipe-left-3   # warm-up
sleep 1
read -r -a q0 <<<"$(cpu $quiet)"; read -r -a qx0 <<<"$(cpu "$xorg")"
touchscreen_swipes
sleep 1
read -r -a q1 <<<"$(cpu $quiet)"; read -r -a qx1 <<<"$(cpu "$xorg")"
quiet_ts_us=$(us q0 q1); quiet_xorg_us=$(us qx0 qx1)
quiet_ts_line="$(per "xi2-print --quiet" q0 q1); $(per Xorg qx0 qx1)"
# By hand (E2E_XTRACE=1): how X writes these touches to a client. Xorg and
# the quiet client under strace for two more swipes (not timed): X's
# writes by the client's descriptor in X (its main thread's writev), beside
# the frames played; the quiet client's waits. X writes an event at once to
# a client whose output buffer is empty (os/io.c, WriteToClient), so a
# client that keeps up gets each touch event in a write of its own.
if [ "${E2E_XTRACE:-0}" = 1 ]; then
  strace -f -tt -p "$xorg" -p "$quiet" -o "$share/strace-xorg-quiet.log" 2>/dev/null &
  tracer=$!
  sleep 1
  play touchscreen touchscreen-swipe-left-3 "$settle_ms"; play touchscreen touchscreen-swipe-left-3 "$settle_ms"
  # X under strace falls behind the player: it is let catch up.
  sleep 3
  kill -INT "$tracer"; wait "$tracer" || true
  # Per descriptor: writes, and the bytes they hand over (each call's iov_len summed).
  writes=$(grep "^$xorg .*writev(" "$share/strace-xorg-quiet.log" | awk '{
      fd = $3; sub(/^writev\(/, "", fd); sub(/,.*/, "", fd); n[fd]++
      line = $0; while (match(line, /iov_len=[0-9]+/)) { b[fd] += substr(line, RSTART + 8, RLENGTH - 8); line = substr(line, RSTART + RLENGTH) } }
    END { for (fd in n) printf "%s%s: %d writes, %d bytes", k++ ? "; " : "", fd, n[fd], b[fd] }')
  say "X's writes over 2 touchscreen swipes ($(( 2 * $(wc -l <"$work/touchscreen-swipe-left-3.frames") )) frames of 3 touches played; a touch event is 136 bytes to an XI2 client, a raw one 72), by the client's descriptor in X: ${writes:-none}; the quiet client's waits (poll): $(grep -c "^$quiet .*poll(" "$share/strace-xorg-quiet.log")"
fi
stop "$quiet"
# Per touchpad swipe, from its touch-down: libinput's begin, and Touchégg's start (ns).
read -r -a recognized <<<"$(tail -n +"$first_line" "$work/xi2-print.out" | awk '$2 == "swipe" && $3 == "begin" { printf "%.0f ", $1 * 1000000 }')"
read -r -a touchegg <<<"$(tail -n +"$first_line" "$work/xi2-print.out" | awk -v mm="$pad_short_side_mm" '
  BEGIN { threshold = mm / 25.4 * 1000 / 100 }
  $2 == "swipe" && $3 == "begin" { x = 0; y = 0; started = 0 }
  $2 == "swipe" && $3 == "update" && !started {
    x += $7; y += $8
    if (x > threshold || -x > threshold || y > threshold || -y > threshold) { started = 1; printf "%.0f ", $1 * 1000000 }
  }')"
read -r libinput_p50 _ <<<"$(span pad_down recognized)"
read -r touchegg_p50 _ <<<"$(span pad_down touchegg)"
pass versus-baseline "xi2-print alone, $gestures swipes of each kind; touchscreen: $base_ts_line; touchscreen, taking the touches only (--quiet): $quiet_ts_line; touchpad: $base_pad_line; touchpad swipe from touch-down: libinput recognized it at p50 ${libinput_p50} µs (${#recognized[@]} swipes), Touchégg's rule would start it at p50 ${touchegg_p50} µs (${#touchegg[@]} swipes)"

# ---- 2. Touchscreen: gesture-bridge and lisgd at once ----
# Start-up: each one's own CPU from exec to ready, read once it is idle (a
# second after it said so); touchegg's, daemon and client, in 3b.
startup_us() { sleep 1; local s; read -r -a s <<<"$(cpu "$1")"; echo $(( s[2] / 1000 )); }
start_ours native
ours_startup_us=$(startup_us "$ours")
start_peer native
peer_startup_us=$(startup_us "$peer")
snapshot() { read -r -a o0 <<<"$(cpu $ours)"; read -r -a p0 <<<"$(cpu $peer)"; read -r -a x0 <<<"$(cpu "$xorg")"; }
on_start=snapshot series touchscreen touchscreen-swipe-left-3 "$gestures" "key+ Left" "exec lisgd"
read -r -a o1 <<<"$(cpu $ours)"; read -r -a p1 <<<"$(cpu $peer)"; read -r -a x1 <<<"$(cpu "$xorg")"
got_ours=${got[0]}; got_peer=${got[1]}
ours_us=$(us o0 o1); peer_us=$(us p0 p1)
read -r p50 pmax <<<"$(span lift seen_0)"
line="$gestures gestures; recognized: gesture-bridge $got_ours, lisgd $got_peer; per gesture: $(per gesture-bridge o0 o1); $(per lisgd p0 p1); $(per Xorg x0 x1)"
line+="; CPU gesture-bridge/lisgd $(pct "$ours_us" "$peer_us")%, gesture-bridge/xi2-print $(pct "$ours_us" "$base_ts_us")%"
line+="; Xorg with gesture-bridge/with nobody listening $(pct "$(us x0 x1)" "$xorg_nobody_us")%"
line+="; gesture-bridge + Xorg / lisgd + Xorg with nobody listening $(pct $((ours_us + $(us x0 x1))) $((peer_us + xorg_nobody_us)))%"
line+=" (xi2-print + Xorg, the same swipes before: $(pct $((base_ts_us + base_xorg_us)) $((peer_us + xorg_nobody_us)))%; xi2-print --quiet + Xorg: $(pct $((quiet_ts_us + quiet_xorg_us)) $((peer_us + xorg_nobody_us)))%)"
line+="; lift to key observed (gesture-bridge): p50 $p50 µs, max $pmax µs"
line+="; start-up CPU, exec to ready: gesture-bridge $ours_startup_us µs, lisgd $peer_startup_us µs"
if [ "$got_ours" = "$gestures" ] && [ "$got_peer" = "$gestures" ]; then pass versus-peer "$line"
else fail versus-peer "$line"; fi
printf 'JSON {"bench": "versus", "gestures": %d, "ours_us": %d, "peer_us": %d, "xorg_us": %d, "ours_wakeups": %d, "peer_wakeups": %d, "lift_p50_us": %s, "lift_max_us": %s, "baseline_us": %d, "baseline_xorg_us": %d, "quiet_us": %d, "quiet_xorg_us": %d, "quiet_wakeups": %d, "xorg_nobody_us": %d, "startup_us": %d, "peer_startup_us": %d}\n' \
  "$gestures" "$ours_us" "$peer_us" "$(us x0 x1)" "$(wakes o0 o1)" "$(wakes p0 p1)" \
  "${p50/\?/null}" "${pmax/\?/null}" "$base_ts_us" "$base_xorg_us" "$quiet_ts_us" "$quiet_xorg_us" "$(wakes q0 q1)" "$xorg_nobody_us" "$ours_startup_us" "$peer_startup_us" >>"$results"
stop "$peer"
# The same swipes to gesture-bridge alone: its lift → key without lisgd's
# command (a process it starts at the same lift) beside it on the VM's two CPUs.
series touchscreen touchscreen-swipe-left-3 "$gestures" "key+ Left"
read -r alone_p50 alone_max <<<"$(span lift seen_0)"
line="touchscreen lift to key observed, gesture-bridge alone: p50 $alone_p50 µs, max $alone_max µs (${got[0]} of $gestures swipes)"
if [ "${got[0]}" = "$gestures" ]; then pass versus-lift-alone "$line"; else fail versus-lift-alone "$line"; fi
printf 'JSON {"bench": "versus-lift-alone", "gestures": %d, "lift_p50_us": %s, "lift_max_us": %s}\n' \
  "$gestures" "${alone_p50/\?/null}" "${alone_max/\?/null}" >>"$results"
syscalls gesture-bridge-touchscreen "$ours" touchscreen touchscreen-swipe-left-3 "$gestures" "key+ Left"

# ---- 3. Touchpad: gesture-bridge alone ----
snapshot_pad() { read -r -a o0 <<<"$(cpu $ours)"; read -r -a x0 <<<"$(cpu "$xorg")"; }
on_start=snapshot_pad series touchpad touchpad-swipe-left-3 "$gestures" "key+ F5" "key+ F6"
read -r -a o1 <<<"$(cpu $ours)"; read -r -a x1 <<<"$(cpu "$xorg")"
pad_us=$(us o0 o1)
read -r began_p50 _ <<<"$(span down seen_0)"
read -r pad_lift_p50 pad_lift_max <<<"$(span lift seen_1)"
line="$gestures gestures; recognized ${got[1]}; per gesture: $(per gesture-bridge o0 o1); $(per Xorg x0 x1)"
line+="; CPU gesture-bridge/xi2-print $(pct "$pad_us" "$base_pad_us")%"
line+="; on-began from touch-down: p50 $began_p50 µs (libinput recognized: $libinput_p50 µs; Touchégg's rule: $touchegg_p50 µs)"
line+="; lift to on-ended key: p50 $pad_lift_p50 µs, max $pad_lift_max µs"
if [ "${got[0]}" = "$gestures" ] && [ "${got[1]}" = "$gestures" ]; then pass versus-touchpad "$line"
else fail versus-touchpad "$line"; fi
syscalls gesture-bridge-touchpad "$ours" touchpad touchpad-swipe-left-3 "$gestures" "key+ F6"
# Exec: lift to the command started (e2e-stamp's line).
series touchpad touchpad-swipe-up-4 "$gestures" "exec pad-exec"
read -r exec_p50 exec_max <<<"$(span lift seen_0)"
if [ "${got[0]}" = "$gestures" ]; then pass versus-exec "lift to exec'd command running: p50 $exec_p50 µs, max $exec_max µs ($gestures 4-finger swipes)"
else fail versus-exec "${got[0]} of $gestures commands ran; lift to command: p50 $exec_p50 µs"; fi
printf 'JSON {"bench": "versus-touchpad", "gestures": %d, "ours_us": %d, "ours_wakeups": %d, "xorg_us": %d, "baseline_us": %d, "baseline_wakeups": %d, "began_p50_us": %s, "libinput_p50_us": %s, "touchegg_p50_us": %s, "lift_p50_us": %s, "exec_p50_us": %s}\n' \
  "$gestures" "$pad_us" "$(wakes o0 o1)" "$(us x0 x1)" "$base_pad_us" "$(wakes b0 b1)" \
  "${began_p50/\?/null}" "${libinput_p50/\?/null}" "${touchegg_p50/\?/null}" "${pad_lift_p50/\?/null}" "${exec_p50/\?/null}" >>"$results"
stop "$ours"

# ---- 3b. By hand (not in CI): touchegg, daemon and client, alone ----
# Only when a touchegg built from its source was handed in (TOUCHEGG_BIN;
# Tests/E2E/README.md). Its daemon reads the touchpad through libinput
# itself (root), its client does the action through X: a key at the begin.
if [ -f "$share/bin/touchegg" ]; then
  install -m 755 "$share/bin/touchegg" "$work/"
  mkdir -p /root/.config/touchegg
  cat >/root/.config/touchegg/touchegg.conf <<'XML'
<touchégg>
  <settings>
    <property name="animation_delay">150</property>
    <property name="action_execute_threshold">20</property>
  </settings>
  <application name="All">
    <gesture type="SWIPE" fingers="3" direction="LEFT">
      <action type="SEND_KEYS">
        <repeat>false</repeat>
        <modifiers>Control_L</modifiers>
        <keys>F7</keys>
        <on>begin</on>
      </action>
    </gesture>
  </application>
</touchégg>
XML
  # The client insists on a system-wide config too (/etc/xdg), though it reads the user's.
  mkdir -p /etc/xdg/touchegg && cp /root/.config/touchegg/touchegg.conf /etc/xdg/touchegg/
  "$work/touchegg" --daemon >"$share/touchegg-daemon.log" 2>&1 &
  te_daemon=$!
  until_ok 60 grep -q "Server started" "$share/touchegg-daemon.log" || say "touchegg's daemon did not say it started"
  "$work/touchegg" >"$share/touchegg-client.log" 2>&1 &
  te_client=$!
  until_ok 60 grep -q "Connection with Touchégg established" "$share/touchegg-client.log" || say "touchegg's client did not say it connected"
  te_daemon_startup_us=$(startup_us "$te_daemon"); te_client_startup_us=$(startup_us "$te_client")
  te_startup_us=$(( te_daemon_startup_us + te_client_startup_us ))
  snapshot_te() { read -r -a d0 <<<"$(cpu $te_daemon)"; read -r -a c0 <<<"$(cpu $te_client)"; read -r -a x0 <<<"$(cpu "$xorg")"; }
  on_start=snapshot_te series touchpad touchpad-swipe-left-3 "$gestures" "key+ F7"
  read -r -a d1 <<<"$(cpu $te_daemon)"; read -r -a c1 <<<"$(cpu $te_client)"; read -r -a x1 <<<"$(cpu "$xorg")"
  read -r te_began_p50 _ <<<"$(span down seen_0)"
  te_us=$(( $(us d0 d1) + $(us c0 c1) ))
  line="$gestures gestures; recognized ${got[0]}; per gesture: $(per "touchegg daemon" d0 d1); $(per "touchegg client" c0 c1); $(per Xorg x0 x1)"
  line+="; touchegg (both) $te_us µs; gesture-bridge/touchegg $(pct "$pad_us" "$te_us")%"
  line+="; its key at the begin from touch-down: p50 $te_began_p50 µs (gesture-bridge's on-began: $began_p50 µs)"
  line+="; start-up CPU, exec to ready: touchegg daemon $te_daemon_startup_us + client $te_client_startup_us = $te_startup_us µs, gesture-bridge $ours_startup_us µs"
  if [ "${got[0]}" = "$gestures" ]; then pass versus-touchegg "$line"; else fail versus-touchegg "$line"; fi
  printf 'JSON {"bench": "versus-touchegg", "gestures": %d, "touchegg_us": %d, "touchegg_wakeups": %d, "began_p50_us": %s, "startup_us": %d, "ours_startup_us": %d}\n' \
    "$gestures" "$te_us" $(( $(wakes d0 d1) + $(wakes c0 c1) )) "${te_began_p50/\?/null}" "$te_startup_us" "$ours_startup_us" >>"$results"
  stop "$te_client" "$te_daemon"
fi

# ---- 3c. By hand: where the CPU goes, kernel and all (E2E_PERF=1) ----
# A system-wide perf profile (cpu-clock samples, call chains) of the
# touchscreen series with gesture-bridge and lisgd at once; needs perf in the
# image (E2E_EXTRA_PACKAGES=linux-perf; Tests/E2E/README.md). Into the share:
# each process's functions, kernel's included, and every sample with its call chain.
if [ "${E2E_PERF:-0}" = 1 ]; then
  if command -v perf >/dev/null; then
    start_ours perf
    start_peer perf
    series touchscreen touchscreen-swipe-left-3 0 "key+ Left" "exec lisgd"
    perf record -a -g -F 2000 -o "$work/perf.data" >"$share/perf-record.log" 2>&1 &
    profiler=$!
    sleep 2
    series touchscreen touchscreen-swipe-left-3 "$gestures" "key+ Left" "exec lisgd"
    kill -INT "$profiler"; wait "$profiler"
    perf report -i "$work/perf.data" --no-children --sort comm,dso,sym --stdio -g none --percent-limit 0.2 >"$share/perf-flat.txt" 2>&1
    for comm in gesture-bridge- lisgd Xorg InputThread; do
      perf report -i "$work/perf.data" --no-children --comms "$comm" --percentage relative --sort dso,sym --stdio -g none \
        --percent-limit 0.3 >"$share/perf-$comm.txt" 2>&1
    done
    # Every sample of theirs with its call chain, for reading on the host.
    perf script -i "$work/perf.data" --comms gesture-bridge-,lisgd,Xorg,InputThread -F comm,tid,time,ip,sym,dso >"$share/perf-script.txt" 2>&1
    say "perf: $(head -c 300 "$share/perf-record.log" | tr '\n' ' ')"
    stop "$ours" "$peer"
  else
    say "E2E_PERF=1 but no perf in the image (E2E_EXTRA_PACKAGES=linux-perf)"
  fi
fi

# ---- 4. Instructions, under callgrind ----
# Per kind: a run with the warm-up gesture only, one with 10 more
# (E2E_CALLGRIND_GESTURES): the counts do not vary from gesture to gesture,
# and four runs under callgrind with 20 each outlast the VM's time.
if [ "${E2E_CALLGRIND:-1}" = 1 ]; then
  gestures=${E2E_CALLGRIND_GESTURES:-10}
  declare -A instr tries
  for n in 0 "$gestures"; do
    start_ours "ts-$n" valgrind --tool=callgrind --callgrind-out-file="$work/cg-gesture-bridge-ts-$n.out"
    start_peer "ts-$n" valgrind --tool=callgrind --callgrind-out-file="$work/cg-gesture-bridge-ts-$n.out"
    slow=120 series touchscreen touchscreen-swipe-left-3 "$n" "key+ Left" "exec lisgd"
    tries[$n]=$warm_tries
    stop "$ours" "$peer"
    start_ours "pad-$n" valgrind --tool=callgrind --callgrind-out-file="$work/cg-gesture-bridge-pad-$n.out"
    slow=120 series touchpad touchpad-swipe-left-3 "$n" "key+ F6"
    stop "$ours"
    for f in gesture-bridge-ts lisgd-ts gesture-bridge-pad; do instr[$f-$n]=$(sed -n 's/^summary: //p' "$work/cg-$f-$n.out"); done
  done
  per_gesture() { echo $(( (instr[$1-$gestures] - instr[$1-0]) / gestures )); }
  ours_ts=$(per_gesture gesture-bridge-ts); peer_ts=$(per_gesture lisgd-ts); ours_pad=$(per_gesture gesture-bridge-pad)
  line="instructions per gesture: touchscreen swipe: gesture-bridge $ours_ts, lisgd $peer_ts (gesture-bridge/lisgd $(pct "$ours_ts" "$peer_ts")%); touchpad swipe: gesture-bridge $ours_pad"
  line+=" ($gestures gestures of each kind, each series after a warm-up one"
  # A warm-up that took more tries in one run than the other skews the difference.
  [ "${tries[0]}" = "${tries[$gestures]}" ] || line+="; touchscreen warm-up tries ${tries[0]} and ${tries[$gestures]}: off by a gesture"
  line+=")"
  printf 'JSON {"bench": "versus-instructions", "ours_instructions": %d, "peer_instructions": %d, "touchpad_instructions": %d}\n' \
    "$ours_ts" "$peer_ts" "$ours_pad" >>"$results"
  pass versus-peer-instructions "$line"
  cp "$work"/cg-*.out "$share/" 2>/dev/null
fi
grep -q ^FAIL "$results" && exit 1
exit 0
