#!/usr/bin/env bash
# The end-to-end tests on real touches, one command:
#   Tests/E2E/run.sh                   build, boot the VM, run every scenario
#   Tests/E2E/run.sh --without-daemon  the control run: the same scenarios with
#                                      no daemon, where every one must fail
#   Tests/E2E/run.sh --versus-lisgd    the same recorded swipes to gesture-bridge
#                                      and lisgd at once: CPU and instructions per
#                                      gesture of each (Benchmarks/run.sh reports
#                                      it; E2E_GESTURES=N, default 20;
#                                      E2E_CALLGRIND=0 skips the instructions)
#   Tests/E2E/run.sh --real-hands      the real-hands set (../shared/real-hands,
#                                      REAL_HANDS=DIR elsewhere) played live into
#                                      the daemon, its records replayed; scored
#                                      against the labels (Tests/RealHands/score.py,
#                                      docs/real-hands.md); exits 1 below the
#                                      acceptance unless --report-only.
#                                      E2E_REAL_HANDS="ts02 tp07" for some of them
#   Tests/E2E/run.sh --suspend         the guest suspends to idle and resumes
#                                      with the daemon running (guest/suspend.sh)
#   Tests/E2E/run.sh --desktops [--without-daemon | --with-control]
#                                      the desktops' window managers (below);
#                                      --with-control: their control run too,
#                                      in the same boot (what CI runs)
# A qemu VM (software emulation) boots a Debian kernel with uinput and a real
# Xorg with libinput; evemu creates a touchpad and a touchscreen; recordings
# are played into them; a second X client observes what really happened.
# The image is cached (Tests/E2E/image.sh); results, logs and the daemon's
# output stay in .build-e2e/last/. Needs qemu-system-x86 mmdebstrap cpio kmod
# (.ci/run installs them) and root for mmdebstrap.
set -euo pipefail
cd "$(dirname "$0")/../.."
control=0 control_too=0 script=scenarios.sh report_only=0 kernel_args=
# The VM's time limit (its script gets a minute less: guest/init): the side by
# side runs the daemon under callgrind four times (each kind, with and
# without the gestures), slow under emulation.
limit=900 memory=2048
export E2E_IMAGE=base
for arg in "$@"; do
  case $arg in
    --without-daemon) control=1 ;;
    --with-control) control_too=1 ;;
    --versus-lisgd) script=versus-peer.sh; limit=2400 ;;
    # The desktops image: the same touches under each desktop's window
    # manager (E2E_DESKTOPS="mutter openbox" for some of them).
    --desktops) script=desktops.sh; E2E_IMAGE=desktops; limit=1500; memory=6144 ;;
    # 42 recordings, each with a daemon of its own: about 12 min under
    # emulation on an idle machine, twice that on a busy one.
    --real-hands) script=real-hands.sh; limit=3000 ;;
    # Suspend to idle and resume with the daemon running (guest/suspend.sh).
    # The guest sleeps; a key pressed on its keyboard through qemu's monitor wakes it.
    # The serial console kept awake across it (suspended, the guest did not
    # come back in 3 runs of 3 under emulation; kept, 3 of 3 did).
    --suspend) script=suspend.sh; limit=600; kernel_args=no_console_suspend ;;
    --report-only) report_only=1 ;;
    *) echo "usage: Tests/E2E/run.sh [--desktops] [--without-daemon] | --desktops --with-control | --versus-lisgd | --real-hands [--report-only] | --suspend" >&2; exit 2 ;;
  esac
done
if [ $control_too = 1 ] && { [ $script != desktops.sh ] || [ $control = 1 ]; }; then
  echo "e2e: --with-control goes with --desktops, not with --without-daemon" >&2; exit 2
fi
say() { echo "e2e: $*" >&2; }
for tool in qemu-system-x86_64 mmdebstrap cpio modprobe; do
  command -v "$tool" >/dev/null || { echo "e2e: $tool is missing (apt-get install qemu-system-x86 mmdebstrap cpio kmod)" >&2; exit 2; }
done
python3 Tests/E2E/make-fixtures.py --check

# The daemon and the probe, built for any glibc system (static Swift stdlib);
# the same build folder as the benchmarks' static build.
if [ "${NO_BUILD:-0}" != 1 ]; then
  say "building (release, static Swift stdlib)"
  scripts/build-static.sh gesture-bridge gesture-bridge-daemon gesture-e2e-probe
fi
image=$(Tests/E2E/image.sh)

