# Sourced by run-in-guest.sh after setup.sh (E2E_SCRIPT=versus-peer.sh): the
# same recorded gestures to gesture-bridge and to a peer Debian packages,
# lisgd (touchscreen swipes from libinput touch events; touchegg, fusuma and
# libinput-gestures are not in Debian), both running at once, each bound to
# the same 3-finger swipe left (ours: a key chord; lisgd: a command, its only
# kind of action). Each must recognize every gesture.
#
# 1. CPU: each process's own (not its children's) per gesture: schedstat ns,
#    utime/stime ticks, wakeups, read/write calls; and Xorg's, which does the
#    libinput work for gesture-bridge (lisgd does it itself).
# 2. Instructions (E2E_CALLGRIND=1): both again under callgrind, a run with
#    a warm-up gesture only and one with E2E_GESTURES more; the difference per
#    gesture, for each. Counts do not depend on the emulation's speed.
# Results: "PASS|FAIL versus-peer: …" and "PASS|FAIL versus-peer-instructions: …".
gestures=${E2E_GESTURES:-20}
install -m 600 "$share/versus.toml" "$work/config/config.toml"
lisgd_spec="3,RL,*,*,R,$probe stamp lisgd $observed"

start_both() {  # [PREFIX…]: starts both (under PREFIX, e.g. valgrind); sets ours, peer
  local tag=$1; shift
  "$@" "$work/gesture-bridge" run --config "$work/config/config.toml" >"$share/daemon-$tag.log" 2>&1 &
  ours=$!
  until_ok 600 grep -q "listening on display" "$share/daemon-$tag.log" || { say "daemon did not start"; exit 3; }
  # lisgd says nothing when ready: it is once it has the device open.
  "${@//gesture-bridge-$tag/lisgd-$tag}" lisgd -d "${node[touchscreen]}" -g "$lisgd_spec" >"$share/lisgd-$tag.log" 2>&1 &
  peer=$!
  until_ok 600 lisgd_ready "$peer" || { say "lisgd did not start"; exit 3; }
}
lisgd_ready() { ls -l "/proc/$1/fd" 2>/dev/null | grep -q "${node[touchscreen]}"; }
stop_both() { kill -TERM "$ours" "$peer"; wait "$ours" "$peer"; }

# Plays N swipes after a warm-up one (first-use page faults are not
# per-gesture cost); both must see each. Sets since, lat (lift to key, µs).
swipes() {
  local n=$1 slow=${2:-$timeout_s} t i lift
  # lisgd shows no sign of being ready but its open device; a swipe it was
  # not yet reading is missed, so the warm-up is tried up to three times
  # (each try waits for both, so no key of it is left to count later).
  local try ok_ours ok_peer
  for try in 1 2 3; do
    since=$(mark)
    play touchscreen touchscreen-swipe-left-3
    ok_ours=; ok_peer=
    timeout_s=$slow await "$since" "key+ Left" >/dev/null && ok_ours=1
    timeout_s=$slow await "$since" "exec lisgd" >/dev/null && ok_peer=1
    [ -n "$ok_ours" ] && [ -n "$ok_peer" ] && break
  done
  [ -n "$ok_ours" ] || { fail versus-peer "warm-up: gesture-bridge did not recognize the swipe (3 tries)"; exit 1; }
  [ -n "$ok_peer" ] || { fail versus-peer "warm-up: lisgd did not recognize the swipe (3 tries)"; exit 1; }
  warm_tries=$try
  [ "$n" -gt 0 ] || return 0
  since=$(mark)
  [ -n "${on_start:-}" ] && $on_start
  lat=()
  for i in $(seq "$n"); do
    play touchscreen touchscreen-swipe-left-3
    lift=$(frame_time touchscreen-swipe-left-3 "$(last_frame touchscreen-swipe-left-3)")
    t=$(timeout_s=$slow await "$since" "key+ Left" "$i") && lat+=($(( (t - lift) / 1000 )))
    timeout_s=$slow await "$since" "exec lisgd" "$i" >/dev/null
  done
  got_ours=$(count "$since" "$(mark)" "key+ Left"); got_peer=$(count "$since" "$(mark)" "exec lisgd")
}

cpu() {  # PID -> "utime stime ns wakeups syscalls": its own (not its children's)
  local f; f=$(cut -d')' -f2- "/proc/$1/stat")
  read -r _ _ _ _ _ _ _ _ _ _ _ utime stime _ <<<"$f"
  local ctx; ctx=$(( $(sed -n 's/^voluntary_ctxt_switches:\s*//p' "/proc/$1/status") ))
  local sys; sys=$(( $(sed -n 's/^syscr: //p' "/proc/$1/io") + $(sed -n 's/^syscw: //p' "/proc/$1/io") ))
  echo "$utime $stime $(cut -d' ' -f1 "/proc/$1/schedstat") $ctx $sys"
}
per() {  # NAME before-array after-array: per gesture
  local -n a=$2 b=$3
  local us=$(( (b[2] - a[2]) / gestures / 1000 ))
  local ut=$(( (b[0] - a[0]) * 100 / gestures )) st=$(( (b[1] - a[1]) * 100 / gestures ))
  printf '%s %d µs CPU (user %d.%02d + system %d.%02d ticks), %d wakeups, %d read/write calls' "$1" "$us" \
    $((ut / 100)) $((ut % 100)) $((st / 100)) $((st % 100)) $(( (b[3] - a[3]) / gestures )) $(( (b[4] - a[4]) / gestures ))
}

