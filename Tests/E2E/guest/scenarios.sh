# Sourced by run-in-guest.sh after setup.sh: the daemon, then the scenarios
# of Tests/E2E/README.md, each writing one PASS or FAIL line to results.
daemon_pid=
if [ "$no_daemon" != 1 ]; then
  "$work/gesture-bridge" run --config "$work/config/config.toml" --verbose >"$share/daemon.log" 2>&1 &
  daemon_pid=$!
  until_ok 20 grep -q "listening on display" "$share/daemon.log" || { say "daemon did not start"; cat "$share/daemon.log"; exit 3; }
  say "daemon listening (pid $daemon_pid)"
else
  say "control run: no daemon"
fi

# ---- touchpad (XI 2.4 gestures) ----
scenario_swipe() {  # name recording keys…
  local name=$1 rec=$2; shift 2
  local since; since=$(mark)
  play touchpad "$rec"
  local t
  if t=$(await_chord "$since" "$@"); then
    local thr; thr=$(sed -n 's/^# threshold-frame: //p' "$share/recordings/$rec.evemu")
    pass "$name" "$(IFS=+; echo "$*") observed $(latency "$rec" "$t") (threshold frame $thr)"
  else
    fail "$name" "no $(IFS=+; echo "$*") within ${timeout_s}s"
  fi
  starts+=("$name $since")
}
starts=()

scenario_swipe touchpad-swipe-left-3 touchpad-swipe-left-3 Control_L Alt_L Left
scenario_swipe touchpad-swipe-right-3 touchpad-swipe-right-3 Control_L Alt_L Right
# A short real swipe: 8 mm; libinput reports a few px of delta after its own threshold.
scenario_swipe touchpad-swipe-8mm touchpad-swipe-left-3-8mm Control_L Alt_L Left

# The Alt layer: Alt held through XTest, as a hand holds it; the same swipe
# fires the layer's F2, never the plain ctrl+alt+Left, with Alt let go of
# around F2 and pressed again after.
since=$(mark); starts+=("touchpad-swipe-alt-layer $since")
"$probe" key Alt_L down >/dev/null
play touchpad touchpad-swipe-left-3
if t=$(await "$since" "key+ F2"); then
  t_up=$(await "$since" "key- Alt_L" 1) ; t_again=$(await "$t" "key+ Alt_L" 1)
  "$probe" key Alt_L up >/dev/null
  plain=$(count "$since" "$(mark)" "key+ Left")
  if [ -n "$t_up" ] && [ -n "$t_again" ] && [ "$t_up" -lt "$t" ] && [ "$plain" = 0 ]; then
    pass touchpad-swipe-alt-layer "F2 $(latency touchpad-swipe-left-3 "$t"); Alt_L released $(( (t - t_up) / 1000 )) µs before it and pressed again $(( (t_again - t) / 1000 )) µs after; the plain binding's Left never"
  else
    fail touchpad-swipe-alt-layer "F2 came, but Alt_L released: ${t_up:-never}, pressed again: ${t_again:-never}; plain Left presses: $plain"
  fi
else
  "$probe" key Alt_L up >/dev/null
  fail touchpad-swipe-alt-layer "no F2 within ${timeout_s}s with Alt held"
fi

# The same with Alt held on a keyboard (a uinput device, as a hand on a real
# keyboard holds it): X's XTest device lets go of a key another keyboard
# holds. When the hand lets go, no key stays down (the press again after F2
# must not leave Alt held).
create_device keyboard keyboard.desc
since=$(mark); starts+=("touchpad-swipe-alt-layer-keyboard $since")
evemu-event "${node[keyboard]}" --type EV_KEY --code KEY_LEFTALT --value 1 --sync
await "$since" "key+ Alt_L" >/dev/null
play touchpad touchpad-swipe-left-3
if t=$(await "$since" "key+ F2"); then
  t_up=$(await "$since" "key- Alt_L" 1) ; t_again=$(await "$t" "key+ Alt_L" 1)
  evemu-event "${node[keyboard]}" --type EV_KEY --code KEY_LEFTALT --value 0 --sync
  t_let=$(await "${t_again:-$t}" "key- Alt_L" 1)
  down=$("$probe" keys-down | tr '\n' ' ')
  plain=$(count "$since" "$(mark)" "key+ Left")
  # XTest's own keyboard must not hold Alt either: its next press of Alt
  # would be swallowed (the stuck key in hiding the daemon lets go of).
  since_x=$(mark); "$probe" key Alt_L down >/dev/null
  t_x=$(await "$since_x" "key+ Alt_L" 1); "$probe" key Alt_L up >/dev/null
  if [ -n "$t_up" ] && [ -n "$t_again" ] && [ "$t_up" -lt "$t" ] && [ "$plain" = 0 ] && [ -z "$down" ] && [ -n "$t_x" ]; then
    pass touchpad-swipe-alt-layer-keyboard "F2 $(latency touchpad-swipe-left-3 "$t"); the keyboard's Alt_L released $(( (t - t_up) / 1000 )) µs before it and pressed again $(( (t_again - t) / 1000 )) µs after; let go of by the hand: no key down, and XTest's keyboard holds none (its next Alt press comes through); the plain binding's Left never"
  else
    fail touchpad-swipe-alt-layer-keyboard "F2 came; Alt_L released: ${t_up:-never}, pressed again: ${t_again:-never}, let go: ${t_let:-never}; keys down after the hand let go: ${down:-none}; XTest's next Alt press: ${t_x:-swallowed}; plain Left presses: $plain"
  fi
