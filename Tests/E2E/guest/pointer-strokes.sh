# Sourced by scenarios.sh: strokes drawn with a mouse's right button
# (docs/pointer-strokes.md), a uinput mouse (devices/mouse.desc) played
# into by recordings (make-fixtures.py), a daemon on strokes/mouse.toml
# (an L everywhere: F3; a v over e2e-app: F4). What the windows under the
# pointer get is the observer's: button presses, releases and motion.
create_device mouse mouse.desc
mouse_name=$(sed -n 's/^N: //p' "$share/devices/mouse.desc")
# libinput's flat profile at speed 0: the pointer moves as many px as the
# mouse reports (the recordings' shapes are in px).
xinput set-prop "$mouse_name" "libinput Accel Profile Enabled" 0 1 0 2>/dev/null \
  || xinput set-prop "$mouse_name" "libinput Accel Profile Enabled" 0 1
xinput set-prop "$mouse_name" "libinput Accel Speed" 0
mouse_pid=
if [ "$no_daemon" != 1 ]; then
  "$work/gesture-bridge" run --config "$work/config/mouse-strokes.toml" --verbose >"$share/daemon-mouse.log" 2>&1 &
  mouse_pid=$!
  until_ok 20 grep -q "listening on display" "$share/daemon-mouse.log" || say "mouse daemon did not start"
fi
mouse_at() { "$probe" warp "$1" "$2"; }
# The window's button events of a span: "SIGN WINDOW BUTTON X Y" lines.
buttons_in() { awk -v a="$1" -v b="$2" '$1 >= a && $1 < b && $2 ~ /^button[+-]$/ { print $2, $3, $4, $5, $6 }' "$observed"; }
# Waits (bounded) for something that must not come: a late event a
# scenario's check counts.
settle() { "$probe" wait "$observed" "$(mark)" "never-logged" 1 "$1" >/dev/null 2>&1; }

# An L drawn over e2e-other: the desktop's L fires F3 at the release; the
# window under it gets no button.
since=$(mark); starts+=("mouse-stroke-L $since")
mouse_at 700 150
play mouse mouse-right-L
if t=$(await "$since" "key+ F3"); then
  settle 0.3
  leaked=$(buttons_in "$since" "$(mark)" | wc -l); f4=$(count "$since" "$(mark)" "key+ F4")
  what="F3 $(latency mouse-right-L "$t") (the release: frame $(last_frame mouse-right-L)); the windows got $leaked button events, F4 $f4 times"
  if [ "$leaked" = 0 ] && [ "$f4" = 0 ]; then pass mouse-stroke-L "$what"; else fail mouse-stroke-L "$what"; fi
else
  fail mouse-stroke-L "no F3 within ${timeout_s}s; the windows got $(buttons_in "$since" "$(mark)" | wc -l) button events"
fi

# A right-click over e2e-app, no motion: decided at the release, the window
# gets one press and one release of button 3 where it was made.
since=$(mark); starts+=("mouse-right-click $since")
mouse_at 200 300
play mouse mouse-right-click
if t_down=$(await "$since" "button+ e2e-app 3") && t_up=$(await "$since" "button- e2e-app 3"); then
  settle 0.3
  got=$(buttons_in "$since" "$(mark)" | paste -sd';')
  n=$(buttons_in "$since" "$(mark)" | wc -l)
  read -r bx by <<<"$(grep "^$t_down button+ e2e-app 3 " "$observed" | head -1 | awk '{print $5, $6}')"
  release=$(frame_time mouse-right-click 1)
  after=$(( (t_down - release) / 1000 ))
  what="button 3 at $bx,$by (pressed at 200,300), $after µs after the mouse's release; the windows got: $got"
  if [ "$n" = 2 ] && [ "$bx,$by" = "200,300" ] && [ "$after" -ge 0 ]; then pass mouse-right-click "$what"
  else fail mouse-right-click "$what"; fi
else
  fail mouse-right-click "e2e-app got no button 3 press and release within ${timeout_s}s: $(buttons_in "$since" "$(mark)" | paste -sd';')"
fi