run=.build-e2e/last
rm -rf "$run"; mkdir -p "$run/bin"
# Without debug info (valgrind 3.19 cannot read this DWARF 5), with the symbol
# table (callgrind's function names).
for b in gesture-bridge gesture-bridge-daemon gesture-e2e-probe; do strip --strip-debug -o "$run/bin/$b" ".build-static/release/$b"; done
# The side-by-side's baseline client and exec'd command, in C (the VM has
# libX11 and libXi).
cc=$(command -v cc || command -v clang)
"$cc" -O2 -Wall -o "$run/bin/xi2-print" Tests/E2E/xi2-print.c -lX11 -lXi
"$cc" -O2 -Wall -o "$run/bin/e2e-stamp" Tests/E2E/stamp.c
# By hand, not in CI: a touchegg built from its source joins the side by side
# (TOUCHEGG_BIN=…/touchegg E2E_EXTRA_PACKAGES="libpugixml1v5 libcairo2"; Tests/E2E/README.md).
[ -n "${TOUCHEGG_BIN:-}" ] && cp "$TOUCHEGG_BIN" "$run/bin/touchegg"
cp -r Tests/E2E/guest Tests/E2E/devices Tests/E2E/recordings Tests/E2E/e2e.toml Tests/E2E/e2e-raw.toml Tests/E2E/e2e-pointer.toml Tests/E2E/e2e-touchegg.toml Tests/E2E/e2e-hands.toml Tests/E2E/strokes Tests/E2E/e2e-desktops.toml Tests/E2E/versus.toml \
  Tests/Touchegg/client.py "$run/"
printf 'E2E_NO_DAEMON=%s\nE2E_CONTROL_TOO=%s\nE2E_SCRIPT=%s\nE2E_GESTURES=%s\nE2E_CALLGRIND=%s\nE2E_PERF=%s\nE2E_XTRACE=%s\nE2E_DESKTOPS="%s"\n' \
  "$control" "$control_too" "$script" "${E2E_GESTURES:-20}" "${E2E_CALLGRIND:-1}" "${E2E_PERF:-0}" "${E2E_XTRACE:-0}" "${E2E_DESKTOPS:-mutter muffin kwin_x11 openbox xfwm4}" >"$run/env"

# The real-hands set is used in place, never committed: copied into the run
# folder (the VM's share) for this run only.
if [ "$script" = real-hands.sh ]; then
  hands=${REAL_HANDS:-../shared/real-hands}
  [ -f "$hands/labels.json" ] || { say "no real-hands set at $hands (REAL_HANDS=DIR)"; exit 2; }
  mkdir -p "$run/real-hands"
  cp -r "$hands/recordings" "$hands/labels.json" "$hands/real.toml" "$run/real-hands/"
  printf 'E2E_REAL_HANDS="%s"\n' "${E2E_REAL_HANDS:-}" >>"$run/env"
fi

say "booting the VM (kernel $(cat "$image/kernel-version"); console in $run/console.log)"
start=$(date +%s)
# --suspend: before it suspends to idle the guest says so on its console
# (`e2e-sleeping: SECONDS`); this wakes it that much later with a key on its
# keyboard through qemu's monitor (the RTC's alarm does not wake
# suspend-to-idle under emulation; S3 did not come back, under qboot or
# SeaBIOS). Its results come on the console too (guest/suspend.sh).
monitor=()
if [ "$script" = suspend.sh ]; then
  monitor=(-monitor "unix:$run/monitor.sock,server,nowait")
  ( woken=0
    while sleep 0.5; do
      pgrep -f "qemu-system-x86_64.*$run" >/dev/null || { [ -S "$run/monitor.sock" ] && break; continue; }
      asked=$(grep -c "e2e-sleeping:" "$run/console.log" 2>/dev/null || true)
      if [ "${asked:-0}" -gt "$woken" ]; then
        sleep "$(grep -o "e2e-sleeping: [0-9]*" "$run/console.log" | tail -1 | cut -d' ' -f2)"
        python3 -c 'import socket, sys, time
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.sendall(b"sendkey shift\n"); time.sleep(0.3); s.close()' "$run/monitor.sock" || true
        woken=$asked
      fi
    done ) &
  waker=$!
else
  monitor=(-monitor none)
fi
# TCG: /dev/kvm exists on these machines but KVM guests hang. qboot enters the
# uncompressed kernel through PVH. Bounded: a hung guest is killed.
timeout "$limit" qemu-system-x86_64 -machine pc,accel=tcg -m "$memory" -smp 2 \
  -bios /usr/share/qemu/qboot.rom -kernel "$image/vmlinux" -initrd "$image/initramfs.cpio" \
  -append "console=ttyS0 quiet panic=-1 E2E_TIMEOUT=$((limit - 60)) $kernel_args" -display none -serial "file:$run/console.log" \
  "${monitor[@]}" -no-reboot \
  -virtfs "local,path=$PWD/$run,mount_tag=share,security_model=none,id=share" || true
say "VM ran $(( $(date +%s) - start )) s"
# The waker's loop ends here: it looks for a socket qemu may have removed on
# its way out, and left running it held whatever the caller had open (a
# `flock` on the VM lock kept every later run waiting, 23 min here).
if [ -n "${waker:-}" ]; then kill "$waker" 2>/dev/null || true; wait "$waker" 2>/dev/null || true; fi

