# Sourced by run-in-guest.sh after setup.sh (E2E_SCRIPT=real-hands.sh,
# `Tests/E2E/run.sh --real-hands`): every recording of the real-hands set
# (../shared/real-hands, copied into the run folder by run.sh) played
# through Xorg + libinput into a daemon of its own on real.toml, recording
# what it saw. The host scores it (Tests/RealHands/score.py): the actions
# the daemon ran live, and what `replay` of its record does.
#
# Per recording NAME, in $share/real-hands-out/:
#   NAME.jsonl      the daemon's record (`run --record`)
#   NAME.actions    what its exec actions appended ($ACTIONS_LOG, on the
#                   guest's tmpfs while it plays)
#   NAME.daemon.log its --verbose log
#   NAME.raw        the observer's raw touch begins and ends while it played
#                   (monotonic ns, server ms: ties the record's clock to the
#                   actions' wall clock)
# and manifest (NAME, the device node, play start and end, monotonic ns),
# clock (wall and monotonic seconds, read together at the start and end).
hands=$share/real-hands
out=$share/real-hands-out
mkdir -p "$out"
install -m 600 "$hands/real.toml" "$work/config/real.toml"
: >"$out/manifest"

# Wall clock (what the actions' `date +%s.%N` stamps) against the monotonic
# clock, read together with no process started: /proc/uptime (the boot
# clock, the monotonic one in a guest that never sleeps) just as it ticks
# over its 10 ms, and bash's own $EPOCHREALTIME.
clock_pair() {
  local a b
  read -r a _ </proc/uptime
  while read -r b _ </proc/uptime && [ "$b" = "$a" ]; do :; done
  echo "$EPOCHREALTIME $b"
}
clock_pair >"$out/clock"

# The recordings: all of them, or those E2E_REAL_HANDS names.
names=()
if [ -n "${E2E_REAL_HANDS:-}" ]; then
  read -r -a names <<<"$E2E_REAL_HANDS"
else
  for d in "$hands"/recordings/*.desc; do names+=("$(basename "$d" .desc)"); done
fi
say "real hands: ${#names[@]} recordings"

# Ready when X lists one more device of that name.
for name in "${names[@]}"; do
  desc=$hands/recordings/$name.desc
  [ -f "$desc" ] || { say "$name: no $desc"; continue; }
  dev=$(sed -n 's/^N: //p' "$desc")
  want=$(( $(xinput list --name-only | grep -cxF "$dev") + 1 ))
  evemu-device "$desc" >"$work/$name.device" 2>&1 &
  dev_pid=$!
  if ! until_ok 10 grep -q /dev/input/event "$work/$name.device"; then
    say "$name: evemu-device failed: $(cat "$work/$name.device")"; kill "$dev_pid" 2>/dev/null; continue
  fi
  devnode=$(grep -o '/dev/input/event[0-9]*' "$work/$name.device" | head -1)
  x_has() { [ "$(xinput list --name-only | grep -cxF "$dev")" -ge "$want" ]; }
  until_ok 20 x_has || say "$name: X never added $dev"

  # A daemon of its own per recording: its record starts with this device.
  rm -f "$work/$name.jsonl"
  ACTIONS_LOG=$work/$name.actions "$work/gesture-bridge" run --config "$work/config/real.toml" --verbose \
    --record "$work/$name.jsonl" >"$work/$name.daemon.log" 2>&1 &
  pid=$!
  until_ok 20 grep -q "listening on display" "$work/$name.daemon.log" || say "$name: daemon did not start"

  a=$("$probe" now)
  evemu-play "$devnode" <"$hands/recordings/$name.events"
  b=$("$probe" now)
  # The tail: what fires after the last lift (a tap's wait, the frame's
  # judgement: a few hundred ms at most) within `replay`'s own second after
  # its last event, with half a second to spare under emulation.
  sleep 1.5
  "$probe" signal "$pid" TERM >/dev/null; wait "$pid"
  # The shells its actions started (each in a session of its own), queued
  # up under emulation: done when no process is left with this recording's
  # ACTIONS_LOG in its environment (one grep over them all). Until
  # 2026-12-07 the log had to stay the same size for a whole second.
  actions_done() { ! grep -lzsxF "ACTIONS_LOG=$work/$name.actions" /proc/[0-9]*/environ >/dev/null; }
  until_ok 20 actions_done || say "$name: its actions still ran 20 s after the daemon stopped"
  c=$("$probe" now)
  echo "$name $devnode $a $b $c" >>"$out/manifest"
  kill "$dev_pid" 2>/dev/null; wait "$dev_pid" 2>/dev/null
  x_gone() { [ "$(xinput list --name-only | grep -cxF "$dev")" -lt "$want" ]; }
  until_ok 10 x_gone || say "$name: X kept $dev"
  awk -v a="$a" -v c="$c" '$1 >= a && $1 <= c && /raw-touch-(begin|end)/' "$observed" >"$out/$name.raw"
  cp "$work/$name.jsonl" "$out/" 2>/dev/null || say "$name: no record"
  cp "$work/$name.daemon.log" "$out/"
  cp "$work/$name.actions" "$out/" 2>/dev/null || : >"$out/$name.actions"
  say "$name: played $(( (b - a) / 1000000 )) ms, $(wc -l <"$out/$name.actions") actions"
done
clock_pair >>"$out/clock"
echo "PASS real-hands: ${#names[@]} recordings played (scored on the host)" >>"$results"