else
  evemu-event "${node[keyboard]}" --type EV_KEY --code KEY_LEFTALT --value 0 --sync
  fail touchpad-swipe-alt-layer-keyboard "no F2 within ${timeout_s}s with the keyboard's Alt held"
fi

since=$(mark); starts+=("touchpad-swipe-up-4 $since")
play touchpad touchpad-swipe-up-4
if t=$(await "$since" "exec touchpad-swipe-up-4"); then
  line=$(grep "^$t exec" "$observed")
  missing=
  for v in GESTURE_NAME=touchpad-swipe-up-4 GESTURE_FINGERS=4 GESTURE_DIRECTION=up GESTURE_PHASE=ended; do
    [[ " $line " == *" $v "* ]] || missing+=" $v"
  done
  if [ -z "$missing" ]; then pass touchpad-swipe-up-4 "exec ran with $(echo "$line" | grep -o 'GESTURE_[A-Z_]*=' | wc -l) GESTURE_* variables, $(latency touchpad-swipe-up-4 "$t")"
  else fail touchpad-swipe-up-4 "exec ran without$missing: ${line#* exec }"; fi
else
  fail touchpad-swipe-up-4 "the exec action did not run within ${timeout_s}s"
fi

# Pinches: exactly 2 steps each (see make-fixtures.py); counted at the end,
# between this scenario's start and the next one's.
declare -A pinch_latency
for dir in out in; do
  key=equal; [ $dir = in ] && key=minus
  since=$(mark); starts+=("touchpad-pinch-$dir-2 $since")
  play touchpad touchpad-pinch-$dir-2
  if t=$(await "$since" "key+ $key" 2); then
    pinch_latency[$dir]="second step $(latency touchpad-pinch-$dir-2 "$t")"
  else
    pinch_latency[$dir]="fewer than 2 steps within ${timeout_s}s"
  fi
done

# ---- touchscreen (XI 2.2 touches, grabbed: a high binding) ----
# Consumed: the chord fires and e2e-other, under the fingers, sees none of
# the touches (counted at the end, over this scenario's span).
since=$(mark); starts+=("touchscreen-swipe-consumed $since")
play touchscreen touchscreen-swipe-left-3
if t=$(await_chord "$since" Super_L Left); then consumed="Super_L+Left observed $(latency touchscreen-swipe-left-3 "$t")"
else consumed=; fi

# Handed back: one finger is no binding's; the daemon's grab holds it, then
# rejects it, and X replays it to e2e-app under the finger. The proof that it
# was held: raw events of that touch (which every client gets at once) came
# before the window's TouchBegin; without a grab X delivers the TouchBegin
# together with the raw begin.
for rec in touchscreen-tap-1 touchscreen-drag-1; do
  since=$(mark); starts+=("$rec $since")
  play touchscreen "$rec"
  land=$(frame_time "$rec" 0)
  if t_begin=$(await "$since" "touch-begin e2e-app") && t_end=$(await "$since" "touch-end e2e-app"); then
    id=$(grep "^$t_begin touch-begin" "$observed" | grep -o 'touch=[0-9]*')
    before=$(( $(count "$since" "$t_begin" "raw-touch-update $id ") + $(count "$since" "$t_begin" "raw-touch-end $id ") ))
    updates=$(count "$since" "$t_end" "touch-update e2e-app $id ")
    lift=$(frame_time "$rec" "$(last_frame "$rec")")
    held=$(( (t_begin - land) / 1000000 ))
    if [ "$before" -gt 0 ] && [ "$held" -ge 180 ]; then
      # The drag must be handed back once it moves (18 px: ~72 ms into this
      # recording), not when the landing window times out (200 ms).
      fail "$rec" "held $held ms before e2e-app got it: not handed back when it started moving"
    elif [ "$before" -gt 0 ]; then
      pass "$rec" "held by the grab ($before raw events first), replayed to e2e-app $(( (t_begin - land) / 1000 )) µs after the landing frame, with $updates updates; its end $(( (t_end - lift) / 1000 )) µs after the lift"
    else
      fail "$rec" "e2e-app got the touch at once ($(( (t_begin - land) / 1000 )) µs after landing): nothing held it"
    fi
  else
    fail "$rec" "e2e-app was never given the touch (no TouchBegin and TouchEnd within ${timeout_s}s)"
  fi
done

# ---- hands as they are ----
# Four fingers landing over 156 ms and a slow start over e2e-app: 80 px comes
# past grab-timeout. The touches go back to e2e-app then (its TouchBegin
# comes), the daemon follows them through raw events, and its high binding
# (F10) still fires once; e2e-app's normal one (F11) never (counted at the end).
since=$(mark); starts+=("touchscreen-swipe-slow-4 $since")
play touchscreen touchscreen-swipe-left-4-slow
if t=$(await "$since" "key+ F10"); then slow="F10 observed $(latency touchscreen-swipe-left-4-slow "$t") (threshold frame $(sed -n 's/^# threshold-frame: //p' "$share/recordings/touchscreen-swipe-left-4-slow.evemu"))"
else slow=; fi

# A finger rests 1 s (handed back to e2e-other), a second lands, they pinch:
# a new attempt with both fingers; the zoom steps (F12) come.
since=$(mark); starts+=("touchscreen-pinch-late-2 $since")
play touchscreen touchscreen-pinch-late-2
if t=$(await "$since" "key+ F12"); then late="first zoom step observed $(latency touchscreen-pinch-late-2 "$t")"; else late=; fi

