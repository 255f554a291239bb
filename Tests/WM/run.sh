#!/usr/bin/env bash
# Real window managers from Debian, each under its own Xvfb with its bare
# defaults: the default config's 3-finger swipe left (a recorded trace, played
# with `run --play`) must change _NET_CURRENT_DESKTOP. Prints one line per
# window manager: the route the action took (EWMH or the keymap's chord) and
# the result. Usage: Tests/WM/run.sh [WM...] (default: openbox xfwm4 marco mutter).
# Needs the window managers, dbus-x11 (dbus-run-session), x11-utils (xprop),
# wmctrl, x11-xserver-utils (xrandr, for windows.sh's two monitors), and the
# settings schemas marco and muffin read
# (mate-settings-daemon-common, cinnamon-settings-daemon); .ci/run installs
# what CI runs (openbox xfwm4 marco mutter).
set -uo pipefail
cd "$(dirname "$0")/../.."
wms=("$@")
[ ${#wms[@]} -eq 0 ] && wms=(openbox xfwm4 marco mutter)
# The release build that is installed (scripts/install.sh made it in CI).
scripts/build-static.sh gesture-bridge gesture-bridge-daemon 2>/dev/null || exit 2
bin=$PWD/.build-static/release/gesture-bridge
trace=$PWD/Tests/Traces/touchscreen-swipe-left-3.jsonl
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

prop() { DISPLAY=$1 xprop -root "$2" 2>/dev/null | sed -n 's/.* = \([0-9]*\).*/\1/p'; }
until_ok() { local n=$1; shift; for _ in $(seq "$((n * 20))"); do "$@" && return 0; sleep 0.05; done; return 1; }

for wm in "${wms[@]}"; do
  cmd=("$wm"); [ "$wm" = mutter ] && cmd=(mutter --x11 --replace)
  if ! command -v "$wm" >/dev/null; then echo "SKIP $wm: not installed"; continue; fi
  exec {fd}<> <(:)
  # -noreset: without it the server resets each time its last client leaves,
  # and the polls below come and go while a slow window manager starts; a
  # connection that meets a reset is refused (muffin in CI, with the fresh
  # machine building beside it: "Unable to open display ':0'").
  Xvfb -displayfd "$fd" -nolisten tcp -noreset -screen 0 1280x800x24 >"$work/xvfb-$wm.log" 2>&1 &
  xvfb=$!
  read -r -t 15 -u "$fd" number || { echo "FAIL $wm: Xvfb did not start"; failed=1; continue; }
  d=":$number"
  DISPLAY=$d dbus-run-session -- "${cmd[@]}" >"$work/$wm.log" 2>&1 &
  wmpid=$!
  count() { DISPLAY=$d xprop -root _NET_NUMBER_OF_DESKTOPS 2>/dev/null | sed -n 's/.* = //p'; }
  setup=
  if ! until_ok 20 bash -c "DISPLAY=$d xprop -root _NET_NUMBER_OF_DESKTOPS 2>/dev/null | grep -q ' = '"; then
    echo "FAIL $wm: never published its workspaces ($(tail -1 "$work/$wm.log"))"; failed=1
    tail -5 "$work/$wm.log" "$work/xvfb-$wm.log" | sed 's/^/    /'
    kill "$wmpid" "$xvfb" 2>/dev/null; wait 2>/dev/null; continue
  fi
  if [ "$(count)" -lt 2 ]; then
    # KWin's fresh profile has one desktop: ask for four as a pager does
    # (a _NET_NUMBER_OF_DESKTOPS message, `wmctrl -n 4`).
    DISPLAY=$d wmctrl -n 4
    setup=" (one workspace on a fresh profile; asked for 4 with wmctrl -n 4, as a pager may)"
    until_ok 5 bash -c "[ \"\$(DISPLAY=$d xprop -root _NET_NUMBER_OF_DESKTOPS 2>/dev/null | sed -n 's/.* = //p')\" -ge 2 ]" \
      || { echo "FAIL $wm: one workspace only, and it refused more"; failed=1; kill "$wmpid" "$xvfb" 2>/dev/null; wait 2>/dev/null; continue; }
  fi
  # Some window managers (xfwm4) publish the workspace count before their
  # current workspace and check window: wait for the whole of their start,
  # or "before" below reads nothing.
  wm_name() { DISPLAY=$d xprop -id "$(DISPLAY=$d xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | sed -n 's/.*# //p')" _NET_WM_NAME 2>/dev/null | sed -n 's/.* = "\(.*\)"/\1/p'; }
  has_current() { [ -n "$(prop "$d" _NET_CURRENT_DESKTOP)" ]; }
  has_name() { [ -n "$(wm_name)" ]; }
  if ! until_ok 20 has_current; then
    echo "FAIL $wm: never published its current workspace"; failed=1
    kill "$wmpid" "$xvfb" 2>/dev/null; wait 2>/dev/null; continue
  fi
  until_ok 10 has_name
  name=$(wm_name)
  : "${name:=no _NET_WM_NAME}"
  line="$wm ($name)$setup:"
  ok=1

  # What the daemon is granted beside this window manager, and what doctor
  # says of the root: mutter and muffin grab the root's touches (the daemon
  # then grabs them on the top-level windows below and says so); the others
  # leave it free.
  granted_home=$work/home-$wm-granted
  mkdir -p "$granted_home/.config/gesture-bridge"
  printf 'version = 1\nkeymap = "none"\n[[bind]]\nname = "t"\ngesture = "swipe(fingers: 3, direction: .left)"\npriority = "high"\non-ended = "key F5"\n' \
    >"$granted_home/.config/gesture-bridge/config.toml"
  HOME=$granted_home XDG_CONFIG_HOME=$granted_home/.config XDG_RUNTIME_DIR=$work DISPLAY=$d \
    "$bin" run --exit-when-ready >"$work/granted.log" 2>&1
  holding=$(sed -n 's/.*holding: touchscreens: \([a-z ]*\).*/\1/p' "$work/granted.log" | head -1)
  root=$(HOME=$granted_home XDG_CONFIG_HOME=$granted_home/.config XDG_RUNTIME_DIR=$work DISPLAY=$d \
    "$bin" doctor 2>&1 | grep "root window:" | head -1)
  case $wm in
    mutter|muffin) want_holding="passive grabs on the top"; want_root="[ok] root window: another client holds a passive touch grab" ;;
    *) want_holding="a passive grab on the root window"; want_root="[ok] root window:" ;;
  esac
  line+=" touchscreens held: ${holding:-nothing said}; doctor: ${root#*] root window: };"
  [[ "$holding" == "$want_holding"* ]] && [[ "$root" == *"$want_root"* ]] \
    || { ok=0; echo "    want holding '$want_holding' and doctor '$want_root'" >"$work/why-$wm"; sed 's/^/    /' "$work/granted.log" >>"$work/why-$wm"; }

  # play ACTION CHECK...: the 3-finger swipe left with `on-ended = ACTION`
  # (the default config when ACTION is "default"); CHECK must turn true.
  play() {
    local action=$1; shift
    local home=$work/home-$wm-${action// /-}
    mkdir -p "$home/.config/gesture-bridge"
    if [ "$action" != default ]; then
      printf 'version = 1\nkeymap = "auto"\n[[bind]]\nname = "t"\ngesture = "swipe(fingers: 3, direction: .left)"\npriority = "high"\non-ended = "%s"\n' \
        "$action" >"$home/.config/gesture-bridge/config.toml"
    fi
    HOME=$home XDG_CONFIG_HOME=$home/.config XDG_RUNTIME_DIR=$work DISPLAY=$d \
      "$bin" run --play "$trace" --verbose >"$work/daemon.log" 2>&1 &
    local daemon=$!
    local result=no
    until_ok 10 "$@" && result=yes
    kill -TERM "$daemon" 2>/dev/null; wait "$daemon" 2>/dev/null
    local what=${action/default/workspace next (default config)} route
    local verb=${action/default/workspace next}
    if grep -q "$verb: .*pressing the keymap's" "$work/daemon.log"; then route="chord $(grep -o "pressing the keymap's .*" "$work/daemon.log" | head -1 | sed "s/pressing the keymap's //")"
    elif grep -q "$verb: " "$work/daemon.log"; then route=EWMH
    else route="no route"; fi
    line+=" $what: $route, $([ $result = yes ] && echo ok || echo FAILED);"
    [ $result = yes ] || { ok=0; sed 's/^/    /' "$work/daemon.log" | tail -8 >"$work/why-$wm"; }
  }
  desk() { [ "$(prop "$d" _NET_CURRENT_DESKTOP)" = "$1" ]; }
  showing() { [ "$(prop "$d" _NET_SHOWING_DESKTOP)" = 1 ]; }
  state_has() { DISPLAY=$d xprop -id "$1" _NET_WM_STATE 2>/dev/null | grep -q "$2"; }
  gone() { ! DISPLAY=$d xprop -id "$1" WM_NAME >/dev/null 2>&1; }
  # The active window is the client named $1 (not the one closed before it,
  # which a window manager may still name active for a moment).
  active_is() {
    local w; w=$(DISPLAY=$d xprop -root _NET_ACTIVE_WINDOW 2>/dev/null | sed -n 's/.*# //p')
    [ -n "$w" ] && [ "$w" != 0x0 ] && DISPLAY=$d xprop -id "$w" WM_CLASS 2>/dev/null | grep -q "\"$1\""
  }

  before=$(prop "$d" _NET_CURRENT_DESKTOP)
  play default desk $((before + 1))
  play "workspace previous" desk "$before"
  play "workspace 3" desk 2
  play "workspace 1" desk 0
  play "show-desktop" showing
  play "show-desktop" bash -c "! [ \"\$(DISPLAY=$d xprop -root _NET_SHOWING_DESKTOP 2>/dev/null | sed -n 's/.* = //p')\" = 1 ]"
  # A client window, active: maximize, fullscreen, close.
  DISPLAY=$d xmessage -geometry 300x200+100+100 -name gb-client gesture-bridge >/dev/null 2>&1 &
  client_pid=$!
  if until_ok 10 active_is gb-client; then
    client=$(DISPLAY=$d xprop -root _NET_ACTIVE_WINDOW | sed -n 's/.*# //p')
    play "window maximize" state_has "$client" _NET_WM_STATE_MAXIMIZED_VERT
    play "window fullscreen" state_has "$client" _NET_WM_STATE_FULLSCREEN
    play "window close" gone "$client"
  else
    line+=" (no active client window: window actions not tried);"; ok=0
  fi
  kill "$client_pid" 2>/dev/null; wait "$client_pid" 2>/dev/null
  # Another, to minimize (iconic in its WM_STATE).
  DISPLAY=$d xmessage -geometry 300x200+200+200 -name gb-client2 gesture-bridge >/dev/null 2>&1 &
  client_pid=$!
  if until_ok 10 active_is gb-client2; then
    client=$(DISPLAY=$d xprop -root _NET_ACTIVE_WINDOW | sed -n 's/.*# //p')
    play "window minimize" bash -c "DISPLAY=$d xprop -id $client WM_STATE 2>/dev/null | grep -q 'Iconic'"
  else
    line+=" (the second client never became active: minimize not tried);"; ok=0
  fi
  kill "$client_pid" 2>/dev/null; wait "$client_pid" 2>/dev/null
  if [ $ok = 1 ]; then echo "PASS $line"; else echo "FAIL $line"; cat "$work/why-$wm" 2>/dev/null; failed=1; fi
  kill "$wmpid" 2>/dev/null; wait "$wmpid" 2>/dev/null
  kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null
  exec {fd}>&-
done
# Windows that follow the fingers (issue 43): each window manager again under
# an Xvfb of its own, cut into two monitors.
Tests/WM/windows.sh "${wms[@]}" || failed=1
exit $failed
