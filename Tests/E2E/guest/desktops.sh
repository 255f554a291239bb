# Sourced by run-in-guest.sh after setup.sh, in the desktops image
# (Tests/E2E/run.sh --desktops): on each window manager, started as its
# session starts it, an application window over the whole screen that
# selects XI 2.2 touch events and logs each it gets, and the daemon on
# e2e-desktops.toml. One PASS or FAIL line per window manager and scenario:
#   touchscreen-swipe-consumed  the `high` 3-finger swipe acts (F5) and 0 of
#                               its touches reach the application
#   touchscreen-drag-1          a 1-finger drag no binding wants reaches the
#                               application, begin to end
#   touchscreen-simultaneous    the `simultaneous` 3-finger swipe down acts
#                               (F7) and its 3 touches reach the application
#   touchpad-swipe              the touchpad's 3-finger swipe acts (F6)
#   touchscreen-swipe-bare-desktop  the `high` swipe with no window under it
#                               (the application closed) acts (F5)
#   touchscreen-window-move     a 4-finger drag moves the window under the
#                               fingers by their travel (`window move`)
#   touchpad-window-move        a 4-finger touchpad swipe up moves the
#                               active window up, not sideways
#   doctor                      no problem said, and the root window's line
#                               says what the daemon's start-up line says it
#                               holds
# and on openbox, with a stroke bound to the right button (issue 58):
#   mouse-stroke-L-desktop      an L drawn on the desktop with a uinput
#                               mouse's right button acts (F3), and
#                               openbox's root menu does not open
#   right-click-root-menu       a right-click on the desktop still opens
#                               openbox's root menu (the control pass too:
#                               it is what openbox does without us)
# With E2E_NO_DAEMON=1 (the control run) the same without the daemon: only
# the drag may pass. With E2E_CONTROL_TOO=1 (`run.sh --desktops
# --with-control`, what CI runs) both in one boot: on each window manager the
# scenarios with the daemon, then, the daemon stopped and the same window
# manager still running, the control's, into $share/results-control (a boot
# and five window managers' start-ups fewer than two runs).
desktops=${E2E_DESKTOPS:-mutter muffin kwin_x11 openbox xfwm4}
control_too=${E2E_CONTROL_TOO:-0}
all_results=$results
# A session bus, as every session has one (mutter, muffin and KWin use it).
eval "$(dbus-launch --sh-syntax)"
export XDG_SESSION_TYPE=x11