# A process that dumped its core in the guest (setup.sh: Xorg): its backtrace
# for CI's log, read with gdb against the image's own binaries and libraries.
for core in "$run"/core.*; do
  [ -f "$core" ] || continue
  say "a core dump from the guest: $core ($(du -h "$core" | cut -f1))"
  command -v gdb >/dev/null || { say "no gdb here to read it"; continue; }
  sysroot=$(mktemp -d)
  (cd "$sysroot" && cpio -idm --quiet lib lib64 'usr/lib64/*' 'usr/lib/xorg/*' 'usr/bin/*' 'usr/lib/x86_64-linux-gnu/*' <"$image/initramfs.cpio" 2>/dev/null)
  name=${core##*/core.}; name=${name%.*}
  exe=$(find "$sysroot/usr/lib/xorg" "$sysroot/usr/bin" -maxdepth 1 -type f -name "$name" 2>/dev/null | head -1)
  gdb -batch -nx -ex "set sysroot $sysroot" -ex "set debuginfod enabled off" ${exe:+-ex "file $exe"} \
    -ex "core-file $core" -ex "thread apply all bt 25" 2>&1 | grep -v '^warning: ' | head -80 >&2 || true
  rm -rf "$sysroot"
done
if [ "$script" = real-hands.sh ]; then
  [ -f "$run/real-hands-out/manifest" ] || { say "no real-hands output: the guest did not run its script"; tail -30 "$run/console.log" >&2; exit 1; }
  gate=(); [ $report_only = 1 ] && gate=(--report-only)
  # The invariance harness's classes beside the live ones, when a test run wrote them.
  variants=(); [ -f "${REAL_HANDS_VARIANTS_REPORT:-}" ] && variants=(--variants "$REAL_HANDS_VARIANTS_REPORT")
  exec python3 Tests/RealHands/score.py --run "$run" --labels "$run/real-hands/labels.json" \
    --config "$run/real-hands/real.toml" --binary "$run/bin/gesture-bridge" "${gate[@]}" "${variants[@]}"
fi
if [ "$script" = suspend.sh ]; then
  # The guest's results came on its console (guest/suspend.sh).
  tr -d '\r' <"$run/console.log" | sed -n 's/.*e2e-result: //p' >"$run/results"
  tr -d '\r' <"$run/console.log" | sed -n 's/.*e2e-exit: //p' | tail -1 >"$run/exit-status"
  [ -s "$run/exit-status" ] || rm -f "$run/results"
fi
[ -f "$run/results" ] || { say "no results: the guest did not run its script"; tail -30 "$run/console.log" >&2; exit 1; }
cat "$run/results"
status=$(cat "$run/exit-status" 2>/dev/null || echo missing)
# A failure: what the guest said around the scenarios (which try a tap got
# through at, a window manager's notes), for CI's log, where the run's
# folder is not kept.
if [ $control = 0 ] && grep -q '^FAIL' "$run/results" && [ -f "$run/guest.log" ]; then
  echo "-- what the guest said besides its results (the last 40 lines):"
  grep -v -e '^\[[0-9.]*\] PASS ' -e '^\[[0-9.]*\] FAIL ' "$run/guest.log" | tail -40 | cut -c1-300
fi
# A control run's results (FILE): what must fail without the daemon did.
control_passes() {
  local passed failed wrong drags
  passed=$(grep -c '^PASS' "$1" || true); failed=$(grep -c '^FAIL' "$1" || true)
  if [ $script = desktops.sh ]; then
    # Without the daemon only the drag no binding wants reaches the
    # application, and openbox's root menu opens at a right-click (what the
    # daemon's pass must keep).
    wrong=$(grep -v -e '^FAIL' -e '^PASS [a-z_0-9]*/touchscreen-drag-1:' -e '^PASS openbox/right-click-root-menu:' "$1" | grep -c . || true)
    drags=$(grep -c '^PASS [a-z_0-9]*/touchscreen-drag-1:' "$1" || true)
    say "control run without the daemon: $failed failed, $passed passed (want only the $drags drags and openbox's root menu to pass)"
    [ "$wrong" = 0 ] && [ "$failed" -gt 0 ] && [ "$drags" -gt 0 ]
  else
    # The control run passes when every scenario failed without the daemon.
    say "control run without the daemon: $failed failed, $passed passed (want 0 passed)"
    [ "$passed" = 0 ] && [ "$failed" -gt 0 ]
  fi
}
if [ $control = 1 ]; then
  control_passes "$run/results"
else
  passed=$(grep -c '^PASS' "$run/results" || true); failed=$(grep -c '^FAIL' "$run/results" || true)
  say "$passed passed, $failed failed (guest exit status $status)"
  ok=0; [ "$status" = 0 ] && [ "$failed" = 0 ] && [ "$passed" -gt 0 ] || ok=1
  if [ $control_too = 1 ]; then
    [ -f "$run/results-control" ] || { say "no control results: the guest did not run the control pass"; exit 1; }
    echo "-- the control pass, without the daemon:"; cat "$run/results-control"
    control_passes "$run/results-control" || ok=1
  fi
  [ $ok = 0 ]
fi
