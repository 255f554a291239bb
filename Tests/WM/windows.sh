#!/usr/bin/env bash
# Windows that follow the fingers (issue 43) on real window managers: each
# under its own Xvfb, 2560x800 cut into two RandR monitors (L 0-1280 and
# R 1280-2560, `xrandr --setmonitor` before the window manager starts, so it
# sees two), with xmessage as the test client. Recorded-shape traces
# (Tests/WM/traces, from make-traces.py) are played through the real daemon
# (`run --play`) and the window's geometry is read back from X (xwininfo,
# _NET_FRAME_EXTENTS): a 3-finger touchscreen drag and a touchpad swipe move
# it by the fingers' travel (±2 px), a resize changes its size within its
# hints, snaps give the monitor's work-area halves and restore gives the
# geometry back, a move ending at an edge snaps on the monitor it ended on,
# a cancelled move stays where its last frame put it, and a window that
# closes mid-move, a dock and a fullscreen window end with a log line.
# Prints one line per window manager. Usage: Tests/WM/windows.sh [WM...]
# (default: openbox xfwm4 marco mutter muffin). Needs x11-xserver-utils (xrandr).
set -uo pipefail
cd "$(dirname "$0")/../.."
wms=("$@")
[ ${#wms[@]} -eq 0 ] && wms=(openbox xfwm4 marco mutter muffin)
# The release build that is installed (scripts/install.sh made it in CI).
scripts/build-static.sh gesture-bridge gesture-bridge-daemon 2>/dev/null || exit 2
bin=$PWD/.build-static/release/gesture-bridge
traces=$PWD/Tests/WM/traces
work=$(mktemp -d)
chmod 700 "$work"
trap 'rm -rf "$work"' EXIT
failed=0
tol=2

until_ok() { local n=$1; shift; for _ in $(seq "$((n * 20))"); do "$@" && return 0; sleep 0.05; done; return 1; }

for wm in "${wms[@]}"; do
  cmd=("$wm"); [ "$wm" = mutter ] && cmd=(mutter --x11 --replace)
  if ! command -v "$wm" >/dev/null; then echo "SKIP $wm: not installed"; continue; fi
  exec {fd}<> <(:)
  # -noreset: the monitors xrandr sets outlive its connection.
  Xvfb -displayfd "$fd" -nolisten tcp -noreset -screen 0 2560x800x24 >/dev/null 2>&1 &
  xvfb=$!
  read -r -t 15 -u "$fd" number || { echo "FAIL $wm: Xvfb did not start"; failed=1; continue; }
  d=":$number"
  DISPLAY=$d xrandr --setmonitor L 1280/338x800/211+0+0 screen >/dev/null
  DISPLAY=$d xrandr --setmonitor R 1280/338x800/211+1280+0 none >/dev/null
  DISPLAY=$d dbus-run-session -- "${cmd[@]}" >"$work/$wm.log" 2>&1 &
  wmpid=$!
  if ! until_ok 20 bash -c "DISPLAY=$d xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q '#'"; then
    echo "FAIL $wm: never announced itself"; failed=1; kill "$wmpid" "$xvfb" 2>/dev/null; wait 2>/dev/null; continue
  fi
  sleep 1   # xfwm4 and mutter finish starting after announcing themselves
  line="$wm:"
  ok=1
  why=$work/why-$wm
  : >"$why"
  note() { line+=" $1;"; }
  # What this window manager is known to do otherwise (docs/config.md's
  # table): said as REFUSED with what it did, and not a failure, only where
  # the daemon's log shows it asked for the right thing.
  refused() { line+=" $1 REFUSED by $wm ($2);"; }
  case $wm in
    mutter|muffin|kwin_x11) wm_own_maximize=1 ;;   # monitors from RandR outputs: xrandr --setmonitor's are not theirs
    *) wm_own_maximize= ;;
  esac
  bad() {
    ok=0; line+=" $1 FAILED;"; echo "    $1: $2" >>"$why"
    [ -n "${VERBOSE:-}" ] && sed 's/^/      /' "$work/daemon.log" >>"$why"
  }

  # The client: its frame as x y w h (the client's place less _NET_FRAME_EXTENTS).
  frame() {
    local info ext
    info=$(DISPLAY=$d xwininfo -id "$1" 2>/dev/null) || return 1
    ext=$(DISPLAY=$d xprop -id "$1" _NET_FRAME_EXTENTS 2>/dev/null | sed -n 's/.* = //p' | tr -d ' ')
    [ -n "$ext" ] || ext=0,0,0,0
    IFS=, read -r l r t b <<<"$ext"
    local x y w h
    x=$(sed -n 's/.*Absolute upper-left X: *//p' <<<"$info"); y=$(sed -n 's/.*Absolute upper-left Y: *//p' <<<"$info")
    w=$(sed -n 's/.*Width: *//p' <<<"$info"); h=$(sed -n 's/.*Height: *//p' <<<"$info")
    echo "$((x - l)) $((y - t)) $((w + l + r)) $((h + t + b))"
  }
  near() { local d=$(( $1 - $2 )); [ "${d#-}" -le "$3" ]; }
  # same A B: two frames within tol on every number.
  same() {
    local a=($1) b=($2) i
    for i in 0 1 2 3; do near "${a[$i]}" "${b[$i]}" "${3:-$tol}" || return 1; done
  }
  state_has() { DISPLAY=$d xprop -id "$1" _NET_WM_STATE 2>/dev/null | grep -q "$2"; }
  active_is() {
    local w; w=$(DISPLAY=$d xprop -root _NET_ACTIVE_WINDOW 2>/dev/null | sed -n 's/.*# //p' | cut -d, -f1)
    [ -n "$w" ] && [ "$w" != 0x0 ] && DISPLAY=$d xprop -id "$w" WM_CLASS 2>/dev/null | grep -q "\"$1\""
  }
  # client NAME GEOMETRY: a new xmessage, active; its id in $win.
  client_pid=
  client() {
    [ -n "$client_pid" ] && { kill "$client_pid" 2>/dev/null; wait "$client_pid" 2>/dev/null; }
    DISPLAY=$d xmessage -geometry "$2" -name "$1" gesture-bridge >/dev/null 2>&1 &
    client_pid=$!
    win=
    until_ok 10 active_is "$1" || return 1
    win=$(DISPLAY=$d xprop -root _NET_ACTIVE_WINDOW | sed -n 's/.*# //p' | cut -d, -f1)
    until_ok 5 frame "$win" >/dev/null
    sleep 0.3   # placed, decorated
  }
  # The work area of monitor L (x y w h): _NET_WORKAREA clipped to it.
  workarea_L() {
    local wa; wa=$(DISPLAY=$d xprop -root _NET_WORKAREA 2>/dev/null | sed -n 's/.* = //p' | tr -d ' ' | cut -d, -f1-4)
    [ -n "$wa" ] || wa=0,0,2560,800
    IFS=, read -r x y w h <<<"$wa"
    local x1=$(( x + w < 1280 ? x + w : 1280 ))
    echo "$x $y $((x1 - x)) $h"
  }
  # playw TRACE PHASE ACTION [GESTURE]: the daemon plays TRACE with one
  # binding doing ACTION in PHASE, until the binding's gesture is over.
  playw() {
    local trace=$1 phase=$2 action=$3 gesture=${4:-drag(fingers: 3)}
    local home=$work/home-$wm
    mkdir -p "$home/.config/gesture-bridge"
    printf 'version = 1\nkeymap = "auto"\n[[bind]]\nname = "w"\ngesture = "%s"\npriority = "high"\n%s = "%s"\n' \
      "$gesture" "$phase" "$action" >"$home/.config/gesture-bridge/config.toml"
    # Emptied here: the background job's own redirection may come after the
    # wait below has read the last run's end.
    : >"$work/daemon.log"
    HOME=$home XDG_CONFIG_HOME=$home/.config XDG_RUNTIME_DIR=$work DISPLAY=$d \
      "$bin" run --play "$traces/$trace" --verbose >>"$work/daemon.log" 2>&1 &
    daemon=$!
    until_ok 10 grep -qE "w (ended|cancelled)" "$work/daemon.log"
    sleep "${settle:-0.4}"   # the window manager's last answer
    kill -TERM "$daemon" 2>/dev/null; wait "$daemon" 2>/dev/null
    [ -n "${KEEP_LOGS:-}" ] && cat "$work/daemon.log" >>"$KEEP_LOGS"
  }
  said() { grep -q "$1" "$work/daemon.log"; }
  logtail() { grep -E "window|error|warning" "$work/daemon.log" | tail -4 | tr '\n' '|'; }

  # 1. Resize: the fingers land on the lower right third; that corner follows by (+120, +80).
  if client gb-win 300x200+100+100; then
    f0=$(frame "$win")
    playw touchscreen-drag-3-resize.jsonl on-began "window resize"
    f1=$(frame "$win"); a=($f0) b=($f1)
    if same "${a[0]} ${a[1]} $((a[2] + 120)) $((a[3] + 80))" "$f1"; then note "resize ${a[2]}x${a[3]}→${b[2]}x${b[3]} ok"
    else bad resize "from $f0 want +120,+80 in size, got $f1; $(logtail)"; fi

    # 2. Touchscreen move by (+240, +130).
    f0=$(frame "$win")
    playw touchscreen-drag-3-move.jsonl on-began "window move"
    f1=$(frame "$win"); a=($f0)
    if same "$((a[0] + 240)) $((a[1] + 130)) ${a[2]} ${a[3]}" "$f1"; then note "touchscreen move ok"
    else bad "touchscreen move" "from $f0 want +240,+130, got $f1; $(logtail)"; fi
    grep -o "answered .* after the frame ([0-9]*)" "$work/daemon.log" | head -1 | sed 's/^/    latency: /' >>"$work/latency-$wm"

    # 3. Touchpad: the active window by the swipe's (+240, +120).
    f0=$(frame "$win")
    playw touchpad-drag-3-move.jsonl on-began "window move"
    f1=$(frame "$win"); a=($f0)
    if same "$((a[0] + 240)) $((a[1] + 120)) ${a[2]} ${a[3]}" "$f1"; then note "touchpad move ok"
    else bad "touchpad move" "from $f0 want +240,+120, got $f1; $(logtail)"; fi

    # 4. Cancelled: where the last frame put it, no snap, said.
    f0=$(frame "$win")
    playw touchpad-drag-3-cancelled.jsonl on-began "window move"
    f1=$(frame "$win"); a=($f0)
    if same "$((a[0] + 240)) $((a[1] + 120)) ${a[2]} ${a[3]}" "$f1" && said "cancelled: left where the last frame put it"; then
      note "cancelled move stays ok"
    else bad "cancelled move" "from $f0 want +240,+120 and the log's word, got $f1; $(logtail)"; fi
  else
    bad "client" "no active client window"
  fi

  # 5. One-shot snaps (a 3-finger swipe's on-ended) on monitor L: halves of its work area, then restore.
  if client gb-snap 300x200+200+150; then
    f0=$(frame "$win")
    wa=($(workarea_L))
    half=$((wa[2] / 2))
    playw ../../Traces/touchscreen-swipe-left-3.jsonl on-ended "window snap left" "swipe(fingers: 3, direction: .left)"
    f1=$(frame "$win")
    if same "${wa[0]} ${wa[1]} $half ${wa[3]}" "$f1"; then note "snap left ok"
    else bad "snap left" "work area ${wa[*]}, want its left half, got $f1; $(logtail)"; fi
    playw ../../Traces/touchscreen-swipe-left-3.jsonl on-ended "window snap right" "swipe(fingers: 3, direction: .left)"
    f1=$(frame "$win")
    if same "$((wa[0] + half)) ${wa[1]} $((wa[2] - half)) ${wa[3]}" "$f1"; then note "snap right ok"
    else bad "snap right" "work area ${wa[*]}, want its right half, got $f1; $(logtail)"; fi
    playw ../../Traces/touchscreen-swipe-left-3.jsonl on-ended "window snap restore" "swipe(fingers: 3, direction: .left)"
    f1=$(frame "$win")
    if same "$f0" "$f1"; then note "restore ok"
    else bad "restore" "want $f0 back, got $f1; $(logtail)"; fi
    playw ../../Traces/touchscreen-swipe-left-3.jsonl on-ended "window snap maximize" "swipe(fingers: 3, direction: .left)"
    if until_ok 3 state_has "$win" _NET_WM_STATE_MAXIMIZED_VERT; then
      fm=$(frame "$win")
      if same "${wa[*]}" "$fm" 4; then note "snap maximize ok"
      elif [ -n "$wm_own_maximize" ]; then refused "snap maximize to monitor L" "maximized over its own monitor, $fm"
      else bad "snap maximize" "maximized, but to $fm, not monitor L's work area ${wa[*]}"; fi
    else bad "snap maximize" "not maximized; $(logtail)"; fi
    playw ../../Traces/touchscreen-swipe-left-3.jsonl on-ended "window snap restore" "swipe(fingers: 3, direction: .left)"
    until_ok 3 bash -c "! DISPLAY=$d xprop -id $win _NET_WM_STATE | grep -q MAXIMIZED"
    f1=$(frame "$win")
    if ! state_has "$win" MAXIMIZED && same "$f0" "$f1"; then note "restore from maximized ok"
    else bad "restore from maximized" "want $f0 back, not maximized; got $f1; $(logtail)"; fi

    # 6. A maximized window taken by the fingers: un-maximized, and the point
    # they hold stays under them (the fingers end at 490,336).
    playw ../../Traces/touchscreen-swipe-left-3.jsonl on-ended "window snap maximize" "swipe(fingers: 3, direction: .left)"
    until_ok 3 state_has "$win" _NET_WM_STATE_MAXIMIZED_VERT
    playw touchscreen-drag-3-move.jsonl on-began "window move"
    f1=$(frame "$win"); b=($f1) a=($f0)
    if ! state_has "$win" MAXIMIZED && [ "${b[0]}" -le 490 ] && [ $((b[0] + b[2])) -gt 490 ] && [ "${b[1]}" -le 336 ] \
       && [ $((b[1] + b[3])) -gt 336 ] && near "${b[2]}" "${a[2]}" 4 && near "${b[3]}" "${a[3]}" 4; then
      note "maximized window moved: un-maximized under the fingers ok"
    else bad "maximized move" "want un-maximized around (490,336), got $f1; $(logtail)"; fi
  else
    bad "client" "no active client window for the snaps"
  fi

  # 7. Snap by position on two monitors: a move ending at L's right edge
  # takes L's right half; one ending at R's left edge R's left half; at the
  # top: maximized.
  if client gb-edge 300x200+100+100; then
    wa=($(workarea_L)); half=$((wa[2] / 2))
    f_before=$(frame "$win")
    playw touchscreen-drag-3-to-right-edge.jsonl on-began "window move"
    f1=$(frame "$win")
    if same "$((wa[0] + half)) ${wa[1]} $((wa[2] - half)) ${wa[3]}" "$f1"; then note "move to L's right edge: L's right half ok"
    else bad "edge snap L right" "want L's right half of ${wa[*]}, got $f1; $(logtail)"; fi
    # Moved away: its size from before the snap comes back, under the fingers (they end at 600,356).
    a=($f_before)
    playw touchscreen-drag-3-away.jsonl on-began "window move"
    f2=$(frame "$win"); c=($f2)
    if near "${c[2]}" "${a[2]}" 4 && near "${c[3]}" "${a[3]}" 4 && [ "${c[0]}" -le 600 ] && [ $((c[0] + c[2])) -gt 600 ] \
       && [ "${c[1]}" -le 356 ] && [ $((c[1] + c[3])) -gt 356 ]; then note "moved away: its size back ok"
    else bad "moved away" "want ${a[2]}x${a[3]} back around (600,356), got $f2; $(logtail)"; fi
  else
    bad "client" "no active client window for the edges"
  fi
  if client gb-right 300x200+1450+200; then
    playw touchscreen-drag-3-to-left-edge.jsonl on-began "window move"
    f1=$(frame "$win")
    if same "1280 ${wa[1]} 640 ${wa[3]}" "$f1" 4; then note "move to R's left edge: R's left half ok"
    elif [ "$wm" = xfwm4 ] && said "ended at the left edge of monitor R: 640x800+1280+0"; then
      refused "R's left half" "asked for 640x800+1280+0, it placed the window at $f1"
    else bad "edge snap R left" "want 1280 ${wa[1]} 640 ${wa[3]}, got $f1; $(logtail)"; fi
  else
    bad "client" "the client on monitor R never became active"
  fi
  if client gb-top 300x200+100+100; then
    playw touchscreen-drag-3-to-top.jsonl on-began "window move"
    if until_ok 3 state_has "$win" _NET_WM_STATE_MAXIMIZED_VERT; then note "move to the top: maximized ok"
    else bad "edge snap top" "not maximized; $(logtail)"; fi
  fi

  # 8. Bad input: a window that closes mid-move, a fullscreen window, a dock.
  if client gb-vanish 300x200+100+100; then
    home=$work/home-$wm; mkdir -p "$home/.config/gesture-bridge"
    printf 'version = 1\nkeymap = "auto"\n[[bind]]\nname = "w"\ngesture = "drag(fingers: 3)"\npriority = "high"\non-began = "window move"\n' \
      >"$home/.config/gesture-bridge/config.toml"
    : >"$work/daemon.log"
    HOME=$home XDG_CONFIG_HOME=$home/.config XDG_RUNTIME_DIR=$work DISPLAY=$d \
      "$bin" run --play "$traces/touchscreen-drag-3-slow.jsonl" --verbose >>"$work/daemon.log" 2>&1 &
    daemon=$!
    until_ok 10 grep -q "w began" "$work/daemon.log"
    sleep 0.5
    kill "$client_pid"; wait "$client_pid" 2>/dev/null; client_pid=
    until_ok 10 grep -qE "w (ended|cancelled)" "$work/daemon.log"
    sleep 0.2
    alive=no; kill -0 "$daemon" 2>/dev/null && alive=yes
    kill -TERM "$daemon" 2>/dev/null; wait "$daemon" 2>/dev/null
    if said "closed during the gesture; the move ends there" && [ $alive = yes ] && ! said "Fatal\|fatal error"; then
      note "window closed mid-move: said, daemon on ok"
    else bad "vanishing window" "want the log line and a running daemon; $(logtail)"; fi
  fi
  if client gb-full 300x200+100+100; then
    playw ../../Traces/touchscreen-swipe-left-3.jsonl on-ended "window fullscreen" "swipe(fingers: 3, direction: .left)"
    until_ok 3 state_has "$win" _NET_WM_STATE_FULLSCREEN
    f0=$(frame "$win")
    playw touchpad-drag-3-move.jsonl on-began "window move"
    f1=$(frame "$win")
    if [ "$f0" = "$f1" ] && said "is fullscreen: left as it is"; then note "fullscreen left as it is ok"
    else bad "fullscreen" "want it unmoved and said, $f0 → $f1; $(logtail)"; fi
  fi
  if client gb-dock 300x40+100+100; then
    DISPLAY=$d xprop -id "$win" -f _NET_WM_WINDOW_TYPE 32a -set _NET_WM_WINDOW_TYPE _NET_WM_WINDOW_TYPE_DOCK
    sleep 0.5   # marco takes its frame away from a dock
    f0=$(frame "$win")
    playw touchpad-drag-3-move.jsonl on-began "window move"
    f1=$(frame "$win")
    if [ "$f0" = "$f1" ] && said "is a dock or panel"; then note "dock never moved ok"
    else bad "dock" "want it unmoved and said, $f0 → $f1; $(logtail)"; fi
  fi
  [ -n "$client_pid" ] && { kill "$client_pid" 2>/dev/null; wait "$client_pid" 2>/dev/null; }

  if [ $ok = 1 ]; then echo "PASS $line"; else echo "FAIL $line"; cat "$why"; failed=1; fi
  cat "$work/latency-$wm" 2>/dev/null
  kill "$wmpid" 2>/dev/null; wait "$wmpid" 2>/dev/null
  kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null
  exec {fd}>&-
done
exit $failed