# The window manager's own variables and command line, as its session's
# start-up files give them (gnome-session, cinnamon-session, startplasma-x11,
# openbox-session, xfce4-session).
# exec: the background job is the window manager itself, so the kill at the
# end of its turn stops it (a subshell killed left it running until the next
# one's --replace, and its exit then took that one's _NET_SUPPORTED away).
start_wm() {
  case $1 in
    mutter) XDG_CURRENT_DESKTOP=GNOME exec mutter --x11 --replace ;;
    muffin) XDG_CURRENT_DESKTOP=X-Cinnamon exec muffin --replace ;;
    kwin_x11) XDG_CURRENT_DESKTOP=KDE KDE_FULL_SESSION=true KDE_SESSION_VERSION=5 exec kwin_x11 --replace ;;
    openbox) XDG_CURRENT_DESKTOP=openbox exec openbox --replace ;;
    xfwm4) XDG_CURRENT_DESKTOP=XFCE exec xfwm4 --replace ;;
    *) say "unknown window manager $1"; return 2 ;;
  esac
}
wm_running() { xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id'; }
fullscreen_app() { xwininfo -name e2e-app 2>/dev/null | grep -q 'Width: 1024' && xwininfo -name e2e-app | grep -q 'Height: 768'; }

scenario_names="touchscreen-swipe-consumed touchscreen-drag-1 touchscreen-simultaneous touchpad-swipe touchscreen-swipe-bare-desktop
  touchscreen-window-move touchpad-window-move doctor"

# A uinput mouse for openbox's right button, with libinput's flat profile
# (the recordings' shapes are in px), as pointer-strokes.sh has it.
create_device mouse mouse.desc
mouse_name=$(sed -n 's/^N: //p' "$share/devices/mouse.desc")
xinput set-prop "$mouse_name" "libinput Accel Profile Enabled" 0 1 0 2>/dev/null \
  || xinput set-prop "$mouse_name" "libinput Accel Profile Enabled" 0 1
# openbox's menus are mapped windows of type _NET_WM_WINDOW_TYPE_POPUP_MENU
# (its root menu is one): prints the first viewable one's id.
popup_menu() {
  local w
  for w in $(xwininfo -root -children 2>/dev/null | awk '/^ +0x/ {print $1}'); do
    xprop -id "$w" _NET_WM_WINDOW_TYPE 2>/dev/null | grep -q POPUP_MENU \
      && xwininfo -id "$w" 2>/dev/null | grep -q IsViewable && { echo "$w"; return 0; }
  done
  return 1
}

# openbox's desktop and the right button: no window under the pointer (the
# windows' scenarios closed theirs), the stroke bound to button 3 in
# desktops.toml. An L fires F3 and opens no menu; a right-click, decided
# at its release and made again there, opens openbox's root menu as it
# does without the daemon. Escape closes it.
openbox_right_button() {
  if [ "$no_daemon" = 1 ]; then
    # Not drawn without the daemon: openbox opens its menu at the press, and
    # the L's release would land on one of its items and run it.
    fail "$wm/mouse-stroke-L-desktop" "no daemon (control run): not drawn"
  else
    openbox_stroke_l
  fi
  "$probe" warp 600 150
  play mouse mouse-right-click
  local menu= deadline=$((SECONDS + timeout_s)) how="none running (control run)"
  while [ $SECONDS -lt $deadline ]; do menu=$(popup_menu) && break; sleep 0.1; done
  [ "$no_daemon" = 1 ] || how=$(grep "button 3: a click" "$share/daemon-$wm.log" 2>/dev/null | tail -1 | sed 's/^gesture-bridge: //')
  if [ -n "$menu" ]; then
    pass "$wm/right-click-root-menu" "openbox's root menu opened ($menu); the daemon: ${how:-said nothing of the click}"
    "$probe" key Escape down; "$probe" key Escape up
    until_ok 5 eval '! popup_menu' || say "$wm: the root menu stayed open after Escape"
  else
    fail "$wm/right-click-root-menu" "no menu within ${timeout_s}s; the daemon: ${how:-said nothing of the click}"
  fi
}
openbox_stroke_l() {
  "$probe" warp 600 150
  local since_l; since_l=$(mark)
  play mouse mouse-right-L
  local t_l menu_l
  t_l=$(await "$since_l" "key+ F3") || t_l=
  menu_l=$(popup_menu) || menu_l=
  if [ -n "$menu_l" ]; then "$probe" key Escape down; "$probe" key Escape up; until_ok 5 eval '! popup_menu'; fi
  if [ -n "$t_l" ] && [ -z "$menu_l" ]; then
    pass "$wm/mouse-stroke-L-desktop" "F3 $(latency mouse-right-L "$t_l"); no menu opened"
  else
    fail "$wm/mouse-stroke-L-desktop" "F3 $([ -n "$t_l" ] && echo observed || echo "not observed within ${timeout_s}s"); $([ -n "$menu_l" ] && echo "openbox opened a menu ($menu_l)" || echo "no menu")"
  fi
}

# The scenarios on the window manager running now ($wm); with the daemon
# unless no_daemon=1. tag: what this pass's files are named with.
on_wm() {
  local tag=$1
  observed=$work/observed-$wm$tag.log

  # The daemon first, as a session's autostart runs it, then the
  # application: the daemon follows the windows that come after it.
  daemon_pid=
  if [ "$no_daemon" != 1 ]; then
    "$work/gesture-bridge" run --config "$work/config/desktops.toml" --verbose --record "$share/daemon-$wm.trace" \
      >"$share/daemon-$wm.log" 2>&1 &
    daemon_pid=$!
    until_ok 20 grep -q "listening on display" "$share/daemon-$wm.log" || say "the daemon did not start on $wm"
  fi
  start_observer --fullscreen
  until_ok 20 fullscreen_app || say "e2e-app is not fullscreen on $wm: $(xwininfo -name e2e-app 2>&1 | grep -E 'Width|Height' | tr -s ' \n' ' ')"
  # Ready when a touch no binding wants reaches the application: the window
  # manager hands touches on by then. mutter, compositing with software GL
  # under emulation, keeps the first touches it gets for seconds, or for
  # good, as it would without the daemon (the control run): a tap every
  # 10 s until one arrives, 12 at most. (A tap every 3 s: mutter and muffin
  # kept every later touch, the daemon's run failed on both, twice.)
  ready=
  for try in 1 2 3 4 5 6 7 8 9 10 11 12; do
    since_ready=$(mark)
    play touchscreen touchscreen-tap-1
    if "$probe" wait "$observed" "$since_ready" "touch-end e2e-app" 1 10 >/dev/null 2>>"$work/waits.err"; then ready=$try; break; fi
  done
  if [ -n "$ready" ]; then say "$wm: a tap reached e2e-app at try $ready"; else say "$wm: no tap reached e2e-app in 12 tries"; fi
  holding=$(sed -n 's/.*holding: touchscreens: \([^;]*\).*/\1/p' "$share/daemon-$wm.log" 2>/dev/null | head -1)

  # Each scenario's span runs to the next one's start: what the application
  # got is counted over it.
  since=$(mark)
  play touchscreen touchscreen-swipe-left-3
  t_consumed=$(await "$since" "key+ F5") && consumed_latency=$(latency touchscreen-swipe-left-3 "$t_consumed") || t_consumed=
  since_drag=$(mark)
  play touchscreen touchscreen-drag-1
  t_begin=$(await "$since_drag" "touch-begin e2e-app") && t_end=$(await "$since_drag" "touch-end e2e-app") || t_end=
  since_sim=$(mark)
  play touchscreen touchscreen-swipe-down-3-app
  t_sim=$(await "$since_sim" "key+ F7") || t_sim=
  sim_ends=$( (await "$since_sim" "touch-end e2e-app" 3 >/dev/null && echo 3) || count "$since_sim" "$(mark)" "touch-end e2e-app")
  since_pad=$(mark)
  play touchpad touchpad-swipe-left-3
  t_pad=$(await "$since_pad" "key+ F6") || t_pad=

  # The bare desktop: the application gone, no window under the fingers.
  kill "$observer_pid" 2>/dev/null; wait "$observer_pid" 2>/dev/null
  app_log=$observed observed=$work/observed-$wm$tag-bare.log
  start_observer --bare
  since_bare=$(mark)
  play touchscreen touchscreen-swipe-left-3
  t_bare=$(await "$since_bare" "key+ F5") || t_bare=
  observed=$app_log
  if [ -n "$t_bare" ]; then pass "$wm/touchscreen-swipe-bare-desktop" "F5 $(latency touchscreen-swipe-left-3 "$t_bare")"
  else fail "$wm/touchscreen-swipe-bare-desktop" "no F5 within ${timeout_s}s"; fi

  got=$(count "$since" "$since_drag" "e2e-app touch=")
  if [ -n "$t_consumed" ] && [ "$got" = 0 ]; then
    pass "$wm/touchscreen-swipe-consumed" "F5 $consumed_latency; e2e-app got 0 touch events; the daemon holds: ${holding:-nothing said}"
  else
    fail "$wm/touchscreen-swipe-consumed" "F5 $([ -n "$t_consumed" ] && echo observed || echo "not observed"); e2e-app got $got touch events; the daemon holds: ${holding:-nothing said}"
  fi
  if [ -n "$t_end" ]; then
    pass "$wm/touchscreen-drag-1" "e2e-app got it $(( (t_begin - $(frame_time touchscreen-drag-1 0)) / 1000 )) µs after the landing frame, $(count "$since_drag" "$t_end" "touch-update e2e-app") updates, and its end"
  else
    fail "$wm/touchscreen-drag-1" "e2e-app never got the touch begin to end within ${timeout_s}s"
  fi
  sim_begins=$(count "$since_sim" "$since_pad" "touch-begin e2e-app")
  if [ -n "$t_sim" ] && [ "$sim_begins" = 3 ] && [ "$sim_ends" = 3 ]; then
    pass "$wm/touchscreen-simultaneous" "F7 $(latency touchscreen-swipe-down-3-app "$t_sim"); e2e-app got the 3 touches, begin to end"
  else
    fail "$wm/touchscreen-simultaneous" "F7 $([ -n "$t_sim" ] && echo observed || echo "not observed"); e2e-app got $sim_begins touch begins and $sim_ends ends"
  fi
  if [ -n "$t_pad" ]; then pass "$wm/touchpad-swipe" "F6 $(latency touchpad-swipe-left-3 "$t_pad")"
  else fail "$wm/touchpad-swipe" "no F6 within ${timeout_s}s"; fi

  # Windows that follow the fingers (issue 43), on xmessage windows small
  # enough to stay on the screen (mutter keeps a window that was fully on
  # it fully on it when a pager moves it): a 4-finger touchscreen drag moves
  # the one under the fingers by their travel (the recording's 60 mm left
  # from x = 282 px: 205 px on this 300 mm wide, 1024 px screen); then a new
  # one, active, is moved up by a 4-finger touchpad swipe up (by libinput's
  # accelerated motion: not known in advance) and not sideways.
  kill "$observer_pid" 2>/dev/null; wait "$observer_pid" 2>/dev/null
  observed=$work/observed-$wm$tag-windows.log
  start_observer --bare
  say "$wm: _NET_SUPPORTED has $(xprop -root _NET_SUPPORTED 2>/dev/null | tr ',' '\n' | grep -c _NET_) hints, _NET_MOVERESIZE_WINDOW $(xprop -root _NET_SUPPORTED 2>/dev/null | grep -c '_NET_MOVERESIZE_WINDOW')"
  # A window's position ("X Y "), by name (geom) or id (geom_id).
  geom() { xwininfo -name "$1" 2>/dev/null | sed -n 's/.*Absolute upper-left [XY]: *//p' | tr '\n' ' '; }
  geom_id() { xwininfo -id "$1" 2>/dev/null | sed -n 's/.*Absolute upper-left [XY]: *//p' | tr '\n' ' '; }
  # rests PREDICATE READER WINDOW: the window's position read (READER WINDOW)
  # into the array a every 0.2 s until PREDICATE holds and two reads agree
  # (where it rests), timeout_s at most.
  rests() {
    local last= deadline=$((SECONDS + timeout_s))
    while [ $SECONDS -le $deadline ]; do sleep 0.2; a=($("$2" "$3")); $1 && [ "${a[*]}" = "$last" ] && break; last=${a[*]}; done
  }
  xmessage -geometry 300x120+230+300 -name gb-touch gesture-bridge >/dev/null 2>&1 &
  touch_client=$!
  # Mapped by the window manager, which takes its time under load: 30 s of
  # looks at most, and said if not (the move's failure would not say it).
  until_ok 30 bash -c "xwininfo -name gb-touch | grep -q IsViewable" || say "$wm: gb-touch never became viewable"
  sleep 1
  before=$(geom gb-touch)
  play touchscreen touchscreen-swipe-left-4-slow
  # Waits bounded in seconds by the run's timeout: 10 with the daemon, 3 in
  # the control run, where nothing moves the window. (Bounded by a count of
  # reads they took up to 30 s each: a read is three processes under emulation.)
  deadline=$((SECONDS + timeout_s))
  while [ "$(geom gb-touch)" = "$before" ] && [ $SECONDS -lt $deadline ]; do sleep 0.1; done
  # Its last frames: the window manager may still be working through the
  # requests (muffin under emulation was still 43 px short 1 s after the
  # first move, the daemon's last request asking for the right place).
  moved_right() {
    [ ${#a[@]} = 2 ] && [ ${#b[@]} = 2 ] && [ $((a[0] - b[0])) -ge -213 ] && [ $((a[0] - b[0])) -le -197 ] \
      && [ $((a[1] - b[1])) -le 8 ] && [ $((b[1] - a[1])) -le 8 ]
  }
  b=($before)
  # Where it rests: in place, and the same two reads 0.2 s apart.
  rests moved_right geom gb-touch
  if moved_right; then
    pass "$wm/touchscreen-window-move" "the window under the fingers moved by ($((a[0] - b[0])), $((a[1] - b[1]))) for their (-205, 0)"
  else
    fail "$wm/touchscreen-window-move" "the window under the fingers: ($before) → (${a[*]}); $(grep 'window move' "$share/daemon-$wm.log" | tail -2 | tr '\n' '|')"
  fi
  xmessage -geometry 300x120+600+560 -name gb-pad gesture-bridge >/dev/null 2>&1 &
  pad_client=$!
  until_ok 30 bash -c "xwininfo -name gb-pad | grep -q IsViewable" || say "$wm: gb-pad never became viewable"
  sleep 1
  active=$(xprop -root _NET_ACTIVE_WINDOW 2>/dev/null | grep -o '0x[0-9a-f]*' | head -1)
  before=$(geom_id "$active")
  play touchpad touchpad-swipe-up-4
  # Until it has moved and rests (two reads 0.2 s apart the same), bounded
  # as the touchscreen's move is: under load mutter answered none of the
  # daemon's requests in the 2 s this waited before.
  moved_up() { [ ${#a[@]} = 2 ] && [ ${#b[@]} = 2 ] && [ $((b[1] - a[1])) -ge 20 ]; }
  b=($before) a=()
  rests moved_up geom_id "$active"
  if [ -n "$active" ] && [ "$active" != 0x0 ] && moved_up && [ $((a[0] - b[0])) -le 2 ] && [ $((b[0] - a[0])) -le 2 ]; then
    pass "$wm/touchpad-window-move" "the active window moved by ($((a[0] - b[0])), $((a[1] - b[1]))) for a 30 mm swipe up"
  else
    fail "$wm/touchpad-window-move" "the active window ${active:-none}: ($before) → (${a[*]}); $(grep 'window move' "$share/daemon-$wm.log" | tail -2 | tr '\n' '|')"
  fi
  kill "$touch_client" "$pad_client" 2>/dev/null; wait "$touch_client" "$pad_client" 2>/dev/null
  [ "$wm" = openbox ] && openbox_right_button

  # doctor beside this window manager: nothing false. With the daemon
  # running, its root-window line says what the daemon holds.
  "$work/gesture-bridge" doctor --config "$work/config/desktops.toml" >"$share/doctor-$wm$tag.txt" 2>&1
  root_line=$(grep "root window:" "$share/doctor-$wm$tag.txt" | head -1)
  problems=$(grep -c '^\[problem\]' "$share/doctor-$wm$tag.txt")
  # What it says the daemon holds is what the daemon says it holds (muffin
  # grabs the root's touches under Xvfb but not here: no table of window
  # managers, the daemon's own line).
  want=${holding%%:*}
  if [ "$no_daemon" = 1 ]; then
    fail "$wm/doctor" "no daemon (control run): $root_line"
  elif [ "$problems" = 0 ] && [ -n "$want" ] && [[ "$root_line" == "[ok]"*"$want"* ]]; then
    pass "$wm/doctor" "no problem; ${root_line#*] }"
  else
    fail "$wm/doctor" "$problems problems; want an ok root-window line saying '$want': $root_line"
  fi
  grep -q "window manager took a touch" "$share/daemon-$wm.log" 2>/dev/null && say "$wm took a touch for its own gesture"

  cp "$observed" "$work/observed-$wm$tag-bare.log" "$share/" 2>/dev/null
  [ -n "$daemon_pid" ] && { kill "$daemon_pid"; wait "$daemon_pid"; }
  kill "$observer_pid" 2>/dev/null; wait "$observer_pid" 2>/dev/null
}

for wm in $desktops; do
  xprop -root -remove _NET_SUPPORTING_WM_CHECK
  start_wm "$wm" >"$share/wm-$wm.log" 2>&1 &
  wm_pid=$!
  # Up when it names itself on the root (_NET_SUPPORTING_WM_CHECK); a window
  # manager that exits meanwhile has failed.
  up=
  for _ in $(seq 600); do
    wm_running && { up=1; break; }
    kill -0 "$wm_pid" 2>/dev/null || break
    sleep 0.1
  done
  if [ -z "$up" ]; then
    why="the window manager did not start (within 60 s, or it exited): $(grep -m1 -i -e error -e fail "$share/wm-$wm.log" || tail -1 "$share/wm-$wm.log")"
    names=$scenario_names; [ "$wm" = openbox ] && names+=" mouse-stroke-L-desktop right-click-root-menu"
    for s in $names; do fail "$wm/$s" "$why"; done
    if [ "$control_too" = 1 ]; then results=$share/results-control; for s in $names; do fail "$wm/$s" "$why"; done; results=$all_results; fi
    kill "$wm_pid" 2>/dev/null; wait "$wm_pid" 2>/dev/null
    continue
  fi
  say "$wm running ($(xprop -id "$(xprop -root _NET_SUPPORTING_WM_CHECK | grep -o '0x[0-9a-f]*')" _NET_WM_NAME 2>/dev/null | cut -d'"' -f2))"
  on_wm ""
  if [ "$control_too" = 1 ]; then
    # The control pass: no daemon (its grabs went with it), the same window
    # manager, the control's shorter waits, its own results file.
    say "$wm: the control pass, without the daemon"
    saved_timeout=$timeout_s
    no_daemon=1 timeout_s=3 results=$share/results-control
    : >>"$results"
    on_wm -control
    no_daemon=0 timeout_s=$saved_timeout results=$all_results
  fi
  kill "$wm_pid" 2>/dev/null; wait "$wm_pid" 2>/dev/null
done
kill "$DBUS_SESSION_BUS_PID" 2>/dev/null