# Held still past the hold (250 ms), then dragged: the window gets the press
# where it was made, at the hold, the motion with the button down, one release.
since=$(mark); starts+=("mouse-hold-then-drag $since")
mouse_at 100 400
play mouse mouse-right-hold-drag
t_up=$(await "$since" "button- e2e-app 3")
settle 0.3
got=$(buttons_in "$since" "$(mark)" | paste -sd';')
downs=$(count "$since" "$(mark)" "button+ e2e-app 3"); ups=$(count "$since" "$(mark)" "button- e2e-app 3")
if t_down=$(await "$since" "button+ e2e-app 3" 1) && [ -n "$t_up" ]; then
  read -r bx by <<<"$(grep "^$t_down button+ e2e-app 3 " "$observed" | head -1 | awk '{print $5, $6}')"
  held=$(( (t_down - $(frame_time mouse-right-hold-drag 0)) / 1000000 ))
  motions=$(count "$t_down" "$t_up" "motion e2e-app")
  last=$(awk -v a="$t_down" -v b="$t_up" '$1 >= a && $1 < b && $2 == "motion" { x = $4 } END { print x }' "$observed")
  what="button 3 at $bx,$by (pressed at 100,400) $held ms after the mouse's press; then $motions motion events to x=$last (the drag ends at 220), the release; the windows got $downs presses, $ups releases"
  if [ "$downs" = 1 ] && [ "$ups" = 1 ] && [ "$bx,$by" = "100,400" ] && [ "$held" -ge 200 ] && [ "$motions" -ge 5 ] \
     && [ "${last:-0}" -ge 215 ]; then pass mouse-hold-then-drag "$what"; else fail mouse-hold-then-drag "$what"; fi
else
  fail mouse-hold-then-drag "e2e-app got $downs presses and $ups releases of button 3: $got"
fi

# e2e-app's own shape, a v: over e2e-app it fires (F4); over e2e-other
# nothing does, and e2e-other gets no button (the desktop's L took the press).
for where in app other; do
  x=150; [ $where = other ] && x=650
  since=$(mark); starts+=("mouse-app-scope-over-$where $since")
  mouse_at $x 150
  play mouse mouse-right-v
  if [ $where = app ]; then
    if t=$(await "$since" "key+ F4"); then
      settle 0.3
      leaked=$(buttons_in "$since" "$(mark)" | wc -l); f3=$(count "$since" "$(mark)" "key+ F3")
      what="F4 $(latency mouse-right-v "$t"); F3 $f3 times; the windows got $leaked button events"
      if [ "$leaked" = 0 ] && [ "$f3" = 0 ]; then pass mouse-app-scope-over-app "$what"; else fail mouse-app-scope-over-app "$what"; fi
    else
      fail mouse-app-scope-over-app "no F4 within ${timeout_s}s"
    fi
  else
    "$probe" wait "$observed" "$since" "key+ F4" 1 1.0 >/dev/null 2>&1
    leaked=$(buttons_in "$since" "$(mark)" | wc -l); f3=$(count "$since" "$(mark)" "key+ F3"); f4=$(count "$since" "$(mark)" "key+ F4")
    what="F4 $f4 times, F3 $f3 times; e2e-other got $leaked button events"
    if [ "$leaked" = 0 ] && [ "$f3" = 0 ] && [ "$f4" = 0 ] && [ "$no_daemon" != 1 ]; then pass mouse-app-scope-over-other "$what"
    else fail mouse-app-scope-over-other "$what"; fi
  fi
done

# Escape on the keyboard while drawing: nothing fires, and the window under
# the pointer gets no button, to the release.
since=$(mark); starts+=("mouse-escape-cancels $since")
mouse_at 700 150
play mouse mouse-right-L-first-leg
evemu-event "${node[keyboard]}" --type EV_KEY --code KEY_ESC --value 1 --sync
evemu-event "${node[keyboard]}" --type EV_KEY --code KEY_ESC --value 0 --sync
t_esc=$(await "$since" "key+ Escape")
play mouse mouse-right-L-second-leg
"$probe" wait "$observed" "$since" "key+ F3" 1 1.0 >/dev/null 2>&1
leaked=$(buttons_in "$since" "$(mark)" | wc -l); f3=$(count "$since" "$(mark)" "key+ F3")
what="Escape $([ -n "$t_esc" ] && echo "pressed while drawing" || echo "never seen"); F3 $f3 times; the windows got $leaked button events"
if [ -n "$t_esc" ] && [ "$f3" = 0 ] && [ "$leaked" = 0 ]; then pass mouse-escape-cancels "$what"; else fail mouse-escape-cancels "$what"; fi

if [ -n "$mouse_pid" ]; then "$probe" signal "$mouse_pid" TERM >/dev/null; wait "$mouse_pid"; fi
