# Sourced by scenarios.sh: strokes drawn with a mouse's right button
# (docs/pointer-strokes.md), a uinput mouse (devices/mouse.desc) played
# into by recordings (make-fixtures.py), a daemon on strokes/mouse.toml
# (an L everywhere: F3; a v over e2e-app: F4). What the windows under the
# pointer get is the observer's: button presses, releases and motion (with
# the buttons held). The scenarios run back to back; each one's counts are
# taken at the end over its span (its start to the next one's), so a late
# key or button lands in a span where it is counted.
create_device mouse mouse.desc
# A pen tablet (devices/pen.desc): its pen hovers once, so that
# xf86-input-libinput adds the pen's own X device (at its first proximity).
create_device pen pen.desc
pen_name=$(sed -n 's/^N: //p' "$share/devices/pen.desc")
play pen pen-hover
mouse_name=$(sed -n 's/^N: //p' "$share/devices/mouse.desc")
# libinput's flat profile (at its default speed, 0): the pointer moves as
# many px as the mouse reports (the recordings' shapes are in px).
xinput set-prop "$mouse_name" "libinput Accel Profile Enabled" 0 1 0 2>/dev/null \
  || xinput set-prop "$mouse_name" "libinput Accel Profile Enabled" 0 1
mouse_pid=
if [ "$no_daemon" != 1 ]; then
  "$work/gesture-bridge" run --config "$work/config/mouse-strokes.toml" --verbose >"$share/daemon-mouse.log" 2>&1 &
  mouse_pid=$!
  until_ok 20 grep -q "listening on display" "$share/daemon-mouse.log" || say "mouse daemon did not start"
fi
declare -A mouse_since mouse_seen
mouse_scenario() {  # NAME X Y: its start, the pointer put at X,Y
  mouse_since[$1]=$(mark); starts+=("$1 ${mouse_since[$1]}")
  "$probe" warp "$2" "$3"
}

# An L drawn over e2e-other: the desktop's L fires F3 at the release.
mouse_scenario mouse-stroke-L 700 150
play mouse mouse-right-L
t=$(await "${mouse_since[mouse-stroke-L]}" "key+ F3") && mouse_seen[mouse-stroke-L]="F3 $(latency mouse-right-L "$t") (the release: frame $(last_frame mouse-right-L))"

# A right-click over e2e-app, no motion: decided at the release, the window
# gets one press and one release of button 3 where it was made.
mouse_scenario mouse-right-click 200 300
play mouse mouse-right-click
await "${mouse_since[mouse-right-click]}" "button- e2e-app 3" >/dev/null

# Held still past the hold (250 ms), then dragged: the window gets the press
# where it was made, at the hold, the motion with the button down, one release.
mouse_scenario mouse-hold-then-drag 100 400
play mouse mouse-right-hold-drag
await "${mouse_since[mouse-hold-then-drag]}" "button- e2e-app 3" >/dev/null

# Escape on the keyboard while drawing an L: nothing fires, and the window
# under the pointer gets no button, to the release.
mouse_scenario mouse-escape-cancels 700 150
play mouse mouse-right-L-first-leg
evemu-event "${node[keyboard]}" --type EV_KEY --code KEY_ESC --value 1 --sync
evemu-event "${node[keyboard]}" --type EV_KEY --code KEY_ESC --value 0 --sync
await "${mouse_since[mouse-escape-cancels]}" "key+ Escape" >/dev/null
play mouse mouse-right-L-second-leg

# e2e-app's own shape, a v: over e2e-other nothing fires (and e2e-other gets
# no button: the desktop's L took the press); over e2e-app F4 does.
mouse_scenario mouse-app-scope-over-other 650 150
play mouse mouse-right-v
mouse_scenario mouse-app-scope-over-app 150 150
play mouse mouse-right-v
t=$(await "${mouse_since[mouse-app-scope-over-app]}" "key+ F4") && mouse_seen[mouse-app-scope-over-app]="F4 $(latency mouse-right-v "$t")"
# The pen's upper side button (button 3) held while it hovers draws the
# same L: F3.
until_ok 10 eval 'xinput list --name-only | grep -q "^$pen_name Pen"' || say "X has no device for the pen's tool: $(xinput list --name-only | grep -F "$pen_name" | paste -sd';' -)"
mouse_scenario pen-side-button-L 700 150
play pen pen-side-button-L
t=$(await "${mouse_since[pen-side-button-L]}" "key+ F3") && mouse_seen[pen-side-button-L]="F3 $(latency pen-side-button-L "$t") (the button's release: frame $(sed -n 's/^# threshold-frame: //p' "$share/recordings/pen-side-button-L.evemu"))"
# Time for anything late to come (bounded; it must not come).
"$probe" wait "$observed" "$(mark)" "key+ F3" 1 0.5 >/dev/null 2>&1
mouse_end=$(mark)
if [ -n "$mouse_pid" ]; then "$probe" signal "$mouse_pid" TERM >/dev/null; wait "$mouse_pid"; fi