# ---- app scope: e2e-app's binding (F5) over e2e-app only; the desktop's (F6) elsewhere ----
declare -A app
for where in app other; do
  key=F5; [ $where = other ] && key=F6
  since=$(mark); starts+=("app-scope-over-$where $since")
  play touchscreen touchscreen-swipe-down-3-$where
  if t=$(await "$since" "key+ $key"); then app[$where]="$key observed $(latency touchscreen-swipe-down-3-$where "$t")"
  else app[$where]=; fi
done

# ---- hot-plug: devices created after the daemon started ----
create_device touchpad2 touchpad.desc
create_device touchscreen2 touchscreen.desc
since=$(mark); starts+=("hotplug $since")
hot=
node[touchpad]=${node[touchpad2]}
play touchpad touchpad-swipe-left-3
if t=$(await_chord "$since" Control_L Alt_L Left); then
  hot+="new touchpad: Control_L+Alt_L+Left $(latency touchpad-swipe-left-3 "$t")"
  since=$t
  node[touchscreen]=${node[touchscreen2]}
  play touchscreen touchscreen-swipe-left-3
  if t=$(await_chord "$since" Super_L Left); then pass hotplug "$hot; new touchscreen: Super_L+Left $(latency touchscreen-swipe-left-3 "$t")"
  else fail hotplug "the touchscreen added after start: no Super_L+Left within ${timeout_s}s ($hot)"; fi
else
  fail hotplug "the touchpad added after start: no Control_L+Alt_L+Left within ${timeout_s}s"
fi

# ---- touchpads whose names say nothing: Apple, ALPS, Wacom finger touch ----
# Described as public device databases describe them (make-fixtures.py); the
# daemon must see them as touchpads from what X says they are.
since=$(mark); starts+=("real-touchpads $since")
real_ok= real_bad=
for dev in apple alps wacom; do
  create_device "$dev" "$dev.desc"
  node[touchpad]=${node[$dev]}
  play touchpad "$dev-swipe-left-3"
  name=$(sed -n 's/^N: //p' "$share/devices/$dev.desc")
  if t=$(await_chord "$since" Control_L Alt_L Left); then
    real_ok+="$name: Control_L+Alt_L+Left $(latency "$dev-swipe-left-3" "$t"); "
    since=$t
  else
    real_bad+="$name: no Control_L+Alt_L+Left within ${timeout_s}s; "
  fi
done
"$work/gesture-bridge" devices >"$share/devices.txt" 2>&1
for dev in apple alps wacom; do
  name=$(sed -n 's/^N: //p' "$share/devices/$dev.desc")
  line=$(grep -F " $name  [" "$share/devices.txt" | head -1)
  [[ "$line" == *" touchpad "*"[touchpad: "* ]] || real_bad+="devices lists $name as: ${line:-nothing}; "
done
if [ -z "$real_bad" ]; then pass real-touchpads "${real_ok}devices: $(grep -F -e bcm5974 -e GlidePoint -e 'M Finger' "$share/devices.txt" | sed 's/.*\[//; s/\]$//' | sort -u | paste -sd';')"
else fail real-touchpads "$real_bad$real_ok"; fi
node[touchpad]=${node[touchpad2]}

# ---- device rules: [[device]] tables matched by X's ids and by name; check ----
# `devices` names each rule under the device it applies to; `check` warns of a
# rule no device here has (a warning: exit 0), listing the devices X has.
since=$(mark); starts+=("device-rules $since")
"$work/gesture-bridge" devices --config "$work/config/config.toml" >"$share/devices-rules.txt" 2>&1
apple_rule=$(grep -F -A1 " bcm5974  [" "$share/devices-rules.txt" | tr '\n' ' ')
wacom_rule=$(grep -F -A1 " Wacom Intuos5 touch M Finger  [" "$share/devices-rules.txt" | tr '\n' ' ')
printf 'version = 1\nkeymap = "none"\n[[device]]\nmatch = "name:NoSuchPad*"\nslop = "3mm"\n' >"$work/config/nodevice.toml"
chmod 600 "$work/config/nodevice.toml"
check_out=$("$work/gesture-bridge" check --config "$work/config/nodevice.toml" 2>&1); check_status=$?
echo "$check_out" >"$share/check-nodevice.txt"
rules_bad=
[[ "$apple_rule" == *"usb:05ac:0262"*'[[device]] #1 (match = "usb:05ac:0262"): its own settings: long-press = 600 ms'* ]] \
  || rules_bad+="bcm5974: ${apple_rule:-not listed}; "
[[ "$wacom_rule" == *'[[device]] #2 (match = "name:Wacom*Finger"): its own settings: tap-timeout = 300 ms'* ]] \
  || rules_bad+="Wacom finger: ${wacom_rule:-not listed}; "
[ "$check_status" = 0 ] && [[ "$check_out" == *"warning"*"no touch device here matches 'name:NoSuchPad*'; X has "*"'bcm5974' (usb:05ac:0262)"* ]] \
  || rules_bad+="check exited $check_status: $(echo "$check_out" | head -2 | tr '\n' ' '); "
# The commands need no daemon: in the control run it counts as failed, as every scenario must.
[ "$no_daemon" = 1 ] && rules_bad+="control run: no daemon (the commands ran: ${rules_bad:-as with it}); "
if [ -z "$rules_bad" ]; then pass device-rules "devices: bcm5974 usb:05ac:0262 gets [[device]] #1, the Wacom finger pad #2 by name; check: a warning for name:NoSuchPad*, exit 0"
else fail device-rules "$rules_bad"; fi

