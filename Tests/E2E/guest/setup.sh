# Sourced by run-in-guest.sh: a real Xorg with libinput, virtual devices from
# evemu descriptions, the observer, and the helpers scenarios use. Every wait
# is bounded.
export DISPLAY=:0 HOME=/root XDG_RUNTIME_DIR=/run/user/0 SWIFT_BACKTRACE=enable=no

# Binaries and config on the guest's tmpfs (exec from 9p is slow; the config
# must sit in a directory only its owner can write, as the daemon demands).
install -m 755 "$share/bin/gesture-bridge" "$share/bin/gesture-bridge-daemon" "$share/bin/gesture-e2e-probe" "$work/"
mkdir -m 700 "$work/config" && install -m 600 "$share/e2e.toml" "$work/config/config.toml"
install -m 600 "$share/e2e-raw.toml" "$work/config/raw.toml"
install -m 600 "$share/e2e-pointer.toml" "$work/config/pointer.toml"
install -m 600 "$share/e2e-touchegg.toml" "$work/config/touchegg.toml"
install -m 600 "$share/e2e-hands.toml" "$work/config/hands.toml"
# The strokes scenario: its bindings, and its shapes beside them as strokes.toml.
install -m 600 "$share/strokes/config.toml" "$work/config/stroke-bindings.toml"
install -m 600 "$share/strokes/strokes.toml" "$work/config/strokes.toml"
# The mouse scenarios' bindings (guest/pointer-strokes.sh), the same shapes.
install -m 600 "$share/strokes/mouse.toml" "$work/config/mouse-strokes.toml"
install -m 600 "$share/e2e-desktops.toml" "$work/config/desktops.toml"
probe=$work/gesture-e2e-probe
observed=$work/observed.log
results=$share/results
: >"$results"

say() { echo "[$(cut -d' ' -f1 /proc/uptime)] $*"; }
pass() { echo "PASS $1: $2" >>"$results"; say "PASS $1: $2"; }
fail() { echo "FAIL $1: $2" >>"$results"; say "FAIL $1: $2"; }
# until_ok SECONDS COMMAND…: waits up to SECONDS for COMMAND to succeed.
until_ok() { local n=$(( $1 * 10 )); shift; while ! "$@" >/dev/null 2>&1; do n=$((n - 1)); [ $n -le 0 ] && return 1; sleep 0.1; done; }

say "starting Xorg"
# The suspend run keeps off the 9p share, which a suspend leaves hung (guest/suspend.sh).
xorg_log=$share/Xorg.log; [ "${E2E_SCRIPT:-}" = suspend.sh ] && xorg_log=$work/Xorg.log
# Xorg dumps its core if it dies of a signal (into the share, where run.sh
# prints its backtrace; the suspend run's stays in the guest): once, in a
# smoke run's side by side, it died of SIGSEGV with nothing in its log.
core_dir=$share; [ "${E2E_SCRIPT:-}" = suspend.sh ] && core_dir=$work
echo "$core_dir/core.%e.%p" >/proc/sys/kernel/core_pattern
(ulimit -c unlimited; exec Xorg :0 -nolisten tcp -noreset -logfile "$xorg_log" vt1 >/dev/null 2>&1) &
until_ok 30 xset q || { say "Xorg did not start"; exit 3; }

# Devices: evemu-device keeps each alive while it runs and prints its node.
declare -A node
x_lists() { [ "$(xinput list --name-only | grep -cx "$1")" -ge "$2" ]; }  # NAME N: X has N devices so named
create_device() {  # create_device NAME DESC
  local out=$work/device-$1.txt
  # Ready when X lists one more device of that name.
  local name; name=$(sed -n 's/^N: //p' "$share/devices/$2")
  local want=$(( $(xinput list --name-only | grep -cx "$name") + 1 ))
  evemu-device "$share/devices/$2" >"$out" 2>&1 &
  until_ok 10 grep -q /dev/input/event "$out" || { say "evemu-device $2 failed: $(cat "$out")"; exit 3; }
  node[$1]=$(grep -o '/dev/input/event[0-9]*' "$out" | head -1)
  until_ok 20 x_lists "$name" "$want" \
    || { say "X never added $name"; exit 3; }
  say "device $1: ${node[$1]} ($name)"
}
create_device touchpad touchpad.desc
create_device touchscreen touchscreen.desc
xinput list >"$share/xinput.txt"

# start_observer [--fullscreen]: the observer's windows (two halves, or one
# fullscreen window), logging to $observed.
start_observer() {
  "$probe" observe "$@" "$observed" 2>"$work/observer.err" &
  observer_pid=$!
  until_ok 10 grep -q ready "$observed" || { say "observer did not start: $(cat "$work/observer.err")"; exit 3; }
}
# The desktops run starts its own, under each window manager.
[ "${E2E_SCRIPT:-scenarios.sh}" = desktops.sh ] || start_observer

# play DEVICE RECORDING: writes it to the device; frame times in $work/RECORDING.frames.
# play DEVICE RECORDING [QUIET_MS]: QUIET_MS, the player stays that long after
# the last frame, so the script starts nothing while its effects are timed.
play() { "$probe" play "$share/recordings/$2.evemu" "${node[$1]}" ${3:+"$3"} >"$work/$2.frames"; }
frame_time() { sed -n "s/^\([0-9]*\) frame $2\$/\1/p" "$work/$1.frames"; }
last_frame() { tail -1 "$work/$1.frames" | cut -d' ' -f3; }
# The frame written last before time $2, and the time from it to $2 in µs:
# the latency of an action observed at $2.
latency() {
  local t=$2 f=- ft=0 ts i
  while read -r ts _ i; do [ "$ts" -le "$t" ] && { f=$i; ft=$ts; }; done <"$work/$1.frames"
  echo "after frame $f: $(( (t - ft) / 1000 )) µs"
}
await() { "$probe" wait "$observed" "$1" "$2" "${3:-1}" "$timeout_s" 2>>"$work/waits.err"; }
count() { "$probe" count "$observed" "$1" "$2" "$3"; }
mark() { "$probe" now; }

# A chord's presses, in order, after $1: prints the time of the last one.
await_chord() {
  local since=$1 t=; shift
  for key in "$@"; do t=$(await "$since" "key+ $key") || return 1; since=$t; done
  echo "$t"
}