# ---- each one's checks, over its span ----
# mouse_facts NAME: from one pass over the observer's log, over the span
# from NAME's start to the next one's (or the end): got (the windows'
# button events, "SIGN WINDOW BUTTON X Y;…"), nbuttons, keys (F3 and F4
# pressed, "F3 x1"), t_down (the first press), held3 (e2e-app's motion
# events with button 3 held) and last (the x of the last), esc (Escape presses).
mouse_facts() {
  local a=${mouse_since[$1]} b=$mouse_end i
  for i in "${!starts[@]}"; do
    [ "${starts[$i]%% *}" = "$1" ] && [ $((i + 1)) -lt ${#starts[@]} ] && b=${starts[$((i + 1))]#* }
  done
  eval "$(awk -v a="$a" -v b="$b" '
    $1 < a || $1 >= b { next }
    $2 ~ /^button[+-]$/ { got = got sep $2 " " $3 " " $4 " " $5 " " $6; sep = ";"; n++; if ($2 == "button+" && !down) down = $1 }
    $2 == "key+" && ($3 == "F3" || $3 == "F4") { k[$3]++ }
    $2 == "key+" && $3 == "Escape" { esc++ }
    $2 == "motion" && $3 == "e2e-app" && $6 ~ /^held=(.*,)?3(,|$)/ { held++; last = $4 }
    END {
      for (key in k) { keys = keys ks key " x" k[key]; ks = ", " }
      printf "got=\"%s\" nbuttons=%d keys=\"%s\" t_down=%s held3=%d last=%s esc=%d\n", got, n, keys, down ? down : 0, held, last ? last : 0, esc
    }' "$observed")"
}

mouse_facts mouse-stroke-L
what="${mouse_seen[mouse-stroke-L]:-no F3 within ${timeout_s}s}; keys: ${keys:-none}; the windows got $nbuttons button events"
if [ -n "${mouse_seen[mouse-stroke-L]:-}" ] && [ "$keys" = "F3 x1" ] && [ "$nbuttons" = 0 ]; then pass mouse-stroke-L "$what"
else fail mouse-stroke-L "$what"; fi

mouse_facts mouse-right-click
after=$(( t_down > 0 ? (t_down - $(frame_time mouse-right-click 1)) / 1000 : 0 ))
what="the windows got: ${got:-nothing}; the press $after µs after the mouse's release (pressed at 200,300); keys: ${keys:-none}"
if [ "$got" = "button+ e2e-app 3 200 300;button- e2e-app 3 200 300" ] && [ "$after" -ge 0 ] && [ -z "$keys" ]; then
  pass mouse-right-click "$what"
else fail mouse-right-click "$what"; fi

mouse_facts mouse-hold-then-drag
held=$(( t_down > 0 ? (t_down - $(frame_time mouse-right-hold-drag 0)) / 1000000 : -1 ))
what="the windows got: ${got:-nothing}; the press $held ms after the mouse's (hold 250 ms), $held3 motion events with button 3 held, the last at x=$last (the drag ends at 220); keys: ${keys:-none}"
# The release where the drag ended (within a few px: a tick that comes late
# under a loaded host hands over a press the mouse has begun to move).
if [[ "$got" =~ ^"button+ e2e-app 3 100 400;button- e2e-app 3 "(21[5-9]|22[0-5])" 400"$ ]] && [ "$held" -ge 200 ] \
   && [ "$held3" -ge 5 ] && [ "$last" -ge 215 ] && [ "$last" -le 225 ] && [ -z "$keys" ]; then pass mouse-hold-then-drag "$what"
else fail mouse-hold-then-drag "$what"; fi

mouse_facts mouse-escape-cancels
what="Escape pressed $esc times while drawing; keys: ${keys:-none}; the windows got $nbuttons button events"
if [ "$esc" = 1 ] && [ -z "$keys" ] && [ "$nbuttons" = 0 ] && [ "$no_daemon" != 1 ]; then pass mouse-escape-cancels "$what"
else fail mouse-escape-cancels "$what"; fi

mouse_facts mouse-app-scope-over-other
what="keys: ${keys:-none}; e2e-other got $nbuttons button events"
if [ -z "$keys" ] && [ "$nbuttons" = 0 ] && [ "$no_daemon" != 1 ]; then pass mouse-app-scope-over-other "$what"
else fail mouse-app-scope-over-other "$what"; fi

mouse_facts mouse-app-scope-over-app
what="${mouse_seen[mouse-app-scope-over-app]:-no F4 within ${timeout_s}s}; keys: ${keys:-none}; e2e-app got $nbuttons button events"
if [ -n "${mouse_seen[mouse-app-scope-over-app]:-}" ] && [ "$keys" = "F4 x1" ] && [ "$nbuttons" = 0 ]; then pass mouse-app-scope-over-app "$what"
else fail mouse-app-scope-over-app "$what"; fi

mouse_facts pen-side-button-L
what="${mouse_seen[pen-side-button-L]:-no F3 within ${timeout_s}s}; keys: ${keys:-none}; the windows got $nbuttons button events"
if [ -n "${mouse_seen[pen-side-button-L]:-}" ] && [ "$keys" = "F3 x1" ] && [ "$nbuttons" = 0 ]; then pass pen-side-button-L "$what"
else fail pen-side-button-L "$what"; fi