# ---- 1. CPU, both at native speed (for the emulated machine) ----
start_both native
xorg=$(pgrep -x Xorg)
snapshot() { read -r -a o0 <<<"$(cpu $ours)"; read -r -a p0 <<<"$(cpu $peer)"; read -r -a x0 <<<"$(cpu "$xorg")"; }
on_start=snapshot swipes "$gestures"
read -r -a o1 <<<"$(cpu $ours)"; read -r -a p1 <<<"$(cpu $peer)"; read -r -a x1 <<<"$(cpu "$xorg")"
stop_both
ours_us=$(( (o1[2] - o0[2]) / gestures / 1000 )); peer_us=$(( (p1[2] - p0[2]) / gestures / 1000 ))
sorted=$(printf '%s\n' "${lat[@]}" | sort -n)
p50=$(echo "$sorted" | sed -n "$(( (${#lat[@]} + 1) / 2 ))p"); pmax=$(echo "$sorted" | tail -1)
line="$gestures gestures; recognized: gesture-bridge $got_ours, lisgd $got_peer; per gesture: $(per gesture-bridge o0 o1); $(per lisgd p0 p1); $(per Xorg x0 x1)"
line+="; CPU gesture-bridge/lisgd $(( ours_us * 100 / (peer_us > 0 ? peer_us : 1) ))%"
line+="; lift to key observed (gesture-bridge): p50 ${p50:-?} µs, max ${pmax:-?} µs"
if [ "$got_ours" = "$gestures" ] && [ "$got_peer" = "$gestures" ]; then pass versus-peer "$line"
else fail versus-peer "$line"; fi
# The same figures for Benchmarks/report.py: one JSON line.
wake() { local -n a=$1 b=$2; echo $(( (b[3] - a[3]) / gestures )); }
printf 'JSON {"bench": "versus", "gestures": %d, "ours_us": %d, "peer_us": %d, "xorg_us": %d, "ours_wakeups": %d, "peer_wakeups": %d, "lift_p50_us": %s, "lift_max_us": %s}\n' \
  "$gestures" "$ours_us" "$peer_us" $(( (x1[2] - x0[2]) / gestures / 1000 )) "$(wake o0 o1)" "$(wake p0 p1)" \
  "${p50:-null}" "${pmax:-null}" >>"$results"

# ---- 2. Instructions, under callgrind ----
if [ "${E2E_CALLGRIND:-1}" = 1 ]; then
  declare -A instr tries
  for n in 0 "$gestures"; do
    start_both "$n" valgrind --tool=callgrind --callgrind-out-file="$work/cg-gesture-bridge-$n.out"
    swipes "$n" 120
    tries[$n]=$warm_tries
    stop_both
    for who in gesture-bridge lisgd; do
      instr[$who-$n]=$(sed -n 's/^summary: //p' "$work/cg-$who-$n.out")
    done
  done
  per_ours=$(( (instr[gesture-bridge-$gestures] - instr[gesture-bridge-0]) / gestures ))
  per_peer=$(( (instr[lisgd-$gestures] - instr[lisgd-0]) / gestures ))
  line="instructions per gesture: gesture-bridge $per_ours, lisgd $per_peer"
  line+=" (gesture-bridge/lisgd $(( per_ours * 100 / (per_peer > 0 ? per_peer : 1) ))%; $gestures gestures, each after a warm-up one"
  # A warm-up that took more tries in one run than the other skews the difference.
  [ "${tries[0]}" = "${tries[$gestures]}" ] || line+="; warm-up tries ${tries[0]} and ${tries[$gestures]}: off by a gesture"
  line+=")"
  printf 'JSON {"bench": "versus-instructions", "ours_instructions": %d, "peer_instructions": %d}\n' \
    "$per_ours" "$per_peer" >>"$results"
  if [ "$got_ours" = "$gestures" ] && [ "$got_peer" = "$gestures" ]; then pass versus-peer-instructions "$line"
  else fail versus-peer-instructions "$line (recognized: gesture-bridge $got_ours, lisgd $got_peer)"; fi
  cp "$work"/cg-*.out "$share/" 2>/dev/null
fi
grep -q ^FAIL "$results" && exit 1
exit 0
