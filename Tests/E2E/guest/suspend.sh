# Sourced by run-in-guest.sh after setup.sh (Tests/E2E/run.sh --suspend): the
# machine sleeps and wakes once with the daemon running, a 4-finger swipe
# holding Super on the touchpad; at the resume the touchpad vanishes and
# comes back, as a laptop's does:
#   resume-held-key      Super is released after the resume, with no touch
#   resume-swipe         the first touchpad swipe after the resume acts, and
#                        `gesture-bridge status` lists the touchpad again
# (One sleep: a second one after a device was unplugged and plugged back is
# refused by the kernel under emulation, EBUSY 5 times of 5.)
# The sleep is the kernel's suspend-to-idle (processes frozen, devices
# suspended and resumed): S3 does not come back under emulation, s2idle
# needs no firmware. The RTC's alarm does not wake it under emulation; a
# key on the guest's keyboard does, pressed by the host through qemu's
# monitor (run.sh) when the share's `sleeping` says so. Under TCG the
# guest has no cpuidle driver, so s2idle never stops timekeeping: the boot
# clock gains nothing on the monotonic one (each scenario says by how
# much), and the daemon's own sleep detection (SleepWatch, ResumeAlarm) is
# not what acts here: the devices' removal is, as on a machine whose X
# server takes its devices away at the suspend. SuspendResumeTests covers
# the clock's side.
# The 9p share does not come back from suspend-to-idle under emulation
# (the first read of it after the resume never returns): from here on
# nothing of this run touches it. What the scenarios need is copied to the
# guest's tmpfs first, the daemon and this script write there, and the
# results go out on the serial console (the kernel's log, at error level to
# pass `quiet`): `e2e-result: PASS name: …` lines, then `e2e-exit: N`; the
# host collects them (run.sh). The sleeps are asked for the same way
# (`e2e-sleeping: 3`), and the guest powers itself off at the end.
mkdir -p "$work/share"
cp -r "$share/devices" "$share/recordings" "$work/share/"
share=$work/share
results=$work/results; : >"$results"
exec >"$work/guest.log" 2>&1
console() { echo "<3>$*" >/dev/kmsg; }
pass() { echo "PASS $1: $2" >>"$results"; console "e2e-result: PASS $1: $2"; }
fail() { echo "FAIL $1: $2" >>"$results"; console "e2e-result: FAIL $1: $2"; }
finish() { console "e2e-exit: $1"; sync; echo o >/proc/sysrq-trigger; sleep 10; exit "$1"; }
"$work/gesture-bridge" run --config "$work/config/config.toml" --verbose >"$work/daemon.log" 2>&1 &
daemon_pid=$!
until_ok 20 grep -q "listening on display" "$work/daemon.log" || { fail daemon "did not start: $(tail -3 "$work/daemon.log" | tr '\n' ' ')"; finish 3; }
say "daemon listening (pid $daemon_pid); sleep states: $(cat /sys/power/state 2>/dev/null)"
# The keyboard wakes the machine (i8042's first port; on by default only
# where the firmware has no S3).
for w in /sys/bus/serio/devices/serio*/power/wakeup; do echo enabled >"$w" 2>/dev/null; done

# Seconds the machine has slept since boot: CLOCK_BOOTTIME (/proc/uptime)
# minus CLOCK_MONOTONIC (/proc/timer_list's "now at").
asleep() {
  local up mono
  up=$(cut -d' ' -f1 /proc/uptime)
  mono=$(sed -n 's/^now at \([0-9]*\) nsecs$/\1/p' /proc/timer_list | head -1)
  awk -v u="$up" -v m="$mono" 'BEGIN { printf "%.2f", u - m / 1e9 }'
}
# sleep_now: suspends to idle for 3 s; prints the seconds slept (the gap's
# growth). The kernel refuses a suspend while a wakeup event is pending
# (EBUSY: a device just plugged, the last wake's key): tried again, up to 5
# times a second apart; a guest that never suspends is a FAIL.
sleep_now() {
  local a b try
  a=$(asleep)
  for try in 1 2 3 4 5; do
    console "e2e-sleeping: 3"
    if echo freeze >/sys/power/state 2>"$work/suspend.err"; then
      b=$(asleep)
      awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f", b - a }'
      return 0
    fi
    sleep 1
  done
  fail suspend "the guest did not suspend in 5 tries: $(cat "$work/suspend.err")"
  echo "-"
  return 1
}
# replug NAME DESC: the device vanishes (its evemu-device ends) and comes back.
replug() {
  local name; name=$(sed -n 's/^N: //p' "$share/devices/$2")
  # Started from the 9p share's path (setup.sh), before $share moved here.
  pkill -f "evemu-device .*/devices/$2\$" || true
  until_ok 10 bash -c "! xinput list --name-only | grep -qx '$name'" \
    || fail "replug-$1" "X still lists $name 10 s after its evemu-device ended"
  create_device "$1" "$2"
}
resumes() { grep -c "resumed after" "$work/daemon.log"; }

# ---- the hands at the suspend ----
since=$(mark)
play touchpad touchpad-swipe-down-4-held
t=$(await "$since" "key+ Super_L") || t=
slept=$(sleep_now)
replug touchpad touchpad.desc

# ---- resume-held-key ----
if [ -z "$t" ]; then
  fail resume-held-key "the held swipe pressed no Super_L within ${timeout_s}s"
elif t_up=$(await "$t" "key- Super_L"); then
  down=$("$probe" keys-down | tr '\n' ' ')
  if [ -z "$down" ]; then
    pass resume-held-key "Super_L held at the suspend; the boot clock gained ${slept} s; the touchpad gone and back; Super_L released with no touch after it; no key down"
  else
    fail resume-held-key "the boot clock gained ${slept} s; Super_L released, but keys stay down: ${down:-none}"
  fi
else
  fail resume-held-key "the boot clock gained ${slept} s; Super_L still down ${timeout_s}s after the resume; daemon: $(tail -2 "$work/daemon.log" | tr '\n' ' ')"
fi

# ---- resume-swipe ----
since=$(mark)
play touchpad touchpad-swipe-left-3
pad=$(sed -n 's/^N: //p' "$share/devices/touchpad.desc")
if t=$(await_chord "$since" Control_L Alt_L Left); then
  if "$work/gesture-bridge" status 2>&1 | grep -qF "$pad"; then
    pass resume-swipe "the first swipe after the resume: Control_L+Alt_L+Left $(latency touchpad-swipe-left-3 "$t"); status lists $pad"
  else
    fail resume-swipe "the swipe acted, but status does not list $pad: $("$work/gesture-bridge" status 2>&1 | head -5 | tr '\n' ' ')"
  fi
else
  fail resume-swipe "no Control_L+Alt_L+Left within ${timeout_s}s of the first swipe after the resume"
fi

# One daemon all along, still running.
daemons=$(pgrep -c -f gesture-bridge-daemon || pgrep -c -f "gesture-bridge run")
if kill -0 "$daemon_pid" 2>/dev/null && [ "$daemons" = 1 ]; then pass resume-one-daemon "the same daemon (pid $daemon_pid) throughout, $daemons running, $(resumes) sleeps noticed by its clocks"
else fail resume-one-daemon "daemon pid $daemon_pid alive: $(kill -0 "$daemon_pid" 2>/dev/null && echo yes || echo no); $daemons running"; fi

grep -q ^FAIL "$results" && finish 1
finish 0