# ---- real touchscreens: recordings made by other people on real hardware ----
# whot/evemu-devices (MIT): an Atmel maXTouch 4-finger drag down (fingers
# landing over 111 ms) and an EP0430M09 4-finger drag (its axes make it an up
# drag on our screen), played into devices with their own descriptions.
since=$(mark); starts+=("real-touchscreens $since")
rts_ok= rts_bad=
for pair in atmel:F4 ep0430m09:F3; do
  dev=${pair%%:*} key=${pair#*:}
  create_device "real-$dev" "real-$dev.desc"
  node[touchscreen]=${node[real-$dev]}
  play touchscreen "real-$dev-4-finger-drag-down"
  name=$(sed -n 's/^N: //p' "$share/devices/real-$dev.desc")
  if t=$(await "$since" "key+ $key"); then rts_ok+="$name: $key $(latency "real-$dev-4-finger-drag-down" "$t"); "; since=$t
  else rts_bad+="$name: no $key within ${timeout_s}s; "; fi
done
if [ -z "$rts_bad" ]; then pass real-touchscreens "$rts_ok"; else fail real-touchscreens "$rts_bad$rts_ok"; fi
node[touchscreen]=${node[touchscreen2]}

# ---- SIGTERM while a gesture holds a key ----
since=$(mark); starts+=("sigterm-keydown $since")
play touchpad touchpad-swipe-down-4-held
if t=$(await "$since" "key+ Super_L"); then
  t_kill=$("$probe" signal "$daemon_pid" TERM)
  if t_up=$(await "$t" "key- Super_L"); then
    wait "$daemon_pid"; status=$?   # bounded: init's timeout ends the whole run
    down=$("$probe" keys-down | tr '\n' ' ')
    if [ -z "$down" ] && [ "$status" = 0 ]; then
      pass sigterm-keydown "Super_L held $(latency touchpad-swipe-down-4-held "$t"); released $(( (t_up - t_kill) / 1000 )) µs after SIGTERM; daemon exit 0; no key down"
    else
      fail sigterm-keydown "after SIGTERM: exit status $status, keys down: ${down:-none}"
    fi
  else
    fail sigterm-keydown "Super_L still down ${timeout_s}s after SIGTERM"
  fi
else
  fail sigterm-keydown "the held swipe pressed no Super_L within ${timeout_s}s"
fi
play touchpad touchpad-lift-4

# ---- record: the Apple touchpad's swipe is written, with how its kind was decided ----
since=$(mark); starts+=("record $since")
if [ "$no_daemon" != 1 ]; then
  trace=$work/record.jsonl
  "$work/gesture-bridge" record "$trace" 2>"$work/record.err" &
  rec_pid=$!
  if until_ok 10 grep -q "recording to" "$work/record.err"; then
    node[touchpad]=${node[apple]}
    play touchpad apple-swipe-left-3
    until_ok 10 grep -q '"ev": "swipe-end", "fingers": 3' "$trace"
    "$probe" signal "$rec_pid" INT >/dev/null; wait "$rec_pid"
    cp "$trace" "$share/record.jsonl"
    # The size (udev's, when it knows it) comes between kind and kind_from.
    apple=$(head -1 "$trace" | grep -o '{"id": [0-9]*, "name": "bcm5974", "kind": "touchpad"[^}]*, "kind_from": "[^"]*"}' | head -1)
    id=$(echo "$apple" | sed -n 's/^{"id": \([0-9]*\),.*/\1/p')
    swipes=0; [ -n "$id" ] && swipes=$(grep -c "\"dev\": $id, \"ev\": \"swipe-update\", \"fingers\": 3," "$trace")
    raw=0; [ -n "$id" ] && raw=$(grep "\"dev\": $id, \"ev\": \"swipe-update\"" "$trace" | grep -c '"udx": ')
    if [ -n "$apple" ] && [ "$swipes" -gt 0 ] && [ "$raw" = "$swipes" ]; then pass record "bcm5974 in the header as $apple; $swipes swipe updates written, each with its unaccelerated motion"
    else fail record "header: ${apple:-bcm5974 not a touchpad with kind_from}; $swipes swipe updates from it, $raw with udx/udy"; fi
  else
    fail record "record did not start: $(cat "$work/record.err")"; kill "$rec_pid" 2>/dev/null
  fi
else
  fail record "control run: gesture-bridge is not run"
fi
node[touchpad]=${node[touchpad2]}

# ---- raw touches: one finger is one touch (simultaneous bindings only) ----
# X delivers each raw touch event from the touchscreen and again through the
# master pointer; counted twice, the 2-finger tap would be a 4-finger one.
since=$(mark); starts+=("raw-tap-2 $since")
if [ "$no_daemon" != 1 ]; then
  "$work/gesture-bridge" run --config "$work/config/raw.toml" --verbose >"$share/daemon-raw.log" 2>&1 &
  raw_pid=$!
  until_ok 20 grep -q "listening on display" "$share/daemon-raw.log" || say "raw daemon did not start"
fi
play touchscreen touchscreen-tap-2
if t=$(await "$since" "key+ F7"); then raw_seen="F7 (2-finger tap) observed $(latency touchscreen-tap-2 "$t")"; else raw_seen=; fi
if [ -n "${raw_pid:-}" ]; then "$probe" signal "$raw_pid" TERM >/dev/null; wait "$raw_pid"; fi

# ---- real hands, live and replayed (e2e-hands.toml) ----
# Simultaneous bindings only (raw touches), as in the real-hands issue's live
# runs; the daemon writes what it is given (`run --record`). Each recording:
# what ended live (the bindings' stamps) must be what the hand did (the
# recording's title says), and what `replay` of the record ends.
hands=(touchscreen-hands-pinch-drifting-2 touchscreen-pinch-late-2 touchscreen-hands-roaming-5
       touchscreen-hands-taps-drummed touchscreen-hands-tap-4-quick touchscreen-hands-tap-4-spread
       touchscreen-hands-stroke-1 touchscreen-hands-ten-resting)
hands_want() {
  [ "$1" = touchscreen-pinch-late-2 ] && { echo magnify2; return; }
  sed -n 's/.*(hands scenario: \(.*\) must end;.*/\1/p' "$share/recordings/$1.evemu" | sed 's/^nothing$//'
}
since=$(mark); starts+=("hands-live-and-replayed $since")
hands_span=()
if [ "$no_daemon" != 1 ]; then
  "$work/gesture-bridge" run --config "$work/config/hands.toml" --verbose --record "$work/hands.jsonl" \
    >"$share/daemon-hands.log" 2>&1 &
  hands_pid=$!
  until_ok 20 grep -q "listening on display" "$share/daemon-hands.log" || say "hands daemon did not start"
fi
for rec in "${hands[@]}"; do
  a=$(mark)
  play touchscreen "$rec"
  for name in $(hands_want "$rec"); do await "$a" "exec $name" >/dev/null || true; done
  sleep 1   # a gap between hands: double-tap and landing windows run out
  hands_span+=("$rec $a $(mark)")
done
if [ -n "${hands_pid:-}" ]; then "$probe" signal "$hands_pid" TERM >/dev/null; wait "$hands_pid"; fi
cp "$work/hands.jsonl" "$share/hands.jsonl" 2>/dev/null
# The record's first touch is the first recording's first frame (X stamps it
# within a millisecond or two of the probe's write; times are ns).
first=$(grep -m1 '"ev": "touch-begin"' "$work/hands.jsonl" 2>/dev/null | sed -n 's/^{"t": \([0-9.e-]*\),.*/\1/p')
zero=$(awk -v f="$(frame_time "${hands[0]}" 0)" -v t="${first:-0}" 'BEGIN { printf "%.0f", f - t * 1e9 }')
"$work/gesture-bridge" replay --json --config "$work/config/hands.toml" "$work/hands.jsonl" \
  2>"$work/hands-replay.err" | sed -n 's/^{"t": \([0-9.e-]*\), "binding": "\([a-z0-9]*\)", "phase": "ended".*/\1 \2/p' \
  >"$work/hands-replayed.txt"
hands_ok=0 hands_bad= hands_diff=0
for entry in "${hands_span[@]}"; do
  read -r rec a b <<<"$entry"
  want=$(hands_want "$rec" | tr ' ' '\n' | sed '/^$/d' | sort | paste -sd' ')
  live=$(awk -v a="$a" -v b="$b" '$1 >= a && $1 < b && $2 == "exec" { print $3 }' "$observed" | sort | paste -sd' ')
  replayed=$(awk -v a="$a" -v b="$b" -v z="$zero" '{ t = z + $1 * 1e9 } t >= a && t < b { print $2 }' "$work/hands-replayed.txt" \
    | sort | paste -sd' ')
  if [ "$live" = "$want" ]; then hands_ok=$((hands_ok + 1)); else hands_bad+="$rec: live [${live}] want [${want}]; "; fi
  if [ "$live" != "$replayed" ]; then hands_diff=$((hands_diff + 1)); hands_bad+="$rec: live [${live}] replay [${replayed}]; "; fi
done
if [ -z "$hands_bad" ] && [ -s "$work/hands.jsonl" ]; then
  pass hands-live-and-replayed "${#hands[@]} hands as they are (drifting pinch, late pinch, roaming, drummed taps, 4-finger taps quick and spread, short stroke, ten resting): $hands_ok did what the hand did live, $hands_diff differ from the replay of what the daemon recorded ($(($(wc -l <"$work/hands.jsonl") - 1)) inputs)"
else
  fail hands-live-and-replayed "${hands_bad:-no record written}$(head -c 300 "$work/hands-replay.err")"
fi

# ---- pointer gestures: a daemon on e2e-pointer.toml (the main one has stopped) ----
# The log is appended to by each start: wait for this start's "listening"
# line, not an earlier one (the recording would play before the grab).
listening_lines() { grep -c "listening on display" "$share/daemon-pointer.log" 2>/dev/null || true; }
listening_after() { [ "$(listening_lines)" -gt "$1" ]; }
start_pointer_daemon() {
  [ "$no_daemon" = 1 ] && return
  local before; before=$(listening_lines); before=${before:-0}
  "$work/gesture-bridge" run --config "$work/config/pointer.toml" --verbose >>"$share/daemon-pointer.log" 2>&1 &
  ptr_pid=$!
  until_ok 20 listening_after "$before" || say "pointer daemon did not start"
}
lift_of() { frame_time "$1" "$(last_frame "$1")"; }

# The reference, with no daemon: how far libinput moves the pointer for one
# finger on the path the three fingers take.
"$probe" warp 150 300
play touchpad touchpad-move-right-1
read -r rx _ <<<"$("$probe" pointer)"; ref=$((rx - 150))
start_pointer_daemon

# A 3-finger drag: button 1 down at the start, the pointer moved as one finger
# would move it, the button up a drag-lock after the lift.
since=$(mark); starts+=("touchpad-drag-3 $since")
"$probe" warp 150 300
play touchpad touchpad-swipe-right-3
if t_down=$(await "$since" "button+ e2e-app 1") && t_up=$(await "$since" "button- e2e-app 1"); then
  read -r px _ <<<"$("$probe" pointer)"; moved=$((px - 150))
  diff=$((moved - ref)); [ $diff -lt 0 ] && diff=$((-diff))
  permille=$(( ref > 0 ? diff * 1000 / ref : 1000 ))
  held_after=$(( (t_up - $(lift_of touchpad-swipe-right-3)) / 1000000 ))
  motions=$(count "$since" "$t_up" "motion e2e-app")
  span_ms=$(( (t_up - t_down) / 1000000 ))
  what="pointer moved $moved px for one finger's $ref px (error $((permille / 10)).$((permille % 10)) %); button 1 up $held_after ms after the lift (drag-lock 400 ms); $motions motion events over $span_ms ms"
  if [ $permille -le 100 ] && [ $held_after -ge 350 ]; then pass touchpad-drag-3 "$what"; else fail touchpad-drag-3 "$what"; fi
else
  fail touchpad-drag-3 "no button 1 press and release on e2e-app within ${timeout_s}s (one finger moved the pointer $ref px)"
fi

# Placing the fingers again within the drag-lock goes on with the same drag:
# one press, one release for two swipes.
since=$(mark); starts+=("touchpad-drag-continued $since")
"$probe" warp 150 300
play touchpad touchpad-swipe-right-3
play touchpad touchpad-swipe-right-3
if t_up=$(await "$since" "button- e2e-app 1"); then
  # A second release, if the drag were two, would come within the drag-lock:
  # wait for it, bounded (it must not come).
  "$probe" wait "$observed" "$since" "button- e2e-app 1" 2 0.6 >/dev/null 2>&1
  downs=$(count "$since" "$(mark)" "button+ e2e-app 1"); ups=$(count "$since" "$(mark)" "button- e2e-app 1")
  if [ "$downs" = 1 ] && [ "$ups" = 1 ]; then pass touchpad-drag-continued "two swipes, one drag: 1 press, 1 release"
  else fail touchpad-drag-continued "$downs presses and $ups releases for two swipes within the drag-lock"; fi
else
  fail touchpad-drag-continued "button 1 never released"
fi

# SIGTERM mid-drag: the button goes up.
since=$(mark); starts+=("touchpad-drag-sigterm $since")
"$probe" warp 150 300
play touchpad touchpad-drag-right-3-held
if [ "$no_daemon" != 1 ] && t=$(await "$since" "button+ e2e-app 1"); then
  t_kill=$("$probe" signal "$ptr_pid" TERM)
  if t_up=$(await "$t" "button- e2e-app 1"); then
    wait "$ptr_pid"; status=$?
    if [ "$status" = 0 ]; then pass touchpad-drag-sigterm "button 1 released $(( (t_up - t_kill) / 1000 )) µs after SIGTERM; exit 0"
    else fail touchpad-drag-sigterm "button released, but exit status $status"; fi
  else
    fail touchpad-drag-sigterm "button 1 still down ${timeout_s}s after SIGTERM"
  fi
else
  fail touchpad-drag-sigterm "the held drag pressed no button 1 within ${timeout_s}s"
fi
play touchpad touchpad-lift-3

# A long press on the touchscreen right-clicks where the finger is, on the
# window under it, and the press's touch never reaches that window.
start_pointer_daemon
since=$(mark); starts+=("touchscreen-long-press-right-click $since")
"$probe" warp 900 100
play touchscreen touchscreen-press-1
if t=$(await "$since" "button+ e2e-app 3"); then
  read -r bx by <<<"$(grep "^$t button+ e2e-app 3 " "$observed" | head -1 | awk '{print $5, $6}')"
  touched=$(count "$since" "$(mark)" "touch-begin e2e-app")
  land=$(frame_time touchscreen-press-1 0)
  what="button 3 at $bx,$by (the finger at 256,512), $(( (t - land) / 1000000 )) ms after the landing; e2e-app got $touched touch begins"
  if [ $(( bx > 253 && bx < 259 && by > 509 && by < 515 )) = 1 ] && [ "$touched" = 0 ]; then pass touchscreen-long-press-right-click "$what"
  else fail touchscreen-long-press-right-click "$what"; fi
else
  fail touchscreen-long-press-right-click "no button 3 on e2e-app within ${timeout_s}s"
fi
if [ -n "${ptr_pid:-}" ]; then "$probe" signal "$ptr_pid" TERM >/dev/null 2>&1; wait "$ptr_pid" 2>/dev/null; fi

# ---- touchegg-protocol: a desktop shell's animated gestures over D-Bus ----
# A daemon with touchegg-protocol = true and no binding; the probe's
# touchegg-client is the shell, its gesture-window (over the whole screen)
# the application. The real swipe reaches the shell as Begin, rising
# Updates and End, and the application never sees it.
since=$(mark); starts+=("touchegg-protocol $since")
if [ "$no_daemon" != 1 ]; then
  "$work/gesture-bridge" run --config "$work/config/touchegg.toml" --verbose >"$share/daemon-touchegg.log" 2>&1 &
  te_pid=$!
  until_ok 20 grep -q "listening on display" "$share/daemon-touchegg.log" || say "touchegg daemon did not start"
fi
"$probe" touchegg-client unix:abstract=touchegg "$observed" & tc_pid=$!
# The Xvfb tests' client too (GIO, as GNOME's extension connects).
/usr/bin/python3 "$share/client.py" --ends 1 --timeout 30 >"$work/gio-client.out" 2>&1 & gio_pid=$!
"$probe" gesture-window "$observed" & gw_pid=$!
await "$since" "touchegg connected" >/dev/null; await "$since" "gesture-window ready" >/dev/null
until_ok 10 grep -q '^connected' "$work/gio-client.out"
play touchpad touchpad-swipe-left-3
if t_end=$(await "$since" "touchegg OnGestureEnd"); then
  begin=$(grep "touchegg OnGestureBegin" "$observed" | tail -1 | cut -d' ' -f4-)
  end=$(grep "touchegg OnGestureEnd" "$observed" | tail -1 | cut -d' ' -f4-)
  updates=$(count "$since" "$t_end" "touchegg OnGestureUpdate")
  rising=$(awk -v s="$since" -v e="$t_end" '$1 >= s && $1 <= e && $3 == "OnGestureUpdate" { if ($6 < last) bad = 1; last = $6 } END { print bad ? "no" : "yes" }' "$observed")
  seen=$(count "$since" "$t_end" "app-gesture")
  wait "$gio_pid"; gio_status=$?
  gio_begin=$(grep '^OnGestureBegin' "$work/gio-client.out" | head -1 | cut -d' ' -f2-)
  gio_signals=$(grep -c '^OnGesture' "$work/gio-client.out")
  what="Begin ($begin), $updates Updates (rising: $rising), End ($end) $(latency touchpad-swipe-left-3 "$t_end"); the GIO client got $gio_signals signals from Begin ($gio_begin), exit $gio_status; the window under the pointer got $seen gesture events"
  # type 1 (swipe), direction 3 (left), 3 fingers, device 1 (touchpad)
  if [ "${begin%% *}" = 1 ] && [ "$(echo "$begin" | cut -d' ' -f2,4,5)" = "3 3 1" ] && [ "$rising" = yes ] \
     && [ "$updates" -ge 5 ] && [ "$seen" = 0 ] && [ "$gio_status" = 0 ] \
     && [ "$(echo "$gio_begin" | cut -d' ' -f1,2,4,5)" = "1 3 3 1" ]; then pass touchegg-protocol "$what"; else fail touchegg-protocol "$what"; fi
else
  fail touchegg-protocol "no OnGestureEnd within ${timeout_s}s; the window under the pointer got $(count "$since" "$(mark)" "app-gesture") gesture events"
fi
kill "$tc_pid" "$gw_pid" "$gio_pid" 2>/dev/null; wait "$tc_pid" "$gw_pid" 2>/dev/null
if [ -n "${te_pid:-}" ]; then "$probe" signal "$te_pid" TERM >/dev/null; wait "$te_pid"; fi

# ---- strokes: a daemon on strokes/config.toml, its shapes beside it (strokes/strokes.toml) ----
# Shapes drawn as a hand draws (make-fixtures.py): each must run its action
# at the lift, and nothing else may fire (counted at the end, over each span).
if [ "$no_daemon" != 1 ]; then
  "$work/gesture-bridge" run --config "$work/config/stroke-bindings.toml" --verbose >"$share/daemon-strokes.log" 2>&1 &
  strokes_pid=$!
  until_ok 20 grep -q "listening on display" "$share/daemon-strokes.log" || say "strokes daemon did not start"
fi
declare -A stroke_seen
stroke_play() {  # scenario device recording key: plays it, notes the key's latency if it came
  local since; since=$(mark); starts+=("$1 $since")
  play "$2" "$3"
  local t
  if t=$(await "$since" "key+ $4"); then stroke_seen[$1]="$4 observed $(latency "$3" "$t") (the lift: frame $(last_frame "$3"))"
  else stroke_seen[$1]=; fi
}
stroke_play touchscreen-stroke-L touchscreen touchscreen-stroke-L-1 F7
stroke_play touchpad-stroke-L-3 touchpad touchpad-stroke-L-3 F9
stroke_play touchscreen-press-then-stroke touchscreen touchscreen-press-then-circle-1 F8
# The same circle with no press: the composition must not fire (waited for, bounded).
since=$(mark); starts+=("touchscreen-stroke-without-press $since")
play touchscreen touchscreen-circle-1
"$probe" wait "$observed" "$since" "key+ F8" 1 1.5 >/dev/null 2>&1
stroke_play touchpad-swipe-beside-stroke touchpad touchpad-swipe-left-3 F10
# A stroke's lift comes last in its span: give the last one time to fire wrongly.
"$probe" wait "$observed" "$(mark)" "key+ F9" 1 1.0 >/dev/null 2>&1
if [ -n "${strokes_pid:-}" ]; then "$probe" signal "$strokes_pid" TERM >/dev/null; wait "$strokes_pid"; fi

# ---- pointer strokes: a mouse's right button (guest/pointer-strokes.sh) ----
. "$share/guest/pointer-strokes.sh"

# ---- checks over each scenario's span (from its start to the next one's) ----
starts+=("end $(mark)")
span() { local i; for i in "${!starts[@]}"; do [ "${starts[$i]%% *}" = "$1" ] && { echo "${starts[$i]#* } ${starts[$((i + 1))]#* }"; return; }; done; }

for dir in out in; do
  read -r a b <<<"$(span touchpad-pinch-$dir-2)"
  plus=$(count "$a" "$b" "key+ equal"); minus=$(count "$a" "$b" "key+ minus")
  want_plus=2 want_minus=0; [ $dir = in ] && { want_plus=0; want_minus=2; }
  if [ "$plus" = $want_plus ] && [ "$minus" = $want_minus ]; then pass touchpad-pinch-$dir-2 "$plus zoom-in, $minus zoom-out steps; ${pinch_latency[$dir]}"
  else fail touchpad-pinch-$dir-2 "$plus zoom-in and $minus zoom-out steps, want $want_plus and $want_minus"; fi
done

read -r a b <<<"$(span touchscreen-swipe-consumed)"
seen=$(count "$a" "$b" " touch-")   # the window's own events, not the raw ones
if [ -n "$consumed" ] && [ "$seen" = 0 ]; then pass touchscreen-swipe-consumed "$consumed; the window under it received 0 touch events"
elif [ -n "$consumed" ]; then fail touchscreen-swipe-consumed "the chord fired but the window received $seen touch events"
else fail touchscreen-swipe-consumed "no Super_L+Left within ${timeout_s}s (the window received $seen touch events)"; fi

for where in app other; do
  read -r a b <<<"$(span app-scope-over-$where)"
  other_key=F6; [ $where = other ] && other_key=F5
  wrong=$(count "$a" "$b" "key+ $other_key")
  if [ -n "${app[$where]}" ] && [ "$wrong" = 0 ]; then pass app-scope-over-$where "${app[$where]}; $other_key never"
  else fail app-scope-over-$where "${app[$where]:-no key within ${timeout_s}s}; $other_key pressed $wrong times"; fi
done

read -r a b <<<"$(span touchscreen-swipe-slow-4)"
f10=$(count "$a" "$b" "key+ F10"); f11=$(count "$a" "$b" "key+ F11"); given=$(count "$a" "$b" "touch-begin e2e-app")
if [ -n "$slow" ] && [ "$f10" = 1 ] && [ "$f11" = 0 ] && [ "$given" -gt 0 ]; then
  pass touchscreen-swipe-slow-4 "$slow; F10 once, e2e-app's F11 never; $given touches went back to e2e-app at grab-timeout"
else
  fail touchscreen-swipe-slow-4 "F10 $f10 times, F11 $f11 times (want 1 and 0); e2e-app got $given touches"
fi

read -r a b <<<"$(span touchscreen-pinch-late-2)"
f12=$(count "$a" "$b" "key+ F12"); f9=$(count "$a" "$b" "key+ F9"); rested=$(count "$a" "$b" "touch-begin e2e-other")
if [ -n "$late" ] && [ "$f12" -ge 1 ] && [ "$f9" = 0 ]; then
  pass touchscreen-pinch-late-2 "$late; $f12 zoom-in steps, 0 zoom-out; the resting finger went to e2e-other ($rested touch begins there)"
else
  fail touchscreen-pinch-late-2 "$f12 zoom-in and $f9 zoom-out steps (want ≥ 1 and 0)"
fi

read -r a b <<<"$(span raw-tap-2)"
f7=$(count "$a" "$b" "key+ F7"); f8=$(count "$a" "$b" "key+ F8")
if [ -n "$raw_seen" ] && [ "$f7" = 1 ] && [ "$f8" = 0 ]; then pass raw-tap-2 "$raw_seen; F7 once, F8 (4-finger tap) never"
else fail raw-tap-2 "F7 (2-finger tap) $f7 times, F8 (4-finger tap) $f8 times; want 1 and 0"; fi

# Strokes: each its own key, once, and no other stroke key in its span.
stroke_checks() {  # scenario key
  local a b k n others=
  read -r a b <<<"$(span "$1")"
  for k in F7 F8 F9 F10; do
    n=$(count "$a" "$b" "key+ $k")
    if [ "$k" = "$2" ]; then [ "$n" = 1 ] || others+="$k $n times (want 1); "
    elif [ "$n" != 0 ]; then others+="$k $n times; "; fi
  done
  if [ -n "${stroke_seen[$1]}" ] && [ -z "$others" ]; then pass "$1" "${stroke_seen[$1]}; no other stroke or swipe key"
  else fail "$1" "${stroke_seen[$1]:-no $2 within ${timeout_s}s}; $others"; fi
}
stroke_checks touchscreen-stroke-L F7
stroke_checks touchpad-stroke-L-3 F9
stroke_checks touchscreen-press-then-stroke F8
stroke_checks touchpad-swipe-beside-stroke F10
read -r a b <<<"$(span touchscreen-stroke-without-press)"
n=0; for k in F7 F8 F9 F10; do n=$((n + $(count "$a" "$b" "key+ $k"))); done
if [ "$n" = 0 ] && [ "$no_daemon" != 1 ]; then pass touchscreen-stroke-without-press "the circle drawn with no press first: no key (the composition needs its press)"
else fail touchscreen-stroke-without-press "$n keys pressed for the circle with no press$([ "$no_daemon" = 1 ] && echo '; control run: no daemon')"; fi

# Results in the order the scenarios ran.
for entry in "${starts[@]}"; do grep " ${entry%% *}: " "$results" || true; done >"$work/ordered"
cp "$work/ordered" "$results"
say "done: $(grep -c ^PASS "$results") passed, $(grep -c ^FAIL "$results") failed"
cp "$observed" "$share/observed.log"
grep -q ^FAIL "$results" && exit 1
exit 0
