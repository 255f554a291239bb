#!/usr/bin/env bash
# The stroke trail and the stroke's name (issue 58 item 3), seen under real
# window managers: openbox (no compositor: the trail's window is cut to the
# line with Shape) and xfwm4 with its compositor on (`--compositor=on`: the
# trail's window is 32-bit ARGB, transparent around the line). Each under
# its own Xvfb, with an xmessage window under the stroke, a daemon with an
# L bound to button 3 (Tests/E2E/strokes/mouse.toml), and xdotool drawing
# the L with button 3 held: a screenshot mid-stroke and one just after the
# release (ImageMagick's `import`), then a zigzag that is no shape.
# Prints, per window manager, what X says of the trail's window (mapped,
# depth, input region empty) and of the name's, and where the PNGs are.
#   Tests/WM/trail-screenshots.sh [OUT-DIR] [WM...]   (default /tmp/trail-shots, openbox xfwm4)
# Needs Xvfb, openbox, xfwm4, xdotool, x11-utils (xwininfo, xprop, xmessage), imagemagick.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${1:-/tmp/trail-shots}; shift || true
wms=("$@"); [ ${#wms[@]} -eq 0 ] && wms=(openbox xfwm4)
mkdir -p "$out"
swift build --product gesture-bridge-daemon >/dev/null 2>&1 || { echo "build failed"; exit 2; }
bin=$PWD/.build/debug/gesture-bridge-daemon
work=$(mktemp -d); chmod 700 "$work"
trap 'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
cp Tests/E2E/strokes/mouse.toml "$work/config.toml"; cp Tests/E2E/strokes/strokes.toml "$work/"
until_ok() { local n=$1; shift; for _ in $(seq "$((n * 20))"); do "$@" && return 0; sleep 0.05; done; return 1; }
failed=0

for wm in "${wms[@]}"; do
  command -v "$wm" >/dev/null || { echo "SKIP $wm: not installed"; continue; }
  exec {fd}<> <(:)
  Xvfb -displayfd "$fd" -nolisten tcp -screen 0 1024x640x24 >/dev/null 2>&1 &
  read -r -t 15 -u "$fd" number || { echo "FAIL $wm: Xvfb did not start"; failed=1; continue; }
  export DISPLAY=:$number
  case $wm in
    xfwm4) xfwm4 --compositor=on >"$work/$wm.log" 2>&1 & ;;
    *) "$wm" >"$work/$wm.log" 2>&1 & ;;
  esac
  until_ok 20 bash -c "xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q '#'" || { echo "FAIL $wm: did not start"; failed=1; continue; }
  xmessage -geometry 420x260+120+110 -name gb-under "a window under the stroke" >/dev/null 2>&1 &
  until_ok 20 bash -c "xwininfo -name gb-under 2>/dev/null | grep -q IsViewable" || { echo "FAIL $wm: no xmessage window"; failed=1; }
  sleep 0.5
  XDG_RUNTIME_DIR=$work "$bin" --config "$work/config.toml" --verbose >"$work/daemon-$wm.log" 2>&1 &
  daemon=$!
  until_ok 20 grep -qs "holding: pointers" "$work/daemon-$wm.log" || { echo "FAIL $wm: daemon not listening"; failed=1; continue; }
  trail() { xwininfo -root -tree | sed -n 's/^ *\(0x[0-9a-f]*\) "gesture-bridge stroke trail".*/\1/p' | head -1; }
  name() { xwininfo -root -tree | sed -n 's/^ *\(0x[0-9a-f]*\) "gesture-bridge stroke name".*/\1/p' | head -1; }
  state() { xwininfo -id "$1" 2>/dev/null | sed -n 's/.*Map State: //p'; }
  # The L: down 160 px, right 130, button 3 held (the press waits for the
  # daemon's decision, then the legs in 10 px steps).
  xdotool mousemove 300 170; sleep 0.2
  xdotool mousedown 3
  until_ok 5 grep -q "pressed on" "$work/daemon-$wm.log"
  for i in $(seq 1 16); do xdotool mousemove 300 $((170 + i * 10)); sleep 0.015; done
  for i in $(seq 1 13); do xdotool mousemove $((300 + i * 10)) 330; sleep 0.015; done
  sleep 0.2
  t=$(trail)
  mid_state=$(state "$t"); depth=$(xwininfo -id "$t" | sed -n 's/.*Depth: //p')
  import -window root "$out/$wm-mid-stroke.png"
  # Whatever is under the trail gets the pointer: the window under the
  # line is the xmessage (or the root), never the trail.
  under=$(xdotool getmouselocation --shell | sed -n 's/^WINDOW=//p')
  xdotool mouseup 3
  sleep 0.15
  import -window root "$out/$wm-release.png"
  after_state=$(state "$t"); n=$(name); name_state=$(state "$n")
  until_ok 3 bash -c "[ \"\$(xwininfo -id $n 2>/dev/null | sed -n 's/.*Map State: //p')\" = IsUnMapped ]"
  name_later=$(state "$n")
  # A zigzag: no shape, with the closest.
  presses=$(grep -c "pressed on" "$work/daemon-$wm.log")
  xdotool mousemove 560 420; sleep 0.2; xdotool mousedown 3
  until_ok 5 bash -c "[ \$(grep -c 'pressed on' $work/daemon-$wm.log) -gt $presses ]"
  for i in $(seq 1 16); do xdotool mousemove $((560 + i * 12)) $((420 + (i % 2) * 50)); sleep 0.015; done
  xdotool mouseup 3; sleep 0.15
  import -window root "$out/$wm-no-shape.png"
  kill -TERM "$daemon"; wait "$daemon" 2>/dev/null
  left=$(xwininfo -root -tree | grep -c "gesture-bridge stroke")
  printf '%s: trail 0x%x mid-stroke %s depth %s (%s), pointer over 0x%x (trail %s); after release %s; name %s then %s; %s; windows left after exit: %s\n' \
    "$wm" "$t" "$mid_state" "$depth" "$([ "$depth" = 32 ] && echo ARGB, composited || echo shaped)" "$under" \
    "$([ "$((under))" = "$((t))" ] && echo "TAKES INPUT" || echo "input-transparent")" \
    "$after_state" "$name_state" "$name_later" "$(grep -o 'stroke with button 3: [^,(]*' "$work/daemon-$wm.log" | tr '\n' ';')" "$left"
  [ "$mid_state" = IsViewable ] && [ "$after_state" = IsUnMapped ] && [ "$name_state" = IsViewable ] && [ "$name_later" = IsUnMapped ] \
    && [ "$((under))" != "$((t))" ] && [ "$left" = 0 ] && grep -q "stroke with button 3: no shape" "$work/daemon-$wm.log" \
    || { failed=1; tail -8 "$work/daemon-$wm.log"; }
  kill $(jobs -p) 2>/dev/null; wait 2>/dev/null
done
ls -la "$out"/*.png
exit $failed
